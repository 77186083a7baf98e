import KagoFormats
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
    ///   - fitting: the terminal's width, when the lines are for one: a long name is cut (`…`)
    ///     so rows fit instead of wrapping; nil (a pipe) keeps every name whole.
    static func bytes(_ items: [Item], categories: [Int64: String], prefix: String = "", fitting: Int? = nil) -> [UInt8] {
        // Built as bytes with each width measured once: 10,000 lines in a few milliseconds.
        var rows = items.map { item in
            [String(item.id),
             (item.isPurchased ? "[x] " : "[ ] ") + shown(item.name),
             shown(displayQuantity(item.quantity)),
             item.categoryID.flatMap { categories[$0] }.map { "#" + shown($0) } ?? "",
             item.date.map { "@" + $0.iso } ?? ""].map { Cell(text: $0, width: width($0)) }
        }
        var widths = (0..<5).map { c in rows.map { $0[c].width }.max() ?? 0 }
        if let fitting {
            // The name, then the category (up to 100 characters), give up room until the rows
            // fit, each keeping enough for a readable start of it; the other columns stay whole.
            let used = widths.filter { $0 > 0 }
            var excess = used.reduce(0, +) + 2 * (used.count - 1) + DisplayWidth.of(prefix) - (fitting - 1)
            for (column, narrowest) in [(1, 16), (3, 11)] where excess > 0 && widths[column] > narrowest {
                let room = max(narrowest, widths[column] - excess)
                excess -= widths[column] - room
                widths[column] = room
                for i in rows.indices where rows[i][column].width > room {
                    let text = DisplayWidth.truncated(rows[i][column].text, to: room)
                    rows[i][column] = Cell(text: text, width: DisplayWidth.of(text))
                }
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(rows.count * 64)
        for row in rows {
            out.append(utf8: prefix)
            var pending = 0
            for (c, cell) in row.enumerated() where widths[c] > 0 {
                if c > 0 { pending += 2 }
                if cell.width > 0 {
                    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: pending))
                    out.append(utf8: cell.text)
                    pending = 0
                }
                pending += widths[c] - cell.width
            }
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// The same lines as text.
    static func render(_ items: [Item], categories: [Int64: String], prefix: String = "") -> String {
        String(decoding: bytes(items, categories: categories, prefix: prefix), as: UTF8.self)
    }

    /// Category names by id, for `render`.
    static func names(_ categories: [KagoState.Category]) -> [Int64: String] {
        Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    }

    private struct Cell {
        var text: String
        var width: Int
    }

    /// Printable ASCII is safe and one cell per byte: the common case skips the scalar walks.
    private static func isPlainASCII(_ s: String) -> Bool { s.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }

    private static func shown(_ s: String) -> String { isPlainASCII(s) ? s : SafeText.sanitize(s) }

    private static func width(_ s: String) -> Int { isPlainASCII(s) ? s.utf8.count : DisplayWidth.of(s) }
}
