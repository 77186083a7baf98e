/// An item's name and quantity as one line, the way other apps show a task (SPEC §9):
/// kago writes `牛乳 ×2`, and reads a quantity at either end (`Milk x2`, `2本 ビール`).
public enum Summary {
    /// The name followed by the quantity as kago shows it; one that would not read back from
    /// that is written quoted, as quick-add takes it: `×"a~few"`.
    public static func text(name: String, quantity: String?) -> String {
        guard let quantity, !quantity.isEmpty else { return name }
        let shown = displayQuantity(quantity)
        if QuickAdd.quantity(Substring(shown)) == quantity { return name + " " + shown }
        return name + " ×\"" + quantity + "\""
    }

    /// The name and quantity in a line another app wrote; the whole line is the name when no
    /// end of it reads as a quantity (a line that is only a quantity stays a name).
    public static func read(_ line: String) -> (name: String, quantity: String?) {
        let trimmed = String(line.trimmingWhitespace())
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\u{3000}" || $0 == "\t" })
        // Only spaces and tabs part words, so a line break (say) beside the quantity would stay
        // at an end of the name, and the line kago writes for it would read back without it.
        func named(_ name: some StringProtocol, _ quantity: String) -> (name: String, quantity: String?) {
            (String(name.trimmingWhitespace()), quantity)
        }
        if words.count >= 2 {
            if let q = QuickAdd.quantity(words[words.count - 1]) {
                return named(words.dropLast().joined(separator: " "), q)
            }
            if let q = QuickAdd.quantity(words[0]) {
                return named(words.dropFirst().joined(separator: " "), q)
            }
        }
        if words.count == 1, case .nameWithQuantity(let name, let count) = QuickAdd.classify(words[0]) {
            return named(name, count)
        }
        return (trimmed, nil)
    }
}
