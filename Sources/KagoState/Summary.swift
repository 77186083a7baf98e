/// An item's name and quantity as one line, the way other apps show a task (SPEC §9):
/// kago writes `牛乳 ×2`, and reads a quantity at either end (`Milk x2`, `2本 ビール`).
public enum Summary {
    /// The name followed by the quantity as kago shows it.
    public static func text(name: String, quantity: String?) -> String {
        let q = displayQuantity(quantity)
        return q.isEmpty ? name : name + " " + q
    }

    /// The name and quantity in a line another app wrote; the whole line is the name when no
    /// end of it reads as a quantity (a line that is only a quantity stays a name).
    public static func read(_ line: String) -> (name: String, quantity: String?) {
        let trimmed = String(line.trimmingWhitespace())
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\u{3000}" || $0 == "\t" })
        if words.count >= 2 {
            if let q = QuickAdd.quantity(words[words.count - 1]) {
                return (words.dropLast().joined(separator: " "), q)
            }
            if let q = QuickAdd.quantity(words[0]) {
                return (words.dropFirst().joined(separator: " "), q)
            }
        }
        if words.count == 1, case .nameWithQuantity(let name, let count) = QuickAdd.classify(words[0]) {
            return (String(name), count)
        }
        return (trimmed, nil)
    }
}
