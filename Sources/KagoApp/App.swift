import KagoState
import KagoStore
import KagoView

/// The interactive list: wires the store, the reducer, the views and a terminal together.
///
/// One key: terminal → Keymap → `state.apply` → effects (store commits first) → render → present.
public final class App {
    private var state: AppState
    private let store: Store
    private let terminal: any TerminalBackend
    private let strings: Strings
    private let configPath: String
    private var dataVersion: Int64 = 0
    /// The last entry of the change feed this session has applied.
    private var changeSequence: Int64 = 0
    private var lastPoll = 0.0
    private let syncRunner: (any SyncRunner)?
    private var syncSchedule: SyncScheduler
    /// Whether the list's purchase history is still to be read: only the Due again group needs
    /// it, so it is read when no key is waiting, and a key typed at once is not kept waiting
    /// behind 10,000 purchases.
    private var historyPending = false

    /// How often to look for changes made by other kago processes (SPEC: shown within a second).
    public static let pollInterval = 300.0

    /// - Parameters:
    ///   - configPath: where Start and Skip record that the tutorial was seen.
    ///   - syncRunner: syncs linked lists in the background; nil: never.
    public init(state: AppState, store: Store, terminal: any TerminalBackend, strings: Strings, configPath: String,
                syncRunner: (any SyncRunner)? = nil) {
        self.syncRunner = syncRunner
        syncSchedule = SyncScheduler(interval: state.settings.sync.interval)
        self.state = state
        self.store = store
        self.terminal = terminal
        self.strings = strings
        self.configPath = configPath
    }

    /// Runs the list until the user quits: the first frame, then keys.
    public func run() throws(StoreError) {
        try start()
        try loop()
    }

    /// Draws the first frame from the first screen of the list, then reads all of it before
    /// the first key. The page scan waits for a moment without keys (see `loop`).
    private func start() throws(StoreError) {
        let size = terminal.size
        dispatch(.resize(width: size.width, height: size.height))
        // Read first, so a commit by another kago from here on shows up at the first poll
        // (one the load below sees already is applied again there, which changes nothing).
        dataVersion = try store.dataVersion()
        changeSequence = try store.changeSequence()
        // Only as many items as rows: with 100,000 items the rest would keep the screen blank
        // ten times longer, and Tab completion's names are not needed until the user types.
        let window = try store.firstScreen(sort: state.model.sort, limit: size.height)
        if let window { dispatch(.loaded(window)) } else { dispatch(.loaded(try store.load())) }
        dispatch(.tick(now: SystemClock.monotonicMilliseconds()))
        terminal.present(RootView.render(state, strings: strings))
        if window != nil { dispatch(.loaded(try store.load())) }
        historyPending = true
        dispatch(.listsLoaded(try store.lists()))
        // Opened by name (-l, the config): it becomes the list last opened, for the CLI too.
        if try store.lastUsedListID() != store.listID { markUsed() }
        // Laying out the help text (a tenth of the first frame's work) waits until it is drawn.
        resize()
        lastPoll = SystemClock.monotonicMilliseconds()
        if state.currentList?.linked == true { syncSchedule.want(at: lastPoll) }
    }

    private func loop() throws(StoreError) {
        while !state.quitting {
            dispatch(.tick(now: SystemClock.monotonicMilliseconds()))
            terminal.present(RootView.render(state, strings: strings))
            // Until the history is read and the pages are scanned, only keys already typed are waited for.
            let timeout: Int32 = historyPending || !store.isScanned ? 0 : state.isAnimating ? 16 : Int32(App.pollInterval)
            guard let first = terminal.nextKey(timeout: timeout) else {
                // A damaged page ends kago here, before anything is written; a commit asked for
                // before this point scans first itself (the store never writes unscanned).
                if historyPending { loadHistory() } else if !store.isScanned { try store.verify() } else { idle() }
                continue
            }
            // Handle everything already typed (a paste, key repeat) before drawing again.
            var burst = [first]
            while burst.count < 256, let k = terminal.nextKey(timeout: 0) { burst.append(k) }
            var i = 0
            while i < burst.count, !state.quitting {
                // Without bracketed paste, a pasted line break would submit and the next line
                // would run as list keys: text arriving with line breaks is a paste.
                if state.keyMode == .input, let paste = PasteBurst.paste(in: burst[i...]) {
                    dispatch(.paste(paste.text))
                    i += paste.count
                } else {
                    handle(burst[i])
                    i += 1
                }
            }
            if SystemClock.monotonicMilliseconds() - lastPoll >= App.pollInterval { idle() }
        }
    }

    /// Takes the terminal's size, and the help overlay's length at that width (it wraps).
    private func resize() {
        let size = terminal.size
        state.helpLineCounts = HelpOverlay.lineCounts(strings: strings, width: size.width, height: size.height)
        dispatch(.resize(width: size.width, height: size.height))
    }

    private func handle(_ key: Key) {
        switch key {
        case .resize:
            terminal.invalidate()
            resize()
        case .ctrl("z"):
            terminal.suspend()
        case .mouse(let event):
            if let action = RootView.action(for: event, in: state, strings: strings) { dispatch(action) }
        default:
            if let action = Keymap.action(for: key, in: state.keyMode) { dispatch(action) }
        }
    }

    /// Between keys: follow the calendar and pick up other processes' changes.
    private func idle() {
        lastPoll = SystemClock.monotonicMilliseconds()
        followSync(now: lastPoll)
        let clock = SystemClock.local()
        if clock != state.clock { dispatch(.clock(clock)) }
        do {
            let version = try store.dataVersion()
            if version != dataVersion {
                dataVersion = version
                // The rows changed since the last poll, not the whole list; a feed that no
                // longer reaches back that far (pruned) means reading everything.
                let feed = try store.changes(since: changeSequence)
                changeSequence = feed.sequence
                dispatch(.listsLoaded(try store.lists()))
                // The list on show was removed elsewhere: the reducer has gone to another.
                guard state.model.listID == store.listID else { return }
                if let rows = feed.rows {
                    dispatch(.changedOutside(items: rows.items, categories: rows.categories, purchases: rows.purchases))
                } else {
                    dispatch(.loaded(try store.load()))
                    historyPending = true
                }
            }
        } catch {
            dispatch(.failed(.saveFailed(error.message)))
        }
    }

    /// Reads the purchase history of the list on show into the state.
    private func loadHistory() {
        historyPending = false
        do { dispatch(.historyLoaded(try store.history())) } catch { dispatch(.failed(.saveFailed(error.message))) }
    }

    /// Reads another list into the state and remembers it as the one last opened.
    private func open(_ id: Int64) {
        store.select(list: id)
        do {
            dispatch(.loaded(try store.load()))
            historyPending = true
            dispatch(.listsLoaded(try store.lists()))
        } catch {
            dispatch(.failed(.saveFailed(error.message)))
        }
        markUsed()
        syncSchedule.reset()
        if state.currentList?.linked == true { syncSchedule.want(at: SystemClock.monotonicMilliseconds()) }
    }

    /// Starts a sync that is due, and takes in one that ended; what it changed arrives through
    /// the change feed like another process's change.
    private func followSync(now: Double) {
        guard let runner = syncRunner else { return }
        if syncSchedule.running, let ended = runner.finished() {
            syncSchedule.ended(now: now)
            dispatch(.syncFinished(failure: ended))
        }
        guard let list = state.currentList, list.linked, syncSchedule.shouldStart(now: now) else { return }
        if runner.start(list: list) {
            dispatch(.syncStarted)
        } else {
            syncSchedule.ended(now: now)
            dispatch(.syncFinished(failure: "cannot start kago sync"))
        }
    }

    /// Records the list on show as the one last opened (not possible read-only: left as it is).
    private func markUsed() {
        guard !store.isReadOnly else { return }
        do { try store.markUsed(now: SystemClock.now()) } catch { dispatch(.failed(.saveFailed(error.message))) }
    }

    /// Applies an action and carries out its effects; commits happen before the next frame is drawn.
    private func dispatch(_ action: Action) {
        var pending = state.apply(action)
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            switch effect {
            case .commit(let command, let context):
                do {
                    let changes = try store.perform(command, now: SystemClock.now())
                    pending += state.apply(.committed(changes, context))
                    if state.currentList?.linked == true {
                        syncSchedule.want(at: SystemClock.monotonicMilliseconds() + SyncScheduler.afterChange)
                    }
                    // Counts, names and order of the lists, which any change may have moved.
                    pending += state.apply(.listsLoaded(try store.lists()))
                } catch .changedElsewhere {
                    pending += state.apply(.changedElsewhere(context))
                } catch {
                    pending += state.apply(.commitFailed(.saveFailed(error.message), context))
                }
            case .saveIntroSeen:
                do {
                    try ConfigStore.saveIntroSeen(version: Tutorial.version, path: configPath)
                } catch {
                    pending += state.apply(.failed(.introNotSaved(error.message)))
                }
            case .openList(let id):
                open(id)
            case .sync:
                syncSchedule.want(at: 0)
                followSync(now: SystemClock.monotonicMilliseconds())
            case .redraw:
                terminal.invalidate()
            case .quit:
                break
            }
        }
    }
}
