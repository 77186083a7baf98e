import KagoState

/// The `?` overlay: every key of the current screen by section, built from the keymap itself.
public enum HelpOverlay {
    /// The overlay's lines at a terminal width: (keys, description) pairs, or a section title
    /// when keys is nil. Long descriptions wrap onto lines with empty keys.
    public static func lines(for screen: Screen, strings: Strings, width: Int) -> [(keys: String?, text: String)] {
        let textWidth = max(1, width - keyWidth(width) - 4)
        var out: [(String?, String)] = []
        for section in Keymap.helpSections(for: screen) {
            if !out.isEmpty { out.append(("", "")) }
            out.append((nil, strings[section.title]))
            // Adjacent bindings with the same description share a line: `1 2 3  go to a screen`.
            var merged: [(String, StringKey)] = []
            for b in section.bindings {
                if let last = merged.last, last.1 == b.help {
                    merged[merged.count - 1].0 += " " + b.label
                } else {
                    merged.append((b.label, b.help))
                }
            }
            for (keys, help) in merged {
                for (n, line) in TextWrap.lines(strings[help], width: textWidth).enumerated() {
                    out.append((n == 0 ? keys : "", line))
                }
            }
        }
        return out
    }

    /// How many lines the overlay has on each screen at a terminal width, for the reducer's scrolling.
    public static func lineCounts(strings: Strings, width: Int) -> [Screen: Int] {
        Dictionary(uniqueKeysWithValues: Screen.allCases.map { ($0, lines(for: $0, strings: strings, width: width).count) })
    }

    /// The width of the keys column.
    static func keyWidth(_ width: Int) -> Int { min(20, width / 3) }

    /// The box the overlay occupies.
    /// It covers the whole list area, so nothing of the list shows through beside it.
    static func frame(width: Int, height: Int) -> Rect {
        Rect(x: 0, y: 1, width: width, height: height - 2)
    }

    public static func render(_ state: AppState, strings: Strings, into buffer: inout ScreenBuffer) {
        let box = frame(width: buffer.width, height: buffer.height)
        guard box.width > 4, box.height > 3 else { return }
        buffer.fill(box, style: Style(.help))
        let all = lines(for: state.screen, strings: strings, width: buffer.width)
        let visible = state.helpViewport
        let top = min(state.helpScroll ?? 0, max(0, all.count - visible))
        buffer.write(strings[.helpTitle], x: box.x + 2, y: box.y, maxWidth: box.width - 4, style: Style(.helpTitle))
        let keysWidth = keyWidth(box.width)
        for (n, line) in all.dropFirst(top).prefix(visible).enumerated() {
            let y = box.y + 1 + n
            if let keys = line.keys {
                buffer.write(keys, x: box.x + 2, y: y, maxWidth: keysWidth, style: Style(.helpKey))
                buffer.write(line.text, x: box.x + 3 + keysWidth, y: y, maxWidth: box.width - keysWidth - 4, style: Style(.help))
            } else {
                buffer.write(line.text, x: box.x + 2, y: y, maxWidth: box.width - 4, style: Style(.header))
            }
        }
        var footer = strings[.helpFooter]
        if all.count > visible { footer += "  \(top + 1)–\(min(all.count, top + visible))/\(all.count)" }
        buffer.write(footer, x: box.x + 2, y: box.maxY - 1, maxWidth: box.width - 4, style: Style(.dim))
    }
}
