import KagoState

/// A heading and the items under it in a Markdown checklist.
public struct ChecklistSection: Equatable, Sendable {
    public var title: String
    public var items: [ItemRecord]

    public init(title: String, items: [ItemRecord]) {
        self.title = title
        self.items = items
    }
}

/// The Markdown of `kago export --format md`: a checklist per category (SPEC §1).
///
/// ```
/// ## Dairy
///
/// - [ ] 牛乳 ×2 @2026-03-01 -- the low-fat one
/// - [x] cheese
/// ```
/// Markdown is for reading, so all user text is sanitised (SPEC §6) and its Markdown
/// punctuation escaped; line breaks in notes become spaces. An item reads like the
/// quick-add line that would add it again.
public enum ChecklistMarkdown {
    /// The sections with at least one item, in the order given, separated by blank lines.
    /// - Parameter level: the headings' level (3 under a list's own `##` heading).
    public static func encode(_ sections: [ChecklistSection], level: Int = 2) -> String {
        var blocks: [String] = []
        for section in sections where !section.items.isEmpty {
            var block = heading(section.title, level: level)
            for item in section.items { block += line(item) + "\n" }
            blocks.append(block)
        }
        return blocks.joined(separator: "\n")
    }

    /// A heading line and the blank line after it.
    public static func heading(_ title: String, level: Int) -> String {
        String(repeating: "#", count: level) + " " + escape(title) + "\n\n"
    }

    /// `- [ ] name ×2 @2026-03-01 -- note`
    static func line(_ r: ItemRecord) -> String {
        var s = (r.purchased ? "- [x] " : "- [ ] ") + escape(r.name)
        let q = displayQuantity(r.quantity)
        if !q.isEmpty { s += " " + escape(q) }
        if let d = r.date { s += " @" + d.iso }
        if let n = r.note, !n.isEmpty { s += " -- " + escape(n) }
        return s
    }

    /// Characters that Markdown could take as emphasis, links, HTML, code, headings or tables.
    static let special: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "<", ">", "~", "|", "#", "&"]

    /// One line of plain text: breaks become spaces, controls U+FFFD, punctuation escaped.
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previousBreak = false
        for u in text.unicodeScalars {
            if u == "\n" || u == "\r" || u == "\t" {
                if !previousBreak { out.append(" ") }
                previousBreak = true
                continue
            }
            previousBreak = false
            if SafeText.isUnsafe(u) { out.append(SafeText.replacement); continue }
            if special.contains(u) { out.append("\\") }
            out.append(u)
        }
        return String(out)
    }
}
