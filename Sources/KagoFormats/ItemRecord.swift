import KagoState

/// One item as the export formats carry it: the category by name, dates as values.
///
/// Export fills every field it has; import needs only `name`, and leaves the rest nil (or
/// `purchased` false) when a file does not say.
public struct ItemRecord: Equatable, Sendable {
    /// The store's id; written on export, ignored on import (the store assigns new ids).
    public var id: Int64?
    public var name: String
    /// Quantity as written (`2`, `500g`).
    public var quantity: String?
    /// Category name.
    public var category: String?
    /// The planned shopping day.
    public var date: Day?
    public var note: String?
    /// Whether it has been bought.
    public var purchased: Bool
    /// When it was added.
    public var createdAt: Timestamp?
    /// When it was bought; may be nil on import even when `purchased` is true (the time is unknown).
    public var purchasedAt: Timestamp?
    /// The list it is on (SPEC §8); on import, the list it goes to (nil: the current one).
    public var list: String?

    /// Creates a record; only the name is required.
    public init(id: Int64? = nil, name: String, quantity: String? = nil, category: String? = nil, date: Day? = nil,
                note: String? = nil, purchased: Bool = false, createdAt: Timestamp? = nil, purchasedAt: Timestamp? = nil,
                list: String? = nil) {
        self.id = id
        self.name = name
        self.quantity = quantity
        self.category = category
        self.date = date
        self.note = note
        self.purchased = purchased
        self.createdAt = createdAt
        self.purchasedAt = purchasedAt
        self.list = list
    }

    /// The record of a stored item, with its category's name looked up by the caller.
    public init(_ item: Item, category: String?) {
        self.init(id: item.id, name: item.name, quantity: item.quantity, category: category, date: item.date,
                  note: item.note, purchased: item.isPurchased, createdAt: item.createdAt, purchasedAt: item.purchasedAt)
    }

    /// The fields that, with `name`, every format carries: the columns of the CSV header.
    public static let csvColumns = ["name", "quantity", "category", "date", "note", "purchased"]
    /// The columns with every list's items: `list` last.
    public static let csvColumnsWithList = csvColumns + ["list"]
}
