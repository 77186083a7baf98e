/// One list's purchases grouped by name (folded as categories are matched): what Due again and
/// completion by habit read (SPEC §10). Built once when the list is read, then kept up to date
/// purchase by purchase.
public struct PurchaseHistory: Equatable, Sendable {
    /// Each name's habit, by `matchKey`.
    public private(set) var habits: [String: Habit] = [:]
    /// The name each purchase is filed under, to find it again when it changes or goes.
    private var keys: [Int64: String] = [:]

    public init() {}

    /// The history of these purchases, in any order.
    public init(_ purchases: some Sequence<Purchase>) {
        var run: [Purchase] = []
        for p in purchases {
            if let key = run.first?.key, key != p.key {
                add(run)
                run.removeAll(keepingCapacity: true)
            }
            run.append(p)
        }
        add(run)
    }

    /// Adds purchases of one name (read grouped by name, a name is looked up once, not once
    /// per purchase).
    public mutating func add(_ run: [Purchase]) {
        guard let key = run.first?.key else { return }
        for p in run { keys[p.id] = key }
        habits[key, default: Habit()].insert(run)
    }

    /// Takes purchases as they are now, by id (nil: forgotten, or moved to another list).
    public mutating func update(_ rows: [Int64: Purchase?]) {
        for (id, row) in rows {
            if let key = keys.removeValue(forKey: id) {
                habits[key]?.remove(id)
                if habits[key]?.entries.isEmpty == true { habits[key] = nil }
            }
            if let p = row {
                keys[id] = p.key
                habits[p.key, default: Habit()].insert([p])
            }
        }
    }

    /// Names ordered for Tab completion by habit (SPEC §10): bought most often and most recently
    /// first, names never bought after them in the order given (most recently used).
    public func byHabit(_ names: [String], today: Day) -> [String] {
        let scores = names.map { habits[$0.matchKey]?.habit(today: today) ?? 0 }
        return names.indices.sorted { (scores[$1], $0) < (scores[$0], $1) }.map { names[$0] }
    }

    /// The purchases a change set recorded, forgot, hid or moved, as they are after it.
    public mutating func apply(_ changes: [RowChange<Purchase>]) {
        guard !changes.isEmpty else { return }
        update(Dictionary(changes.map { ($0.id, $0.after) }, uniquingKeysWith: { _, last in last }))
    }
}

/// How one name has been bought: when, and the rhythm that keeps.
///
/// Compact, as a list holds every name's: a purchase is its time, day and id, with what it was
/// called, how much and which category kept once per distinct combination.
public struct Habit: Equatable, Sendable {
    /// One purchase.
    public struct Entry: Equatable, Sendable {
        public var id: Int64
        public var time: Timestamp
        public var day: Day
        /// Index into `details`.
        var detail: Int
        public var hidden: Bool
    }

    /// What a purchase was: the name as written, the quantity and the category.
    public struct Details: Equatable, Sendable {
        public var name: String
        public var quantity: String?
        public var category: String?
    }

    /// Oldest first (by time, then id).
    public private(set) var entries: [Entry] = []
    private var details: [Details] = []
    /// The distinct local days it was bought on, ascending: two purchases on one day are one
    /// shopping trip, not a rhythm of zero days.
    public private(set) var days: [Day] = []
    /// The median gap in days between those days; nil until it was bought on
    /// `DueAgain.minimumDays` days.
    public private(set) var interval: Int?

    /// The name, quantity and category of the latest purchase.
    public var last: Details? { entries.last.map { details[$0.detail] } }

    /// How strong the habit is on `today`: each day it was bought on counts, the more the
    /// more recent (a month ago half as much as today), so ten times last month outweigh once
    /// a year ago.
    func habit(today: Day) -> Double {
        days.reduce(0) { $0 + 30 / Double(30 + max(0, today.ordinal - $1.ordinal)) }
    }

    mutating func insert(_ new: [Purchase]) {
        for p in new {
            let d = Details(name: p.name, quantity: p.quantity, category: p.category)
            // Usually the same as a purchase before: kept once.
            let index = details.lastIndex(of: d) ?? { details.append(d); return details.count - 1 }()
            entries.append(Entry(id: p.id, time: p.purchasedAt, day: p.day, detail: index, hidden: p.hidden))
        }
        // Usually in order already (read oldest first, or a new purchase): a linear pass then.
        entries.sort { ($0.time, $0.id) < ($1.time, $1.id) }
        recount()
    }

    mutating func remove(_ id: Int64) {
        entries.removeAll { $0.id == id }
        recount()
    }

    private mutating func recount() {
        // A zone change can put a later purchase on an earlier local day: sorted by day again.
        var ordinals = entries.map(\.day.ordinal)
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
