/// How long an item's texts may be: far beyond any shopping list, short enough that one
/// imported or pasted monster cannot make every key slow or the memory balloon.
public enum ItemLimits {
    /// A text of an item, with its limit in characters.
    public enum Field: String, Equatable, Sendable {
        case name, note, category, quantity

        public var limit: Int {
            switch self {
            case .name: return 1_000
            case .note: return 10_000
            case .category: return 100
            // `2`, `500g`, `1.5 kg`: an import's quantity is free text, as long as a name otherwise.
            case .quantity: return 100
            }
        }

        /// What the CLI and the store say: `the name is longer than 1000 characters`.
        public var problem: String { "the \(rawValue) is longer than \(limit) characters" }
    }

    /// The largest file `kago import` reads.
    public static let importBytes = 64 << 20

    /// The first text of an item over its limit, if any.
    public static func overlong(name: String, note: String?, category: String?, quantity: String? = nil) -> Field? {
        if isOver(name, .name) { return .name }
        if let note, isOver(note, .note) { return .note }
        if let category, isOver(category, .category) { return .category }
        if let quantity, isOver(quantity, .quantity) { return .quantity }
        return nil
    }

    /// The first text of a draft over its limit, if any.
    public static func overlong(_ draft: ItemDraft) -> Field? {
        overlong(name: draft.name, note: draft.note, category: draft.category, quantity: draft.quantity)
    }

    /// Whether `text` has more characters than the field allows (counted no further than that).
    ///
    /// Counted in Unicode scalars, not in characters: one character can hold any number of
    /// combining marks, so `e` and 50 MB of accents would otherwise be one character.
    public static func isOver(_ text: String, _ field: Field) -> Bool {
        text.utf8.count > field.limit && text.unicodeScalars.prefix(field.limit + 1).count > field.limit
    }
}
