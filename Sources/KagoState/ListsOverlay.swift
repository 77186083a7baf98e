/// The Lists overlay `L` opens (SPEC §8), or the picker `m` opens to move an item: a
/// selection among the lists.
public struct ListsOverlay: Equatable, Sendable {
    public enum Purpose: Equatable, Sendable {
        /// Open, add, rename, delete and reorder lists.
        case manage
        /// Choose the list the item goes to.
        case moveItem(Int64)
    }

    public var purpose: Purpose
    /// The selected list, by id, so the selection follows it when the order changes.
    public var selectedID: Int64

    public init(purpose: Purpose, selectedID: Int64) {
        self.purpose = purpose
        self.selectedID = selectedID
    }
}

extension AppState {
    /// The rows of the open overlay: every list, or for the picker every list but this one.
    public var overlayLists: [ShoppingList] {
        guard let overlay = listsOverlay else { return [] }
        if case .moveItem = overlay.purpose { return lists.filter { $0.id != model.listID } }
        return lists
    }

    /// The row of the overlay's selection.
    public var overlaySelection: Int? {
        guard let id = listsOverlay?.selectedID else { return nil }
        return overlayLists.firstIndex { $0.id == id }
    }

    /// `L`: the Lists overlay, on the list on show.
    mutating func openListsOverlay() {
        listsOverlay = ListsOverlay(purpose: .manage, selectedID: model.listID)
    }

    /// `m`: the picker of the list to move the selected item to.
    mutating func startMoveItem() {
        guard screen != .categories else { return }
        guard let item = selectedItem else { show(.nothingSelected); return }
        guard let first = lists.first(where: { $0.id != model.listID }) else { show(.onlyOneList); return }
        listsOverlay = ListsOverlay(purpose: .moveItem(item.id), selectedID: first.id)
    }

    /// Keys while the overlay or the picker is open.
    mutating func applyLists(_ action: Action) -> [Effect] {
        guard let overlay = listsOverlay else { return [] }
        let rows = overlayLists
        let at = overlaySelection ?? 0
        switch action {
        case .move(let n): selectOverlayRow(at + n)
        case .moveToTop: selectOverlayRow(0)
        case .moveToBottom: selectOverlayRow(rows.count - 1)
        case .selectRow(let i): selectOverlayRow(i)
        case .toggleLists, .cancel: listsOverlay = nil
        case .undo: return undo()
        case .redo: return redo()
        case .chooseList:
            guard rows.indices.contains(at) else { return [] }
            listsOverlay = nil
            if case .moveItem(let id) = overlay.purpose {
                guard let item = model.items[id] else { show(.nothingSelected); return [] }
                return [.commit(.moveItems(ids: [id], toList: rows[at].id),
                                CommitContext(message: .movedToList(item.name, rows[at].name)))]
            }
            return open(list: rows[at].id)
        case .startAddList where overlay.purpose == .manage:
            input = InputState(purpose: .newList)
        case .startRenameList where overlay.purpose == .manage:
            guard rows.indices.contains(at) else { return [] }
            input = InputState(purpose: .renameList(rows[at].id), text: rows[at].name)
        case .deleteList where overlay.purpose == .manage:
            guard rows.indices.contains(at) else { return [] }
            let list = rows[at]
            guard lists.count > 1 else { show(.lastList(list.name)); return [] }
            let count = list.counts.toBuy + list.counts.purchased
            // An empty list goes at once (undo brings it back); one with items asks first.
            if count == 0 { return removeList(list) }
            confirmation = .deleteList(id: list.id, name: list.name, count: count)
        case .moveList(let by) where overlay.purpose == .manage:
            guard rows.indices.contains(at) else { return [] }
            return [.commit(.moveList(id: rows[at].id, by: by), CommitContext(message: .listMoved(rows[at].name, by)))]
        default: break
        }
        return []
    }

    mutating func selectOverlayRow(_ i: Int) {
        let rows = overlayLists
        guard !rows.isEmpty else { return }
        listsOverlay?.selectedID = rows[max(0, min(rows.count - 1, i))].id
    }

    mutating func removeList(_ list: ShoppingList) -> [Effect] {
        [.commit(.removeList(id: list.id, force: true), CommitContext(message: .listDeleted(list.name)))]
    }

    /// Enter in the line `a` or `r` opened in the overlay: a name checked as SPEC §8 asks; a
    /// rename onto another list's name merges after a y/n.
    mutating func submitListName(_ text: String, purpose: InputPurpose) -> [Effect] {
        let name = String(text.trimmingWhitespace())
        if let problem = ShoppingList.problem(with: name) { show(.badListName(problem)); return [] }
        let other = lists.first { $0.name.matchKey == name.matchKey }
        switch purpose {
        case .renameList(let id):
            guard let list = lists.first(where: { $0.id == id }) else { input = nil; return [] }
            input = nil
            if let other, other.id != id {
                confirmation = .mergeList(id: id, name: list.name, into: other.name)
                return []
            }
            guard name != list.name else { return [] }
            return [.commit(.renameList(id: id, name: name), CommitContext(message: .listRenamed(list.name, name)))]
        default:
            if let other { show(.badListName(.taken(other.name))); return [] }
            input = nil
            return [.commit(.addList(name: name), CommitContext(message: .listAdded(name)))]
        }
    }

    /// After a commit that changed lists: the overlay selects a list just added, and a list on
    /// show that was merged into another gives way to that one.
    mutating func followLists(_ changes: ChangeSet) -> [Effect] {
        if let added = changes.lists.first(where: { $0.before == nil && $0.after != nil }), listsOverlay?.purpose == .manage {
            listsOverlay?.selectedID = added.id
        }
        guard changes.lists.contains(where: { $0.id == model.listID && $0.after == nil }),
              let into = changes.items.first(where: { $0.before?.listID == model.listID })?.after?.listID else { return [] }
        return goTo(into)
    }
}
