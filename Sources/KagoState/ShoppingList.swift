/// One named list of items, typically one per shop (SPEC §8).
public struct ShoppingList: Equatable, Sendable, Identifiable {
    public var id: Int64
    public var name: String
    /// Where it comes in the lists' order.
    public var position: Int
    public var createdAt: Timestamp
    /// Derived from its items; zero in a `ChangeSet`, which records only what is stored.
    public var counts: ItemCounts

    public init(id: Int64, name: String, position: Int, createdAt: Timestamp = 0, counts: ItemCounts = ItemCounts()) {
        self.id = id
        self.name = name
        self.position = position
        self.createdAt = createdAt
        self.counts = counts
    }

    /// The list as stored, without its counts.
    public var stored: ShoppingList {
        ShoppingList(id: id, name: name, position: position, createdAt: createdAt)
    }

    /// Why a name cannot be a list's, if it cannot (display width is the caller's to check).
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "a list needs a name" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "a list name cannot hold control characters"
        }
        return nil
    }

    /// The longest name, in terminal cells.
    public static let maximumWidth = 40
}
