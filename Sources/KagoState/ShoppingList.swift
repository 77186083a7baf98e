/// One named list of items, typically one per shop (SPEC §8).
public struct ShoppingList: Equatable, Sendable, Identifiable {
    public var id: Int64
    public var name: String
    /// Where it comes in the lists' order.
    public var position: Int
    public var createdAt: Timestamp
    /// Derived from its items; zero in a `ChangeSet`, which records only what is stored.
    public var counts: ItemCounts
    /// Whether it is linked to a CalDAV collection (SPEC §9); derived, like the counts.
    public var linked = false

    public init(id: Int64, name: String, position: Int, createdAt: Timestamp = 0, counts: ItemCounts = ItemCounts(),
                linked: Bool = false) {
        self.id = id
        self.linked = linked
        self.name = name
        self.position = position
        self.createdAt = createdAt
        self.counts = counts
    }

    /// The list as stored, without its counts.
    public var stored: ShoppingList {
        ShoppingList(id: id, name: name, position: position, createdAt: createdAt)
    }

    /// Why a name (already trimmed) cannot be a list's.
    public enum NameProblem: Equatable, Sendable {
        case empty, controlCharacters, tooWide
        /// Another list has it (any case or width): its name.
        case taken(String)

        /// The problem in a sentence, for the command line.
        public var message: String {
            switch self {
            case .empty: return "a list needs a name"
            case .controlCharacters: return "a list name cannot hold control characters"
            case .tooWide: return "a list name is at most \(ShoppingList.maximumWidth) columns wide"
            case .taken(let other): return "there is a list '\(other)' already"
            }
        }
    }

    /// Why a name (already trimmed) cannot be a list's, if it cannot; whether another list has
    /// it is the caller's to check.
    public static func problem(with name: String) -> NameProblem? {
        if name.isEmpty { return .empty }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return .controlCharacters }
        if DisplayWidth.of(name) > maximumWidth { return .tooWide }
        return nil
    }

    /// The longest name, in terminal cells.
    public static let maximumWidth = 40
}
