import KagoState

/// The `?` overlay: every key of the current screen by section, built from the keymap itself.
public enum HelpOverlay {
    /// The overlay's lines: (keys, description) pairs, or a section title when keys is nil.
    public static func lines(for screen: Screen, strings: Strings) -> [(keys: String?, text: String)] {
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
            out += merged.map { ($0.0, strings[$0.1]) }
        }
        return out
    }

    /// The box the overlay occupies.
    /// It covers the whole list area, so nothing of the list shows through beside it.
    static func frame(width: Int, height: Int) -> Rect {
        Rect(x: 0, y: 1, width: width, height: height - 2)
    }

    public static func render(_ state: AppState, strings: Strings, into buffer: inout ScreenBuffer) {
        let box = frame(width: buffer.width, height: buffer.height)
        guard box.width > 4, box.height > 3 else { return }
        buffer.fill(box, style: Style(.help))
        let all = lines(for: state.screen, strings: strings)
        let visible = state.helpViewport
        let top = min(state.helpScroll ?? 0, max(0, all.count - visible))
        buffer.write(strings[.helpTitle], x: box.x + 2, y: box.y, maxWidth: box.width - 4, style: Style(.helpTitle))
        let keyWidth = min(20, box.width / 3)
        for (n, line) in all.dropFirst(top).prefix(visible).enumerated() {
            let y = box.y + 1 + n
            if let keys = line.keys {
                buffer.write(keys, x: box.x + 2, y: y, maxWidth: keyWidth, style: Style(.helpKey))
                buffer.write(line.text, x: box.x + 3 + keyWidth, y: y, maxWidth: box.width - keyWidth - 4, style: Style(.help))
            } else {
                buffer.write(line.text, x: box.x + 2, y: y, maxWidth: box.width - 4, style: Style(.header))
            }
        }
        var footer = strings[.helpFooter]
        if all.count > visible { footer += "  \(top + 1)–\(min(all.count, top + visible))/\(all.count)" }
        buffer.write(footer, x: box.x + 2, y: box.maxY - 1, maxWidth: box.width - 4, style: Style(.dim))
    }
}
