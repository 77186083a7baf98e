/// The reducer: the only place state changes. Pure; I/O happens through the returned effects.
extension AppState {
    /// Applies an action.
    /// - Returns: the effects the run loop must carry out, in order.
    @discardableResult
    public mutating func apply(_ action: Action) -> [Effect] {
        // A filtered screen holds the matches it shows and a screen more; the end of the list
        // needs all of them.
        if action == .moveToBottom, helpScroll == nil { model.fillAll(screen) }
        let effects = reduce(action)
        model.fill(screen)
        return effects
    }

    mutating func reduce(_ action: Action) -> [Effect] {
        switch action {
        case .resize(let w, let h):
            width = max(1, w)
            height = max(1, h)
            model.resized(height: listHeight)
            intro?.resize(width: width, height: height)
            if let scroll = helpScroll { helpScroll = max(0, scroll) }
            return []
        case .tick(let now):
            tick(now)
            return []
        case .clock(let c):
            clock = c
            model.setToday(c.today)
            _ = intro?.practice.apply(action)
            return []
        case .loaded(let snapshot):
            model.load(snapshot)
            return []
        case .historyLoaded(let history):
            model.setHistory(history)
            return []
        case .changedOutside(let changedItems, let changedCategories, let purchases):
            model.changedOutside(items: changedItems, categories: changedCategories, purchases: purchases)
            return []
        case .committed(let changes, let context):
            return committed(changes, context)
        case .failed(let m):
            show(m)
            return []
        case .commitFailed(let m, let context):
            switch context.role {
            case .record: break
            case .undo(let entry): pushUndo(entry, clearRedo: false)
            case .redo(let entry): pushRedo(entry)
            }
            show(m)
            return []
        case .changedElsewhere(let context):
            // The entry is dropped: the rows it would put back are someone else's now.
            if case .redo = context.role { show(.notRedoneChangedElsewhere) } else { show(.notUndoneChangedElsewhere) }
            return []
        case .listsLoaded(let all):
            lists = all
            parked = parked.filter { id, _ in all.contains { $0.id == id } }
            if let overlay = listsOverlay, !overlayLists.contains(where: { $0.id == overlay.selectedID }) {
                let rows = overlayLists
                listsOverlay?.selectedID = rows.first { $0.id == model.listID }?.id ?? rows.first?.id ?? 0
            }
            // The list on show was removed elsewhere: the first one takes its place.
            if !all.isEmpty, !all.contains(where: { $0.id == model.listID }) {
                parked[model.listID] = nil
                let gone = model.listID
                let effects = goTo(all[0].id)
                parked[gone] = nil
                return effects
            }
            return []
        case .syncStarted:
            syncMark = .syncing
            return []
        case .syncFinished(let failure):
            syncMark = failure == nil ? nil : .failed
            if let failure, failure != syncFailure || syncAsked { show(.syncFailed(failure)) }
            syncFailure = failure
            syncAsked = false
            return []
        case .redraw:
            return [.redraw]
        case .quit:
            quitting = true
            return [.quit]
        default:
            break
        }
        if intro?.transition != nil { finishTransition() }
        // By what is open, not by `keyMode`: the size is the keymap's business (a too-small
        // terminal maps only quit and redraw), and the tutorial's practice list is smaller
        // than a terminal may be and still works.
        if helpScroll != nil { return applyHelp(action) }
        if intro != nil { return applyIntro(action) }
        if confirmation != nil { return applyConfirm(action) }
        if input != nil { return applyInput(action) }
        if listsOverlay != nil { return applyLists(action) }
        return applyList(action)
    }

    // MARK: - Time

    mutating func tick(_ now: Double) {
        if var t = intro?.transition {
            if t.startedAt == nil { t.startedAt = now }
            t.progress = min(1, (now - t.startedAt!) / Transition.duration)
            intro?.transition = t.progress >= 1 ? nil : t
        }
        // The practice list's messages come and go as on the real list.
        _ = intro?.practice.apply(.tick(now: now))
        if intro == nil, var m = message {
            if m.shownAt == nil { m.shownAt = now; message = m }
            if now - m.shownAt! >= ShownMessage.lifetime { message = nil }
        }
    }

    mutating func show(_ m: StatusMessage) { message = ShownMessage(message: m) }

    // MARK: - Tutorial

    /// The tutorial's own keys; every other action goes to the practice list, and the page's
    /// try-it line turns into a ✓ once the action it names has been done there.
    mutating func applyIntro(_ action: Action) -> [Effect] {
        guard var state = intro else { return [] }
        let last = state.pageCount - 1
        switch action {
        case .introNext: return turn(to: min(last, state.page + 1))
        case .introBack: return turn(to: max(0, state.page - 1))
        case .introGoTo(let p): return turn(to: max(0, min(last, p)))
        case .introConfirm:
            if state.page < last { return turn(to: state.page + 1) }
            return finishIntro()
        case .introSkip: return finishIntro()
        case .introQuit:
            // Quitting a first run leaves the tutorial unseen; a replay just closes.
            guard state.isReplay else { quitting = true; return [.quit] }
            intro = nil
            return []
        case .toggleHelp:
            helpScroll = 0
            return []
        case .previousList where state.lesson != .lists, .nextList where state.lesson != .lists:
            // The second practice list belongs to the page that teaches it.
            return []
        default:
            if state.practice.apply(action).contains(state.lesson) { state.done.insert(state.lesson) }
            intro = state
            return []
        }
    }

    mutating func turn(to page: Int) -> [Effect] {
        guard var state = intro, page != state.page else { return [] }
        state.transition = settings.animations ? Transition(from: state.page, to: page) : nil
        state.page = page
        intro = state
        return []
    }

    mutating func finishTransition() { intro?.transition = nil }

    /// Start or Skip: records the tutorial as seen; a first run opens To buy, a replay goes
    /// back to where the user was.
    mutating func finishIntro() -> [Effect] {
        if intro?.isReplay == false { screen = .toBuy }
        intro = nil
        return [.saveIntroSeen]
    }

    // MARK: - Lists

    /// The y/n question: only yes answers it; any other key declines.
    mutating func applyConfirm(_ action: Action) -> [Effect] {
        guard let c = confirmation else { return [] }
        confirmation = nil
        guard action == .answer(true) else { return [] }
        switch c {
        case .clearPurchased(let n):
            return [.commit(.clearPurchased, CommitContext(message: .clearedPurchased(n)))]
        case .deleteList(let id, let name, _):
            return [.commit(.removeList(id: id, force: true), CommitContext(message: .listDeleted(name)))]
        case .mergeList(let id, let name, let into):
            return [.commit(.renameList(id: id, name: into), CommitContext(message: .listMerged(name, into)))]
        }
    }

    /// The help overlay: scrolling, the tutorial replay, closing.
    mutating func applyHelp(_ action: Action) -> [Effect] {
        guard let scroll = helpScroll else { return [] }
        let end = max(0, (helpLineCounts[helpTopic] ?? 0) - helpViewport)
        let page = max(1, helpViewport - 1)
        switch action {
        case .helpScroll(let d): helpScroll = max(0, min(end, scroll + d))
        case .pageDown: helpScroll = min(end, scroll + page)
        case .pageUp: helpScroll = max(0, scroll - page)
        case .moveToTop: helpScroll = 0
        case .moveToBottom: helpScroll = end
        case .replayTutorial:
            helpScroll = nil
            // Within the tutorial's own help there is nothing to replay: it is on show.
            if intro == nil { intro = newIntro(isReplay: true) }
        case .toggleHelp, .cancel: helpScroll = nil
        default: break
        }
        return []
    }

    /// The list screens.
    mutating func applyList(_ action: Action) -> [Effect] {
        switch action {
        case .nextScreen: screen = screen.neighbour(1)
        case .previousScreen: screen = screen.neighbour(-1)
        case .showScreen(let s): screen = s
        case .previousList: return stepList(-1)
        case .nextList: return stepList(1)
        case .toggleLists: openListsOverlay()
        case .startMoveItem: startMoveItem()
        case .move(let n): moveSelection(by: n)
        case .moveToTop: selectRow(ListState.nextSelectable(in: list.rows, from: 0, step: 1) ?? 0)
        case .moveToBottom: selectRow(ListState.nextSelectable(in: list.rows, from: list.rows.count - 1, step: -1) ?? 0)
        case .pageDown: moveSelection(by: max(1, listHeight - 1))
        case .pageUp: moveSelection(by: -max(1, listHeight - 1))
        case .selectRow(let i): selectRow(i)
        case .scroll(let n): scrollList(by: n)
        case .undo: return undo()
        case .redo: return redo()
        case .syncNow:
            guard let current = currentList else { return [] }
            guard current.linked else { show(.notLinked(current.name)); return [] }
            syncAsked = true
            if syncMark != .syncing { return [.sync] }
        case .toggleHelp: helpScroll = 0
        case .startFilter: input = InputState(purpose: .filter, text: list.filter)
        case .clearFilter: clearFilter()
        case .startAdd: startAdd()
        case .paste(let text):
            // A paste in a list is something to add: it opens the add line with it.
            if screen == .categories { input = InputState(purpose: .newCategory) } else { startAdd() }
            return applyInput(.paste(text))
        case .startEdit: startEdit()
        case .toggle: return toggleSelected()
        case .toggleRow(let i):
            selectRow(i)
            guard list.selection == i else { return [] }
            // The `+` in a Due again row's checkbox place adds it.
            return selectedDue != nil ? addDue() : toggleSelected()
        case .addDue: return addDue()
        case .hideDue: return hideDue()
        case .delete: return deleteSelected()
        case .cycleSort:
            model.setSort(model.sort.next)
            show(.sortedBy(model.sort))
        case .clearPurchased:
            let n = model.purchasedCount
            if n == 0 { show(.nothingPurchased) } else { confirmation = .clearPurchased(count: n) }
        case .openCategory: openCategory()
        case .startAddCategory: input = InputState(purpose: .newCategory)
        case .startRenameCategory:
            guard let id = selectedCategoryID() else { break }
            input = InputState(purpose: .renameCategory(id), text: model.categories[id]!.name)
        case .deleteCategory:
            guard let id = selectedCategoryID() else { break }
            return [.commit(.deleteCategory(id: id), CommitContext(message: .categoryDeleted(model.categories[id]!.name)))]
        case .moveCategory(let by):
            guard let id = selectedCategoryID() else { break }
            return [.commit(.moveCategory(id: id, by: by), CommitContext(message: .categoryMoved(model.categories[id]!.name, by)))]
        default: break
        }
        return []
    }

    mutating func moveSelection(by n: Int) {
        var l = list
        guard !l.rows.isEmpty, n != 0 else { return }
        let step = n > 0 ? 1 : -1
        var i = l.selection
        var remaining = abs(n)
        // Walk row by row so headers are skipped; stop at the last selectable row.
        while remaining > 0 {
            guard let next = ListState.nextSelectable(in: l.rows, from: i + step, step: step) else { break }
            i = next
            remaining -= 1
        }
        l.selection = i
        l.scrollIntoView(height: listHeight)
        list = l
    }

    mutating func selectRow(_ i: Int) {
        guard list.rows.indices.contains(i), list.rows[i].isSelectable else { return }
        list.selection = i
        list.scrollIntoView(height: listHeight)
    }

    mutating func scrollList(by n: Int) {
        var l = list
        let maxScroll = max(0, l.rows.count - listHeight)
        l.scroll = max(0, min(maxScroll, l.scroll + n))
        if l.selection < l.scroll {
            l.selection = ListState.nextSelectable(in: l.rows, from: l.scroll, step: 1) ?? l.selection
        } else if l.selection >= l.scroll + listHeight {
            l.selection = ListState.nextSelectable(in: l.rows, from: l.scroll + listHeight - 1, step: -1) ?? l.selection
        }
        list = l
    }

    mutating func clearFilter() {
        if !list.filter.isEmpty {
            setFilter("")
        } else if screen == .toBuy, model.scope != nil {
            model.setScope(nil)
        }
    }

    mutating func startAdd() {
        guard screen != .categories else { input = InputState(purpose: .newCategory); return }
        var prefill = ""
        if screen == .toBuy, case .category(let id)? = model.scope, let name = model.categoryName(id) {
            prefill = " #" + QuickAdd.quoteIfNeeded(name)
        }
        input = InputState(purpose: .add, text: prefill)
        if !prefill.isEmpty { input!.editor.home() }
    }

    mutating func startEdit() {
        if screen == .categories { _ = reduce(.startRenameCategory); return }
        // A name due again: the add line with it, to change before adding.
        if let due = selectedDue {
            input = InputState(purpose: .add, text: QuickAdd.format(due.draft))
            return
        }
        guard let item = selectedItem else { show(.nothingSelected); return }
        let opened = draft(of: item)
        input = InputState(purpose: .edit(item.id), text: QuickAdd.format(opened))
        input!.opened = opened
    }

    /// An item written as a draft, for editing it in the quick-add syntax.
    public func draft(of item: Item) -> ItemDraft {
        ItemDraft(name: item.name, quantity: item.quantity, category: model.categoryName(item.categoryID),
                  date: item.date, note: item.note)
    }

    mutating func toggleSelected() -> [Effect] {
        guard screen != .categories else { return [] }
        if selectedDue != nil { show(.dueAgainKeys); return [] }
        guard let item = selectedItem else { show(.nothingSelected); return [] }
        let purchase = !item.isPurchased
        return [.commit(.setPurchased(ids: [item.id], purchase),
                        CommitContext(message: purchase ? .checked(item.name) : .unchecked(item.name)))]
    }

    mutating func deleteSelected() -> [Effect] {
        if screen == .categories {
            return reduce(.deleteCategory)
        }
        guard let item = selectedItem else { show(.nothingSelected); return [] }
        return [.commit(.delete(ids: [item.id]), CommitContext(message: .deleted(item.name)))]
    }

    /// `+` or Enter on a name due again: adds it with its last purchase's quantity and category.
    mutating func addDue() -> [Effect] {
        guard let due = selectedDue else { show(.nothingSelected); return [] }
        return [.commit(.add(due.draft), CommitContext(message: .added(due.name)))]
    }

    /// `d` on a name due again: hidden until it is bought again.
    mutating func hideDue() -> [Effect] {
        guard let due = selectedDue else { show(.nothingSelected); return [] }
        return [.commit(.hideDue(key: due.key), CommitContext(message: .hiddenDue(due.name)))]
    }

    mutating func openCategory() {
        guard screen == .categories, case .category(let id)? = list.selected else { return }
        model.screens[.toBuy]!.filter = ""
        model.setScope(id.map { .category($0) } ?? .uncategorised)
        model.screens[.toBuy]!.selection = 0
        screen = .toBuy
    }

    /// The selected real category; reports the fixed "Uncategorised" row.
    mutating func selectedCategoryID() -> Int64? {
        guard screen == .categories, case .category(let id)? = list.selected else { return nil }
        if id == nil { show(.uncategorisedIsFixed) }
        return id
    }

    // MARK: - Undo

    /// Undoes the last change, in the list it was made in (SPEC §8).
    mutating func undo() -> [Effect] {
        guard let entry = popUndo() else { show(.nothingToUndo); return [] }
        let target = entry.changes.inverted
        guard isListed(entry.listID, after: target) else { show(.notUndoneChangedElsewhere); return [] }
        return [.commit(.restore(target), CommitContext(role: .undo(entry), message: .undone(entry.label)))] + goTo(entry.listID)
    }

    mutating func redo() -> [Effect] {
        guard let entry = popRedo() else { show(.nothingToRedo); return [] }
        guard isListed(entry.listID, after: entry.changes) else { show(.notRedoneChangedElsewhere); return [] }
        return [.commit(.restore(entry.changes), CommitContext(role: .redo(entry), message: .redone(entry.label)))] + goTo(entry.listID)
    }

    // MARK: - Lists

    /// Whether a list is there, or will be once `restoring` is written (an undone removal);
    /// one removed elsewhere takes its undo entries with it.
    func isListed(_ id: Int64, after restoring: ChangeSet = ChangeSet()) -> Bool {
        lists.isEmpty || lists.contains { $0.id == id } || restoring.lists.contains { $0.id == id && $0.after != nil }
    }

    /// `[` `]`: the list `step` places along, wrapping around.
    mutating func stepList(_ step: Int) -> [Effect] {
        guard lists.count > 1 else { show(.onlyOneList); return [] }
        let i = lists.firstIndex { $0.id == model.listID } ?? 0
        return open(list: lists[((i + step) % lists.count + lists.count) % lists.count].id)
    }

    /// Shows another list at the user's asking; a message about the list left goes with it.
    mutating func open(list id: Int64) -> [Effect] {
        if id != model.listID {
            message = nil
            syncFailure = nil  // the next list's sync failing says why, even for the same reason
        }
        return goTo(id)
    }

    /// Shows another list, as it was left in this session (or fresh); the store reads it.
    mutating func goTo(_ id: Int64) -> [Effect] {
        guard id != model.listID else { return [] }
        input = nil
        parked[model.listID] = model
        model = parked.removeValue(forKey: id)
            ?? ListModel(sort: settings.sort, today: clock.today, listID: id, showsDue: settings.suggestions)
        model.setToday(clock.today)
        model.resized(height: listHeight)
        model.show(screen)
        return [.openList(id)]
    }

    mutating func committed(_ changes: ChangeSet, _ context: CommitContext) -> [Effect] {
        model.apply(changes)
        switch context.role {
        case .record:
            if !changes.isEmpty {
                pushUndo(UndoEntry(changes: changes, label: context.message, listID: model.listID), clearRedo: true)
            }
        case .undo(let entry): pushRedo(entry)
        case .redo(let entry): pushUndo(entry, clearRedo: false)
        }
        if context.selectInserted {
            if screen != .categories, let new = changes.items.first(where: { $0.before == nil && $0.after != nil }) {
                select(.item(new.id))
            } else if let new = changes.categories.first(where: { $0.before == nil && $0.after != nil }) {
                select(.category(new.id))
            }
        }
        if let m = context.message { show(m) }
        return followLists(changes)
    }

    /// Puts the selection on a row of the current screen if it is there.
    mutating func select(_ row: ListRow) {
        guard let i = model.index(of: row, on: screen) else { return }
        list.selection = i
        list.scrollIntoView(height: listHeight)
    }
}
