import KagoState

/// Runs a sync of a list somewhere else than the run loop (the `kago sync` child process),
/// so no key ever waits for the network.
public protocol SyncRunner: AnyObject {
    /// Starts syncing a list; false when it cannot start.
    func start(list: ShoppingList) -> Bool
    /// Whether the sync has ended since the last call: nil while it runs (or none was started),
    /// else `.some(nil)` for success or `.some(reason)`.
    func finished() -> String??
}

/// When the TUI syncs a linked list (SPEC §9): when it is opened, a few seconds after a local
/// change, every `sync.interval` seconds, and on `S`. Times are monotonic milliseconds.
struct SyncScheduler {
    /// Seconds between syncs; 0: only on open, change and `S`.
    let interval: Int
    /// How long after a local change the sync waits, so a burst of edits makes one sync.
    static let afterChange = 3_000.0
    private(set) var due: Double?
    private(set) var running = false

    init(interval: Int) { self.interval = interval }

    /// A sync is wanted by `at` (the earlier of what was asked wins).
    mutating func want(at time: Double) { due = min(due ?? time, time) }

    /// Forgets what was asked (another list is on show).
    mutating func reset() { due = nil }

    /// Whether to start a sync now.
    mutating func shouldStart(now: Double) -> Bool {
        guard !running, let due, now >= due else { return false }
        self.due = nil
        running = true
        return true
    }

    /// The sync ended: the next one comes after the interval.
    mutating func ended(now: Double) {
        running = false
        if interval > 0 { want(at: now + Double(interval) * 1000) }
    }
}
