import KagoState
import KagoView

/// The plain one-line form of items: `ID  [ ] NAME  QTY  #CATEGORY  @DATE` (SPEC §1).
///
/// Columns are aligned by display width, so Japanese names line up; a column no item uses is
/// left out, and lines carry no trailing blanks. User text is always sanitised: these lines
/// are for reading, and JSON is the form for data.
enum ItemLines {
    /// One line per item, each ending in a newline.
    /// - Parameters:
    ///   - categories: category names by id.
    ///   - prefix: text put before every line (an indent, or a word like `deleted`).
    static func render(_ items: [Item], categories: [Int64: String], prefix: String = "") -> String {
        let rows = items.map { item in
            [String(item.id),
             (item.isPurchased ? "[x] " : "[ ] ") + SafeText.sanitize(item.name),
             SafeText.sanitize(displayQuantity(item.quantity)),
             item.categoryID.flatMap { categories[$0] }.map { "#" + SafeText.sanitize($0) } ?? "",
             item.date.map { "@" + $0.iso } ?? ""]
        }
        let columns = rows.first?.count ?? 0
        let widths = (0..<columns).map { c in rows.map { DisplayWidth.of($0[c]) }.max() ?? 0 }
        var out = ""
        for row in rows {
            var line = prefix
            var pending = 0
            for (c, cell) in row.enumerated() where widths[c] > 0 {
                if c > 0 { pending += 2 }
                if !cell.isEmpty {
                    line += String(repeating: " ", count: pending) + cell
                    pending = 0
                }
                pending += widths[c] - DisplayWidth.of(cell)
            }
            out += line + "\n"
        }
        return out
    }

    /// Category names by id, for `render`.
    static func names(_ categories: [KagoState.Category]) -> [Int64: String] {
        Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    }
}
