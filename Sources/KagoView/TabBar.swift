import KagoState

/// The first row: `To buy N │ Purchased N │ Categories N`, the active tab highlighted, and on the
/// right the sort, scope and filter in effect.
public enum TabBar {
    /// Each tab's label and the cells it spans, for drawing and clicking.
    public static func tabs(_ state: AppState, strings: Strings) -> [(screen: Screen, label: String, rect: Rect)] {
        let entries: [(Screen, StringKey, Int)] = [
            (.toBuy, .tabToBuy, state.toBuyCount), (.purchased, .tabPurchased, state.purchasedCount),
            (.categories, .tabCategories, state.categories.count),
        ]
        var x = 0
        var out: [(Screen, String, Rect)] = []
        for (screen, key, count) in entries {
            let label = " \(strings[key]) \(count) "
            let w = DisplayWidth.of(label)
            out.append((screen, label, Rect(x: x, y: 0, width: w, height: 1)))
            x += w + 1
        }
        return out
    }

    public static func render(_ state: AppState, strings: Strings, into buffer: inout ScreenBuffer) {
        var end = 0
        for (i, tab) in tabs(state, strings: strings).enumerated() {
            if i > 0 { buffer.write("│", x: tab.rect.x - 1, y: 0, style: Style(.dim)) }
            end = tab.rect.x + buffer.write(tab.label, x: tab.rect.x, y: 0,
                                            style: Style(tab.screen == state.screen ? .tabActive : .tab))
        }
        var info: [String] = []
        if !state.list.filter.isEmpty, state.input?.purpose != .filter {
            info.append(strings.format(.filterLabel, ["text": state.list.filter]))
        }
        if state.screen == .toBuy {
            switch state.scope {
            case .category(let id)?: info.append(strings.format(.scopeLabel, ["name": state.categoryName(id) ?? ""]))
            case .uncategorised?: info.append(strings.format(.scopeLabel, ["name": strings[.uncategorised]]))
            case nil: break
            }
            info.append(strings.format(.sortLabel, ["sort": strings.sortName(state.sort)]))
        }
        // Right-aligned; whatever does not fit after the tabs is left out, least important first.
        while !info.isEmpty {
            let text = info.joined(separator: "  ")
            let w = DisplayWidth.of(SafeText.sanitize(text))
            if end + 2 + w <= buffer.width - 1 {
                buffer.write(text, x: buffer.width - 1 - w, y: 0, style: Style(.dim))
                break
            }
            info.removeLast()
        }
    }
}

/// The last row: a transient message, a y/n question, or the screen's key hints.
public enum StatusLine {
    public static func render(_ state: AppState, strings: Strings, into buffer: inout ScreenBuffer) {
        let y = buffer.height - 1
        if case .clearPurchased(let n)? = state.confirmation {
            let keys = " y/n"
            let used = buffer.write(strings.format(.confirmClear, ["count": String(n)]), x: 1, y: y,
                                    maxWidth: buffer.width - 2 - keys.count, style: Style(.warning))
            buffer.write(keys, x: 1 + used, y: y, style: Style(.warning))
            return
        }
        if let m = state.message?.message {
            renderMessage(m, y: y, strings: strings, into: &buffer)
            return
        }
        var x = 1
        for b in Keymap.hints(for: state.keyMode) {
            let key = b.keys[0].label
            let text = strings[b.hint!]
            let w = DisplayWidth.of(key) + 1 + DisplayWidth.of(text)
            guard x + w <= buffer.width - 1 else { break }
            buffer.write(key, x: x, y: y, style: Style(.hintKey))
            buffer.write(text, x: x + DisplayWidth.of(key) + 1, y: y, style: Style(.statusBar))
            x += w + 2
        }
    }

    /// Draws a message on a row, with the undo hint when it applies.
    static func renderMessage(_ m: StatusMessage, y: Int, strings: Strings, into buffer: inout ScreenBuffer) {
        let hint = m.offersUndo ? strings[.undoHint] : ""
        let hintWidth = hint.isEmpty ? 0 : DisplayWidth.of(hint) + 2
        let used = buffer.write(strings.message(m), x: 1, y: y, maxWidth: buffer.width - 2 - hintWidth,
                                style: Style(m.isError ? .error : .message))
        if !hint.isEmpty { buffer.write(hint, x: 1 + used + 2, y: y, style: Style(.hintKey)) }
    }
}

/// The input line at the bottom (add, edit, filter, category names), with the hint row above it.
public enum InputLine {
    /// The prompt for what the line is for.
    static func prompt(_ purpose: InputPurpose, strings: Strings) -> String {
        switch purpose {
        case .add: return strings[.promptAdd]
        case .edit: return strings[.promptEdit]
        case .filter: return strings[.promptFilter]
        case .newCategory: return strings[.promptNewCategory]
        case .renameCategory: return strings[.promptRename]
        }
    }

    /// Draws the line and returns where the terminal cursor belongs.
    @discardableResult
    public static func render(_ state: AppState, strings: Strings, into buffer: inout ScreenBuffer) -> (x: Int, y: Int)? {
        guard let input = state.input else { return nil }
        let y = buffer.height - 1
        if buffer.height >= 3 {
            if let m = state.message?.message {
                buffer.fill(Rect(x: 0, y: y - 1, width: buffer.width, height: 1))
                StatusLine.renderMessage(m, y: y - 1, strings: strings, into: &buffer)
            } else if input.purpose != .filter {
                buffer.write(strings[.inputHint], x: 1, y: y - 1, maxWidth: buffer.width - 2, style: Style(.dim))
            }
        }
        let prompt = prompt(input.purpose, strings: strings)
        let px = buffer.write(prompt, x: 0, y: y, style: Style(.hintKey))
        let room = max(1, buffer.width - px - 1)
        // Scroll the text horizontally so the cursor stays visible.
        let chars = input.editor.chars
        // Measured as drawn: each control scalar in a character shows as its own replacement cell.
        let widths = chars.map { Glyphs.of(String($0)).totalWidth }
        let cursorCells = widths[0..<input.editor.cursor].reduce(0, +)
        var first = 0
        var skipped = 0
        while cursorCells - skipped > room - 1 && first < chars.count {
            skipped += widths[first]
            first += 1
        }
        var x = px
        for i in first..<chars.count {
            guard x + widths[i] <= buffer.width else { break }
            x += buffer.write(String(chars[i]), x: x, y: y, style: Style(.input))
        }
        return (min(buffer.width - 1, px + cursorCells - skipped), y)
    }
}
