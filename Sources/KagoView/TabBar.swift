import KagoState

/// The first row: `To buy N │ Purchased N │ Categories N`, the active tab highlighted, and on the
/// right the sort, scope and filter in effect.
public enum TabBar {
    /// Each tab's label and the cells it spans, for drawing and clicking.
    public static func tabs(_ state: AppState, strings: Strings) -> [(screen: Screen, label: String, rect: Rect)] {
        layout(state, strings: strings).tabs
    }

    /// With more than one list, the current one's name before the tabs (` Shopping ▸`).
    static func listLabel(_ state: AppState, strings: Strings) -> String? {
        layout(state, strings: strings).list
    }

    /// The list name and the tabs as they fit the width: at narrow widths the names are cut
    /// (the list's first, down to a few cells, then the tabs'), never the counts.
    static func layout(_ state: AppState, strings: Strings) -> (list: String?, tabs: [(screen: Screen, label: String, rect: Rect)]) {
        let entries: [(Screen, String, String)] = [
            (.toBuy, strings[.tabToBuy], String(state.model.toBuyCount)),
            (.purchased, strings[.tabPurchased], String(state.model.purchasedCount)),
            (.categories, strings[.tabCategories], String(state.model.categories.count)),
        ]
        let name = state.lists.count > 1 ? state.currentList.map { SafeText.sanitize($0.name) } : nil
        // Each tab is ` NAME COUNT ` and a separator; the list label is ` NAME ▸`.
        let fixed = entries.reduce(0) { $0 + 4 + DisplayWidth.of($1.2) } - 1 + (name == nil ? 0 : 3)
        var room = state.width - fixed
        let nameWidth = name.map { DisplayWidth.of($0) } ?? 0
        var tabWidths = entries.map { DisplayWidth.of($0.1) }
        room -= min(nameWidth, max(room - tabWidths.reduce(0, +), min(nameWidth, 4)))
        // The tabs' names share what is left, none below a wide character and `…`: the other tabs' first
        // (the longest first), To buy and the tab on show only when they must.
        let kept = Set([Screen.toBuy, state.screen])
        func widest(_ candidates: [Int]) -> Int? {
            candidates.filter { tabWidths[$0] > 3 }.max { tabWidths[$0] < tabWidths[$1] }
        }
        while tabWidths.reduce(0, +) > room,
              let cut = widest(entries.indices.filter { !kept.contains(entries[$0].0) }) ?? widest(Array(entries.indices)) {
            tabWidths[cut] -= 1
        }
        let labels = entries.indices.map { DisplayWidth.truncated(entries[$0].1, to: tabWidths[$0]) }
        // What the cut tab names left (a wide character cut leaves a cell) goes to the list's.
        let listWidth = max(1, min(nameWidth, state.width - fixed - labels.reduce(0) { $0 + DisplayWidth.of($1) }))
        let list = name.map { " " + DisplayWidth.truncated($0, to: listWidth) + " ▸" }
        var x = list.map { DisplayWidth.of($0) } ?? 0
        var out: [(Screen, String, Rect)] = []
        for (i, (screen, _, count)) in entries.enumerated() {
            let text = " \(labels[i]) \(count) "
            let w = DisplayWidth.of(text)
            out.append((screen, text, Rect(x: x, y: 0, width: w, height: 1)))
            x += w + 1
        }
        return (list, out)
    }

    public static func render(_ state: AppState, strings: Strings, into buffer: inout ScreenBuffer) {
        let (label, tabs) = layout(state, strings: strings)
        if let label { buffer.write(label, x: 0, y: 0, style: Style(.header)) }
        var end = 0
        for (i, tab) in tabs.enumerated() {
            if i > 0 { buffer.write("│", x: tab.rect.x - 1, y: 0, style: Style(.dim)) }
            buffer.write(tab.label, x: tab.rect.x, y: 0, style: Style(tab.screen == state.screen ? .tabActive : .tab))
            end = tab.rect.x + tab.rect.width
        }
        let shown = shownInfo(state, strings: strings, after: end, width: buffer.width)
        if !shown.isEmpty {
            let text = shown.joined(separator: "  ")
            buffer.write(text, x: buffer.width - 1 - DisplayWidth.of(SafeText.sanitize(text)), y: 0, style: Style(.dim))
        }
    }

    /// What narrows the list (filter, then category scope), then the sort: the labels the tab
    /// bar shows on the right, most important first.
    static func info(_ state: AppState, strings: Strings) -> (narrowing: [String], sort: String?) {
        var narrowing: [String] = []
        if !state.list.filter.isEmpty, state.input?.purpose != .filter {
            narrowing.append(strings.format(.filterLabel, ["text": state.list.filter]))
        }
        guard state.screen == .toBuy else { return (narrowing, nil) }
        switch state.model.scope {
        case .category(let id)?: narrowing.append(strings.format(.scopeLabel, ["name": state.model.categoryName(id) ?? ""]))
        case .uncategorised?: narrowing.append(strings.format(.scopeLabel, ["name": strings[.uncategorised]]))
        case nil: break
        }
        return (narrowing, strings.format(.sortLabel, ["sort": strings.sortName(state.model.sort)]))
    }

    /// The labels that fit right-aligned after the tabs, which end at `tabsEnd`; whatever does
    /// not fit is left out, least important first.
    static func shownInfo(_ state: AppState, strings: Strings, after tabsEnd: Int, width: Int) -> [String] {
        let (narrowing, sort) = info(state, strings: strings)
        var labels = mark(state).map { [$0] } ?? []
        labels += narrowing + (sort.map { [$0] } ?? [])
        while !labels.isEmpty, tabsEnd + 2 + DisplayWidth.of(SafeText.sanitize(labels.joined(separator: "  "))) > width - 1 {
            labels.removeLast()
        }
        return labels
    }

    /// The filter and scope labels the tab bar has no room for; the status line shows them so a
    /// narrowed list never looks like the whole list.
    static func hiddenNarrowing(_ state: AppState, strings: Strings, width: Int) -> [String] {
        let tabsEnd = tabs(state, strings: strings).last.map { $0.rect.x + $0.rect.width } ?? 0
        let narrowing = info(state, strings: strings).narrowing
        let shown = shownInfo(state, strings: strings, after: tabsEnd, width: width).count - (mark(state) == nil ? 0 : 1)
        return Array(narrowing.dropFirst(max(0, shown)))
    }

    /// `⇅` while the list syncs, `⚠` after a sync failed (SPEC §9): first on the right, the
    /// last label to give way.
    static func mark(_ state: AppState) -> String? {
        switch state.syncMark {
        case .syncing?: return "⇅"
        case .failed?: return "⚠"
        case nil: return nil
        }
    }
}

/// The last row: a transient message, a y/n question, or the screen's key hints.
public enum StatusLine {
    /// Draws the line; without `hints`, an idle line stays blank.
    public static func render(_ state: AppState, strings: Strings, hints: Bool = true, into buffer: inout ScreenBuffer) {
        let y = buffer.height - 1
        if let confirmation = state.confirmation {
            let keys = " y/n"
            let used = buffer.write(question(confirmation, strings: strings), x: 1, y: y,
                                    maxWidth: buffer.width - 2 - keys.count, style: Style(.warning))
            buffer.write(keys, x: 1 + used, y: y, style: Style(.warning))
            return
        }
        if let m = state.message?.message {
            renderMessage(m, y: y, strings: strings, into: &buffer)
            return
        }
        guard hints else { return }
        var x = 1
        for label in TabBar.hiddenNarrowing(state, strings: strings, width: buffer.width) {
            x += buffer.write(label, x: x, y: y, maxWidth: buffer.width / 2, style: Style(.header)) + 2
        }
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

    /// The y/n question a confirmation asks.
    static func question(_ c: Confirmation, strings: Strings) -> String {
        switch c {
        case .clearPurchased(let n): return strings.format(.confirmClear, ["count": String(n)])
        case .deleteList(_, let name, let count):
            return strings.format(.confirmDeleteList, ["name": SafeText.sanitize(name), "count": String(count)])
        case .mergeList(_, let name, let into):
            return strings.format(.confirmMergeList, ["name": SafeText.sanitize(name), "into": SafeText.sanitize(into)])
        }
    }

    /// Draws a message on a row, with the undo hint when it applies.
    static func renderMessage(_ m: StatusMessage, y: Int, strings: Strings, into buffer: inout ScreenBuffer) {
        let hint = m.offersUndo ? strings[.undoHint] : ""
        let hintWidth = hint.isEmpty ? 0 : DisplayWidth.of(hint) + 2
        let room = buffer.width - 2 - hintWidth
        let used = buffer.write(PathShortening.fit(strings.message(m), width: room), x: 1, y: y, maxWidth: room,
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
        case .renameCategory, .renameList: return strings[.promptRename]
        case .newList: return strings[.promptNewList]
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
                let hint: StringKey = input.purpose == .add || input.purpose.isEdit ? .inputHint : .categoryInputHint
                buffer.write(strings[hint], x: 1, y: y - 1, maxWidth: buffer.width - 2, style: Style(.dim))
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
