/// The input line: editing keys, Tab completion, and what Enter does for each purpose.
extension AppState {
    mutating func applyInput(_ action: Action) -> [Effect] {
        guard var state = input else { return [] }
        switch action {
        case .line(.complete):
            complete(&state)
            input = state
            return []
        case .line(let edit):
            state.completion = nil
            switch edit {
            case .insert(let s): state.editor.insert(s)
            case .backspace: state.editor.backspace()
            case .deleteForward: state.editor.deleteForward()
            case .left: state.editor.left()
            case .right: state.editor.right()
            case .home: state.editor.home()
            case .end: state.editor.end()
            case .killToStart: state.editor.killToStart()
            case .killToEnd: state.editor.killToEnd()
            case .killWord: state.editor.killWord()
            case .complete: break
            }
            input = state
            if state.purpose == .filter { setFilter(state.editor.text) }
            return []
        case .cancel, .interrupt:
            input = nil
            // A complaint about the line goes with it.
            if message?.message.isError == true { message = nil }
            if state.purpose == .filter { setFilter("") }
            if action == .interrupt { show(.ctrlCAgainToQuit) }
            return []
        case .submit:
            return submit(state)
        case .paste(let text):
            return paste(text, into: state)
        default:
            return []
        }
    }

    /// A paste: text at the cursor; in the add line, a paste of several lines adds one item per
    /// non-empty line, all in one commit, and the line stays open for more.
    mutating func paste(_ pasted: String, into state: InputState) -> [Effect] {
        var state = state
        state.completion = nil
        let text = Self.pastable(pasted)
        guard state.purpose == .add, text.contains("\n") else {
            state.editor.insert(String(text.map { $0 == "\n" ? " " : $0 }))
            input = state
            if state.purpose == .filter { setFilter(state.editor.text) }
            return []
        }
        let chars = state.editor.chars
        let whole = String(chars[..<state.editor.cursor]) + text + String(chars[state.editor.cursor...])
        var drafts: [ItemDraft] = []
        for (index, line) in whole.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.allSatisfy(\.isWhitespace) {
            switch QuickAdd.parse(String(line), today: clock.today) {
            case .success(let draft):
                if let field = ItemLimits.overlong(draft) {
                    show(.pastedLine(index + 1, .tooLong(field)))
                    return []
                }
                drafts.append(draft)
            case .failure(let problem):
                // All or nothing, and the line is left as it was: the paste is still on the clipboard.
                show(.pastedLine(index + 1, problem.message))
                return []
            }
        }
        input = InputState(purpose: .add)
        guard !drafts.isEmpty else { return [] }
        let message: StatusMessage = drafts.count == 1 ? .added(drafts[0].name) : .addedItems(drafts.count)
        return [.commit(.addAll(drafts), CommitContext(message: message, selectInserted: true))]
    }

    /// Pasted text as the input line takes it: line breaks as `\n`, tabs as spaces, no other
    /// control characters (a paste is text, never keys).
    static func pastable(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for u in text.unicodeScalars {
            defer { previous = u }
            switch u.value {
            case 0x0A: if previous?.value != 0x0D { out.append("\n") }
            case 0x0D: out.append("\n")
            case 0x09: out.append(" ")
            case 0..<0x20, 0x7F, 0x80...0x9F: continue
            default: out.append(u)
            }
        }
        return String(out)
    }

    mutating func setFilter(_ text: String) { model.setFilter(text, on: screen) }

    mutating func submit(_ state: InputState) -> [Effect] {
        let text = state.editor.text
        switch state.purpose {
        case .filter:
            input = nil
            return []
        case .add, .edit:
            switch QuickAdd.parse(text, today: clock.today) {
            case .failure(let problem):
                show(problem.message)
                return []
            case .success(let draft):
                if let field = ItemLimits.overlong(draft) {
                    show(.tooLong(field))
                    return []
                }
                if let category = draft.category, Category.isReserved(category) {
                    show(.reservedCategoryName(category))
                    return []
                }
                if case .edit(let id) = state.purpose {
                    // Gone from the list while the line was open (deleted, or moved to another
                    // list): what was typed stays, as an add line, for the user to decide.
                    guard let item = model.items[id] else {
                        input?.purpose = .add
                        input?.opened = nil
                        show(.editedItemGone(draft.name))
                        return []
                    }
                    input = nil
                    let edited = state.opened.map { draft.changes(since: $0, over: self.draft(of: item)) } ?? draft
                    return [.commit(.edit(id: id, edited), CommitContext(message: .updated(edited.name)))]
                }
                // The same name already to buy: say so and show it; Enter again adds it anyway.
                if state.warnedDuplicate != text, let twin = itemToBuy(named: draft.name) {
                    input?.warnedDuplicate = text
                    select(.item(twin.id))
                    show(.alreadyOnList(twin.name))
                    return []
                }
                input = nil
                return [.commit(.add(draft), CommitContext(message: .added(draft.name), selectInserted: true))]
            }
        case .newCategory, .renameCategory:
            var name = String(text.trimmingWhitespace())
            if QuickAdd.startsWithCategoryMark(name) { name = String(name.dropFirst().trimmingWhitespace()) }
            guard !name.isEmpty else { show(.emptyCategoryName); return [] }
            guard !Category.isReserved(name) else { show(.reservedCategoryName(name)); return [] }
            if ItemLimits.isOver(name, .category) {
                show(.tooLong(.category))
                return []
            }
            let existing = model.categories.values.first { $0.name.matchKey == name.matchKey }
            input = nil
            if case .renameCategory(let id) = state.purpose {
                let renamed = model.categoryName(id) ?? name
                let message: StatusMessage = existing.map { $0.id == id ? .categoryRenamed(name) : .categoryMerged(renamed, $0.name) }
                    ?? .categoryRenamed(name)
                return [.commit(.renameCategory(id: id, name: name), CommitContext(message: message))]
            }
            if let existing {
                // Nothing to add, and nothing for undo: the category the user wants is there.
                select(.category(existing.id))
                show(.categoryExists(existing.name))
                return []
            }
            return [.commit(.addCategory(name: name), CommitContext(message: .categoryAdded(name), selectInserted: true))]
        case .newList, .renameList:
            return submitListName(text, purpose: state.purpose)
        }
    }

    /// An item on To buy with this name (matched as categories are), if any.
    func itemToBuy(named name: String) -> Item? {
        let key = name.matchKey
        return model.items.values.lazy.filter { !$0.isPurchased && $0.name.matchKey == key }.min { $0.id < $1.id }
    }

    /// Tab: completes a category after `#`, else an item name from history; Tab again cycles.
    mutating func complete(_ state: inout InputState) {
        if var c = state.completion {
            c.index = (c.index + 1) % (c.candidates.count + 1)
            let text = c.index == c.candidates.count ? c.original : c.candidates[c.index]
            state.editor.replace(c.range, with: text)
            c.range = c.range.lowerBound..<(c.range.lowerBound + Array(text).count)
            state.completion = c
            return
        }
        guard state.purpose == .add || state.purpose.isEdit else { return }
        let chars = state.editor.chars
        let cursor = state.editor.cursor
        var wordStart = cursor
        while wordStart > 0 && !chars[wordStart - 1].isWhitespace { wordStart -= 1 }
        let word = String(chars[wordStart..<cursor])
        let candidates: [String]
        let range: Range<Int>
        if QuickAdd.startsWithCategoryMark(word) {
            let prefix = String(word.dropFirst()).matchKey
            candidates = model.orderedCategories.map(\.name).filter { $0.matchKey.hasPrefix(prefix) && $0.matchKey != prefix }
                .map { "#" + QuickAdd.quoteIfNeeded($0) }
            range = wordStart..<cursor
        } else {
            // A name may hold spaces, so the whole text before the cursor is the prefix.
            let typed = String(chars[0..<cursor])
            let prefix = typed.matchKey
            guard !prefix.trimmingWhitespace().isEmpty, !typed.contains("#"), !typed.contains("@") else { return }
            var seen = Set<String>()
            let matching = model.knownNames.filter { $0.matchKey.hasPrefix(prefix) && $0.matchKey != prefix && seen.insert($0.matchKey).inserted }
            // Written back in the quick-add syntax, so a name like `Coke 500ml` stays a name.
            candidates = model.history.byHabit(matching, today: clock.today).map(QuickAdd.formatName)
            range = 0..<cursor
        }
        guard !candidates.isEmpty else { return }
        let original = String(chars[range])
        state.editor.replace(range, with: candidates[0])
        state.completion = Completion(candidates: candidates, index: 0,
                                      range: range.lowerBound..<(range.lowerBound + Array(candidates[0]).count),
                                      original: original)
    }
}

extension QuickAddError {
    /// What the status line says about a line that cannot be added.
    var message: StatusMessage {
        switch self {
        case .emptyName: return .emptyName
        case .badDate(let token): return .badDate(token)
        }
    }
}
