/// A name due to be bought again (SPEC §10), with what its last purchase was.
public struct DueItem: Equatable, Hashable, Sendable {
    /// The name folded (`matchKey`).
    public var key: String
    /// The name, quantity and category of its last purchase: what adding it writes.
    public var name: String
    public var quantity: String?
    public var category: String?
    /// Its usual interval: the median gap between the days it was bought on.
    public var intervalDays: Int
    /// Whole local days since its last purchase.
    public var daysSince: Int
    public var lastPurchased: Timestamp

    public init(key: String, name: String, quantity: String? = nil, category: String? = nil, intervalDays: Int, daysSince: Int,
                lastPurchased: Timestamp) {
        self.key = key
        self.name = name
        self.quantity = quantity
        self.category = category
        self.intervalDays = intervalDays
        self.daysSince = daysSince
        self.lastPurchased = lastPurchased
    }

    /// Days past its usual interval (0 on the day it is due).
    public var overdue: Int { daysSince - intervalDays }

    /// The item adding it makes: its last purchase's name, quantity and category.
    public var draft: ItemDraft { ItemDraft(name: name, quantity: quantity, category: category) }
}

/// Which names are due again: bought on at least three days, their usual interval passed since
/// the last purchase, not hidden since then, and not on To buy. Days are the local days the
/// purchases were recorded on; `today` comes from the same clock.
public enum DueAgain {
    /// The fewest days a name must have been bought on to have a rhythm.
    public static let minimumDays = 3

    /// The names due on `today`, most overdue first (then by name).
    /// - Parameter onToBuy: whether a name (by `matchKey`) is on the list's To buy already.
    public static func items(_ history: PurchaseHistory, today: Day, onToBuy: (String) -> Bool) -> [DueItem] {
        history.habits.compactMap { key, habit in
            guard let due = item(habit, key: key, today: today), !onToBuy(key) else { return nil }
            return due
        }.sorted(by: precedes)
    }

    /// Whether `a` comes before `b`: more overdue, then by name.
    public static func precedes(_ a: DueItem, _ b: DueItem) -> Bool { (b.overdue, a.key) < (a.overdue, b.key) }

    /// A habit's entry when it is due on `today`.
    public static func item(_ habit: Habit, key: String, today: Day) -> DueItem? {
        guard let interval = habit.interval, let entry = habit.entries.last, !entry.hidden, let last = habit.last,
              let lastDay = habit.lastDay else { return nil }
        let since = today.ordinal - lastDay.ordinal
        guard since >= interval else { return nil }
        return DueItem(key: key, name: last.name, quantity: last.quantity, category: last.category,
                       intervalDays: interval, daysSince: since, lastPurchased: entry.time)
    }
}
