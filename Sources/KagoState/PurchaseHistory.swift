/// One list's purchases grouped by name (folded as categories are matched): what Due again and
/// completion by habit read (SPEC §10). Built once when the list is read, then kept up to date
/// purchase by purchase.
public struct PurchaseHistory: Equatable, Sendable {
    /// Each name's habit, by `matchKey`.
    public private(set) var habits: [String: Habit] = [:]
    /// The highest purchase id held. Ids are never reused, so a purchase above it is new and
    /// nothing has to be looked up to add it (a check, the common change).
    private var newestID: Int64 = 0

    public init() {}

    /// The history of these purchases, in any order.
    public init(_ purchases: some Sequence<Purchase>) {
        self.init { take in purchases.forEach(take) }
    }

    /// A history built from purchases as they are read, in any order, without holding them
    /// first: each name's rhythm is worked out once, at the end.
    /// - Parameter read: calls its argument with each purchase.
    public init(reading read: ((Purchase) -> Void) throws -> Void) rethrows {
        var found: [String: Habit] = [:], newest: Int64 = 0
        try read { p in
            found[p.key, default: Habit()].append(p)
            newest = max(newest, p.id)
        }
        for key in found.keys { found[key]!.settle() }
        habits = found
        newestID = newest
    }

    /// Takes changed purchases: each one's old state goes (found under its name when the
    /// change knows it, else looked for), its new state comes in (nil: forgotten, or moved to
    /// another list). Another process's changes arrive with the new state only.
    /// - Returns: the names whose habits changed.
    @discardableResult
    public mutating func apply(_ changes: [RowChange<Purchase>]) -> Set<String> {
        var touched = Set<String>()
        for c in changes {
            if let key = c.before?.key ?? (c.id <= newestID ? habits.first(where: { $0.value.holds(c.id) })?.key : nil) {
                remove(c.id, from: key)
                touched.insert(key)
            }
            if let p = c.after {
                habits[p.key, default: Habit()].insert(p)
                newestID = max(newestID, p.id)
                touched.insert(p.key)
            }
        }
        return touched
    }

    private mutating func remove(_ id: Int64, from key: String) {
        habits[key]?.remove(id)
        if habits[key]?.entries.isEmpty == true { habits[key] = nil }
    }

    /// Names ordered for Tab completion by habit (SPEC §10): bought most often and most recently
    /// first, names never bought after them in the order given (most recently used).
    public func byHabit(_ names: [String], today: Day) -> [String] {
        let scores = names.map { habits[$0.matchKey]?.strength(today: today) ?? 0 }
        return names.indices.sorted { (scores[$1], $0) < (scores[$0], $1) }.map { names[$0] }
    }
}

/// How one name has been bought: when, and the rhythm that keeps.
///
/// Compact, as a list holds every name's: a purchase is its time, day and id (24 bytes), with
/// what it was called, how much and which category kept once per distinct combination.
public struct Habit: Equatable, Sendable {
    /// One purchase.
    public struct Entry: Equatable, Sendable {
        public var id: Int64
        public var time: Timestamp
        private var ordinal: Int32
        /// Index into `details`.
        var detail: Int32
        public var hidden: Bool

        /// The local day it was bought on.
        public var day: Day { Day(ordinal: Int(ordinal)) }

        init(_ p: Purchase, detail: Int) {
            id = p.id
            time = p.purchasedAt
            ordinal = Int32(clamping: p.day.ordinal)
            self.detail = Int32(detail)
            hidden = p.hidden
        }
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
    /// How many distinct local days it was bought on: two purchases on one day are one
    /// shopping trip, not a rhythm of zero days.
    public private(set) var dayCount = 0
    /// The latest of those days.
    public private(set) var lastDay: Day?
    /// The median gap in days between those days; nil until it was bought on
    /// `DueAgain.minimumDays` days.
    public private(set) var interval: Int?

    /// The name, quantity and category of the latest purchase.
    public var last: Details? { entries.last.map { details[Int($0.detail)] } }

    func holds(_ id: Int64) -> Bool { entries.contains { $0.id == id } }

    mutating func insert(_ p: Purchase) {
        append(p)
        settle()
    }

    /// Adds a purchase at the end; `settle` puts the entries in order and counts again.
    mutating func append(_ p: Purchase) {
        let d = Details(name: p.name, quantity: p.quantity, category: p.category)
        // Usually the same as the purchase before: kept once (compared with that one only, so a
        // name bought in many quantities costs no more to read).
        if details.last != d { details.append(d) }
        entries.append(Entry(p, detail: details.count - 1))
    }

    mutating func settle() {
        // Usually in order already (read oldest first, or a new purchase): a linear pass then.
        entries.sort { ($0.time, $0.id) < ($1.time, $1.id) }
        recount()
    }

    mutating func remove(_ id: Int64) {
        entries.removeAll { $0.id == id }
        recount()
    }

    /// The distinct local days it was bought on, ascending.
    public var days: [Day] { dayOrdinals.map { Day(ordinal: $0) } }

    /// The distinct days' ordinals, ascending (a zone change can put a later purchase on an
    /// earlier local day, so sorted by day again).
    private var dayOrdinals: [Int] {
        var ordinals = entries.map(\.day.ordinal)
        ordinals.sort()
        var distinct: [Int] = []
        for d in ordinals where distinct.last != d { distinct.append(d) }
        return distinct
    }

    private mutating func recount() {
        let days = dayOrdinals
        dayCount = days.count
        lastDay = days.last.map { Day(ordinal: $0) }
        guard days.count >= DueAgain.minimumDays else { interval = nil; return }
        var gaps = zip(days, days.dropFirst()).map { $1 - $0 }
        gaps.sort()
        let n = gaps.count
        // Between two middle gaps, the half day goes up: 6 and 7 days make a week.
        interval = n % 2 == 1 ? gaps[n / 2] : (gaps[n / 2 - 1] + gaps[n / 2] + 1) / 2
    }

    /// How strong the habit is on `today`: each day it was bought on counts, the more the
    /// more recent (a month ago half as much as today), so ten times last month outweigh once
    /// a year ago.
    func strength(today: Day) -> Double {
        dayOrdinals.reduce(0) { $0 + 30 / Double(30 + max(0, today.ordinal - $1)) }
    }
}
