/// One purchase remembered for the Due again group and completion by habit (SPEC §10): what
/// was bought, in which list and when, as it was at that moment. Kept when the item is deleted
/// or cleared; gone when the check that made it is undone, or unchecked in the same session.
public struct Purchase: Equatable, Hashable, Sendable, Identifiable {
    public var id: Int64
    public var listID: Int64
    /// The item whose check made it; nil once nothing ties it to one (a file's history).
    public var itemID: Int64?
    /// The name folded as categories are matched (`matchKey`): purchases of one thing group by it.
    public var key: String
    public var name: String
    public var quantity: String?
    /// The category's name at the time.
    public var category: String?
    public var purchasedAt: Timestamp
    /// The local calendar day it was bought on, fixed when it was recorded (daylight saving
    /// time included): habits are counted in the days the user lived, not in UTC.
    public var day: Day
    /// Hidden from Due again (`d`): set on the last purchase, so the next one shows it again.
    public var hidden: Bool

    /// - Parameter key: the folded name when the caller has it (the store keeps it); else folded here.
    public init(id: Int64, listID: Int64, itemID: Int64?, key: String? = nil, name: String, quantity: String? = nil,
                category: String? = nil, purchasedAt: Timestamp, day: Day, hidden: Bool = false) {
        self.id = id
        self.listID = listID
        self.itemID = itemID
        self.key = key ?? name.matchKey
        self.name = name
        self.quantity = quantity
        self.category = category
        self.purchasedAt = purchasedAt
        self.day = day
        self.hidden = hidden
    }
}
