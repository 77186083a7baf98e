import KagoState

/// The `?` overlay: every key of the current screen by section, built from the keymap itself.
///
/// The sections flow down columns side by side when the width allows, so that at 80×24 and
/// larger every key fits on one page (SPEC §4); otherwise one column scrolls.
public enum HelpOverlay {
    /// One line of the overlay: keys and description, a section title (`keys` nil), or a blank.
    public struct Line: Equatable, Sendable {
        public var keys: String?
        public var text: String
    }

    /// The overlay laid out for a terminal size.
    public struct Layout: Equatable, Sendable {
        public var columns: [[Line]]
        public var keyWidth: Int
        public var columnWidth: Int
        /// Whether it is one column longer than the box (then it scrolls).
        public var scrolls: Bool

        /// Lines to scroll through: the single column's, or none when everything shows.
        public var scrollLines: Int { scrolls ? columns[0].count : 0 }
    }

    /// A column narrower than this wraps too much to be worth it.
    static let minimumColumnWidth = 34

    /// The overlay's lines in one column at a terminal width: (keys, description) pairs, or a
    /// section title when keys is nil. Long keys and descriptions wrap onto further lines.
    public static func lines(for topic: HelpTopic, strings: Strings, width: Int) -> [Line] {
        let inner = max(1, frame(width: width, height: 3).width - 4)
        return lines(sections(for: topic, strings: strings), columnWidth: inner).lines
    }

    /// How the overlay of a topic is laid out in a terminal of this size.
    public static func layout(for topic: HelpTopic, strings: Strings, width: Int, height: Int) -> Layout {
        let inner = max(1, frame(width: width, height: height).width - 4)
        let visible = viewport(height: height)
        let sections = sections(for: topic, strings: strings)
        for count in stride(from: max(1, (inner + 2) / (minimumColumnWidth + 2)), through: 1, by: -1) {
            let columnWidth = (inner - 2 * (count - 1)) / count
            // Blank lines between sections, when there is room for them.
            for spaced in [true, false] {
                let (all, keyWidth) = lines(sections, columnWidth: columnWidth, spaced: spaced)
                // The shortest columns that hold everything: balanced, not one full and one short.
                let shortest = (all.count + count - 1) / count
                for height in stride(from: min(shortest, visible), through: visible, by: 1) {
                    let columns = flow(all, height: height)
                    if columns.count <= count {
                        return Layout(columns: columns, keyWidth: keyWidth, columnWidth: columnWidth, scrolls: false)
                    }
                }
            }
        }
        let (all, keyWidth) = lines(sections, columnWidth: inner)
        return Layout(columns: [all], keyWidth: keyWidth, columnWidth: inner, scrolls: true)
    }

    /// How many lines the overlay scrolls through for each topic at a terminal size, for the
    /// reducer (0 where everything shows at once).
    public static func lineCounts(strings: Strings, width: Int, height: Int) -> [HelpTopic: Int] {
        Dictionary(uniqueKeysWithValues: HelpTopic.all.map {
            ($0, layout(for: $0, strings: strings, width: width, height: height).scrollLines)
        })
    }

    /// The sections of a screen: titles and their rows, each row's keys one label per binding.
    /// Adjacent bindings with the same description share a row: `1 2 3  go to a screen`.
    /// A binding already listed in an earlier section (Ctrl-L everywhere) is not listed again.
    static func sections(for topic: HelpTopic, strings: Strings) -> [(title: String, rows: [(keys: [String], text: String)])] {
        var listed = Set<String>()
        return Keymap.helpSections(for: topic).map { section in
            var rows: [(keys: [String], text: String)] = []
            var last: StringKey?
            for b in section.bindings where listed.insert("\(b.keys) \(b.help)").inserted {
                if last == b.help {
                    rows[rows.count - 1].keys.append(b.label)
                } else {
                    rows.append(([b.label], strings[b.help]))
                }
                last = b.help
            }
            return (strings[section.title], rows)
        }
    }

    /// Cells a description keeps beside the keys: the longest English ones fit on one line.
    static let minimumTextWidth = 24

    /// The sections as lines of a column: the keys column as wide as its longest entry while
    /// the descriptions keep `minimumTextWidth` (never narrower than its longest single key),
    /// keys and descriptions wrapped to their columns.
    static func lines(_ sections: [(title: String, rows: [(keys: [String], text: String)])],
                      columnWidth: Int, spaced: Bool = true) -> (lines: [Line], keyWidth: Int) {
        let rows = sections.flatMap(\.rows)
        let longest = rows.map { DisplayWidth.of($0.keys.joined(separator: " ")) }.max() ?? 0
        let longestKey = rows.flatMap { $0.keys.flatMap { $0.split(separator: " ") } }.map { DisplayWidth.of($0) }.max() ?? 0
        let keyWidth = max(1, min(longest, max(longestKey, columnWidth - 1 - minimumTextWidth), columnWidth / 2))
        let textWidth = max(1, columnWidth - keyWidth - 1)
        var out: [Line] = []
        for section in sections {
            if spaced && !out.isEmpty { out.append(Line(keys: "", text: "")) }
            out.append(Line(keys: nil, text: section.title))
            for row in section.rows {
                let keys = wrapKeys(row.keys, width: keyWidth)
                let text = TextWrap.lines(row.text, width: textWidth)
                for n in 0..<max(keys.count, text.count) {
                    out.append(Line(keys: n < keys.count ? keys[n] : "", text: n < text.count ? text[n] : ""))
                }
            }
        }
        return (out, keyWidth)
    }

    /// Keys on lines of `width`, breaking between bindings first (`Home Ctrl-A` stays together)
    /// and inside a binding's label only when it is wider than the line.
    static func wrapKeys(_ labels: [String], width: Int) -> [String] {
        var out: [String] = []
        for label in labels {
            if let last = out.last, DisplayWidth.of(last) + 1 + DisplayWidth.of(label) <= width {
                out[out.count - 1] = last + " " + label
            } else {
                out += TextWrap.lines(label, width: width)
            }
        }
        return out
    }

    /// Pours lines into columns of `height`: no column starts with a blank line or ends with a
    /// section title.
    static func flow(_ lines: [Line], height: Int) -> [[Line]] {
        var columns: [[Line]] = [[]]
        for line in lines {
            if columns[columns.count - 1].count == height {
                var carried: [Line] = []
                if columns[columns.count - 1].last?.keys == nil, columns[columns.count - 1].count > 1 {
                    carried.append(columns[columns.count - 1].removeLast())
                }
                columns.append(carried)
            }
            if columns[columns.count - 1].isEmpty, line.keys == "", line.text.isEmpty { continue }
            columns[columns.count - 1].append(line)
        }
        return columns
    }

    /// Lines the overlay shows at once (its box, less the title and footer rows).
    static func viewport(height: Int) -> Int { AppState.helpViewport(height: height) }

    /// The box the overlay occupies: everything below the tab bar, its footer on the status
    /// line's row, so nothing of the list shows through and no row is wasted.
    static func frame(width: Int, height: Int) -> Rect {
        Rect(x: 0, y: 1, width: width, height: height - 1)
    }

    public static func render(_ state: AppState, strings: Strings, into buffer: inout ScreenBuffer) {
        let box = frame(width: buffer.width, height: buffer.height)
        guard box.width > 4, box.height > 3 else { return }
        buffer.fill(box, style: Style(.help))
        let layout = layout(for: state.helpTopic, strings: strings, width: buffer.width, height: buffer.height)
        let visible = state.helpViewport
        let top = layout.scrolls ? min(state.helpScroll ?? 0, max(0, layout.columns[0].count - visible)) : 0
        buffer.write(strings[.helpTitle], x: box.x + 2, y: box.y, maxWidth: box.width - 4, style: Style(.helpTitle))
        for (c, column) in layout.columns.enumerated() {
            let x = box.x + 2 + c * (layout.columnWidth + 2)
            for (n, line) in column.dropFirst(top).prefix(visible).enumerated() {
                let y = box.y + 1 + n
                if let keys = line.keys {
                    buffer.write(keys, x: x, y: y, maxWidth: layout.keyWidth, style: Style(.helpKey))
                    buffer.write(line.text, x: x + layout.keyWidth + 1, y: y,
                                 maxWidth: layout.columnWidth - layout.keyWidth - 1, style: Style(.help))
                } else {
                    buffer.write(line.text, x: x, y: y, maxWidth: layout.columnWidth, style: Style(.header))
                }
            }
        }
        // Where the page is comes first: the hints give way to it on a narrow screen.
        var room = box.width - 4
        if layout.scrolls {
            let count = layout.columns[0].count
            let position = "\(top + 1)–\(min(count, top + visible))/\(count)"
            let width = min(room, DisplayWidth.of(position))
            buffer.write(position, x: box.maxX - 2 - width, y: box.maxY - 1, maxWidth: width, style: Style(.dim))
            room -= width + 2
        }
        // Within the tutorial there is no tutorial to replay with `t`.
        let footer: StringKey = state.intro != nil ? (layout.scrolls ? .helpFooterTutorial : .helpFooterTutorialWhole)
            : (layout.scrolls ? .helpFooter : .helpFooterWhole)
        buffer.write(strings[footer], x: box.x + 2, y: box.maxY - 1,
                     maxWidth: max(0, room), style: Style(.dim))
    }
}
