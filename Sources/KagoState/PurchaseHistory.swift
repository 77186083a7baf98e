/// One list's purchases grouped by name (folded as categories are matched): what Due again and
/// completion by habit read (SPEC §10). Built once when the list is read, then kept up to date
/// purchase by purchase.
public struct PurchaseHistory: Equatable, Sendable {
    /// Each name's habit, by `matchKey`.
    public private(set) var habits: [String: Habit] = [:]
    /// The name each purchase is filed under, to find it again when it changes or goes.
    private var keys: [Int64: String] = [:]

    public init() {}

    /// The history of these purchases, in any order (read grouped by name, it is grouped in one
    /// pass without looking each purchase's name up).
    public init(_ purchases: some Sequence<Purchase>) {
        var run: [Purchase] = []
        func flush() {
            guard let key = run.first?.key else { return }
            habits[key, default: Habit()].insert(run)
            run.removeAll(keepingCapacity: true)
        }
        for p in purchases {
            if let key = run.first?.key, key != p.key { flush() }
            run.append(p)
            keys[p.id] = p.key
        }
        flush()
    }

    /// Takes purchases as they are now, by id (nil: forgotten, or moved to another list).
    public mutating func update(_ rows: [Int64: Purchase?]) {
        for (id, row) in rows {
            if let key = keys.removeValue(forKey: id) {
                habits[key]?.remove(id)
                if habits[key]?.purchases.isEmpty == true { habits[key] = nil }
            }
            if let p = row {
                keys[id] = p.key
                habits[p.key, default: Habit()].insert([p])
            }
        }
    }

    /// The purchases a change set recorded, forgot, hid or moved, as they are after it.
    public mutating func apply(_ changes: [RowChange<Purchase>]) {
        guard !changes.isEmpty else { return }
        update(Dictionary(changes.map { ($0.id, $0.after) }, uniquingKeysWith: { _, last in last }))
    }
}

/// How one name has been bought: its purchases and the rhythm they keep.
public struct Habit: Equatable, Sendable {
    /// Oldest first (by time, then id).
    public private(set) var purchases: [Purchase] = []
    /// The distinct local days it was bought on, ascending: two purchases on one day are one
    /// shopping trip, not a rhythm of zero days.
    public private(set) var days: [Day] = []
    /// The median gap in days between those days; nil until it was bought on
    /// `DueAgain.minimumDays` days.
    public private(set) var interval: Int?

    /// The latest purchase: what it was called, how much and which category, last time.
    public var last: Purchase? { purchases.last }

    mutating func insert(_ new: [Purchase]) {
        purchases += new
        // Usually in order already (read oldest first, or a new purchase): a linear pass then.
        purchases.sort(by: Self.precedes)
        recount()
    }

    mutating func remove(_ id: Int64) {
        purchases.removeAll { $0.id == id }
        recount()
    }

    static func precedes(_ a: Purchase, _ b: Purchase) -> Bool { (a.purchasedAt, a.id) < (b.purchasedAt, b.id) }

    private mutating func recount() {
        // A zone change can put a later purchase on an earlier local day: sorted by day again.
        var ordinals = purchases.map(\.day.ordinal)
        ordinals.sort()
        days = []
        for d in ordinals where days.last?.ordinal != d { days.append(Day(ordinal: d)) }
        guard days.count >= DueAgain.minimumDays else { interval = nil; return }
        var gaps = zip(days, days.dropFirst()).map { $1.ordinal - $0.ordinal }
        gaps.sort()
        let n = gaps.count
        // Between two middle gaps, the half day goes up: 6 and 7 days make a week.
        interval = n % 2 == 1 ? gaps[n / 2] : (gaps[n / 2 - 1] + gaps[n / 2] + 1) / 2
    }
}
