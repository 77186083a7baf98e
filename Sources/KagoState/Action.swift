/// Something that happened: a key the keymap translated, a mouse click the view hit-tested,
/// or a result coming back from the store. The reducer turns actions into state and effects.
public enum Action: Equatable, Sendable {
    // MARK: - Environment
    case resize(width: Int, height: Int)
    /// Monotonic time in milliseconds; drives the slide animation and message expiry.
    case tick(now: Double)
    case clock(LocalClock)
    /// The data as read from the store, at start-up or after another process changed it.
    case loaded(Snapshot)
    /// The purchase history of the list on show, read once nothing waits for it (SPEC §10).
    case historyLoaded(PurchaseHistory)
    /// Rows another process changed, as they are now (nil: deleted): read from the change feed
    /// instead of the whole list.
    case changedOutside(items: [Int64: Item?], categories: [Int64: Category?], purchases: [Int64: Purchase?] = [:])
    /// A command the store carried out.
    case committed(ChangeSet, CommitContext)
    /// A side effect failed; the message says what.
    case failed(StatusMessage)
    /// A commit failed; an undo or redo entry it carried goes back on its stack.
    case commitFailed(StatusMessage, CommitContext)
    /// An undo or redo found its rows changed by another process since; its entry is dropped.
    case changedElsewhere(CommitContext)
    /// The lists, in their order, as read from the store (at start-up, after a change).
    case listsLoaded([ShoppingList])
    /// A sync of the list on show began, or ended (with why it failed).
    case syncStarted
    case syncFinished(failure: String?)
    case redraw
    case quit

    // MARK: - Tutorial
    case introNext, introBack, introConfirm, introSkip
    /// `q` in the tutorial: quits kago, or, in a tutorial replayed from the help, goes back.
    case introQuit
    case introGoTo(Int)

    // MARK: - Screens and selection
    case nextScreen, previousScreen
    case showScreen(Screen)
    /// `[` `]`: the previous or next list (SPEC §8).
    case previousList, nextList
    /// `L`: opens (or closes) the Lists overlay.
    case toggleLists
    /// `m`: the picker of the list the selected item moves to.
    case startMoveItem
    /// Enter in the overlay: opens the selected list; in the picker, moves the item there.
    case chooseList
    case startAddList, startRenameList, deleteList
    /// Moves the selected list one place down (+1) or up (-1) in the lists' order.
    case moveList(Int)
    case move(Int)
    case moveToTop, moveToBottom, pageDown, pageUp
    /// Selects a row of the current screen by its index (a mouse click).
    case selectRow(Int)
    /// Scrolls the current list by rows (the mouse wheel), keeping the selection in view.
    case scroll(Int)
    case undo, redo
    /// `S`: sync the list on show with its CalDAV collection now.
    case syncNow
    case toggleHelp
    case helpScroll(Int)
    case replayTutorial
    case startFilter
    /// Esc in a list: clears the filter, then the category scope.
    case clearFilter

    // MARK: - Items
    case startAdd, startEdit, toggle, delete, cycleSort, clearPurchased
    /// Toggles the item on a row (a click on its checkbox); on a Due again row, adds it.
    case toggleRow(Int)
    /// `+` or Enter on a Due again row: adds the name; `d`: hides it until bought again.
    case addDue, hideDue

    // MARK: - Categories
    case openCategory, startAddCategory, startRenameCategory, deleteCategory
    case moveCategory(Int)

    // MARK: - Input line and confirmation
    case line(EditAction)
    case submit, cancel
    /// Ctrl-C in the input line: closes it like Esc and says how to quit.
    case interrupt
    /// Pasted text: inserted in the input line (one item per line in the add line); in a list
    /// it opens the add line with it.
    case paste(String)
    case answer(Bool)
}

/// An editing key in the input line.
public enum EditAction: Equatable, Sendable {
    case insert(String)
    case backspace, deleteForward, left, right, home, end, killToStart, killToEnd, killWord, complete
}

/// Work the reducer asks the outside world to do; the run loop carries it out.
public enum Effect: Equatable, Sendable {
    /// Commit a change; the result comes back as `.committed`.
    case commit(Command, CommitContext)
    /// Record in the config file that the tutorial was seen.
    case saveIntroSeen
    /// Work on another list: read it, and remember it as the one last opened; its data comes
    /// back as `.loaded`.
    case openList(Int64)
    /// Sync the list on show with its CalDAV collection (in the background).
    case sync
    /// Repaint the whole terminal.
    case redraw
    case quit
}

/// What the reducer needs to know when a commit comes back.
public struct CommitContext: Equatable, Sendable {
    public enum Role: Equatable, Sendable {
        /// A new change: push it on the undo stack.
        case record
        /// Undoing an entry: move it to the redo stack.
        case undo(UndoEntry)
        /// Redoing an entry: move it back to the undo stack.
        case redo(UndoEntry)
    }

    public var role: Role
    /// What the status line says once the change is committed.
    public var message: StatusMessage?
    /// Select the item the change inserted (after an add).
    public var selectInserted: Bool

    public init(role: Role = .record, message: StatusMessage? = nil, selectInserted: Bool = false) {
        self.role = role
        self.message = message
        self.selectInserted = selectInserted
    }
}

/// One undoable change and how to describe it.
public struct UndoEntry: Equatable, Sendable {
    public var changes: ChangeSet
    public var label: StatusMessage?
    /// The list the change was made in: undoing it goes back there.
    public var listID: Int64

    public init(changes: ChangeSet, label: StatusMessage?, listID: Int64 = 1) {
        self.changes = changes
        self.label = label
        self.listID = listID
    }
}

/// A transient status-line message, kept semantic so the view can say it in either language.
public indirect enum StatusMessage: Equatable, Sendable {
    case added(String), updated(String), checked(String), unchecked(String), deleted(String)
    /// `[` `]` or `m` with one list.
    case onlyOneList
    /// An item moved to another list: (item, list).
    case movedToList(String, String)
    case listAdded(String), listDeleted(String)
    /// (old name, new name).
    case listRenamed(String, String)
    /// A list renamed onto another's name: (renamed, merged into).
    case listMerged(String, String)
    /// A list moved one place down (+1) or up (-1) the lists' order.
    case listMoved(String, Int)
    /// The last list cannot be deleted.
    case lastList(String)
    /// A sync failed: why.
    case syncFailed(String)
    /// `S` on a list that is not linked to a server.
    case notLinked(String)
    case badListName(ShoppingList.NameProblem)
    /// Several items added at once (a paste of several lines).
    case addedItems(Int)
    /// A line of a paste that cannot be added (nothing of the paste is).
    case pastedLine(Int, StatusMessage)
    case clearedPurchased(Int)
    /// A name hidden from Due again until it is bought again.
    case hiddenDue(String)
    /// A key a Due again row does not take: which ones it does.
    case dueAgainKeys
    case categoryAdded(String), categoryRenamed(String), categoryDeleted(String)
    /// A category renamed onto another's name: (renamed, merged into).
    case categoryMerged(String, String)
    /// A category moved one place down (+1) or up (-1) the store walk.
    case categoryMoved(String, Int)
    case categoryExists(String)
    case reservedCategoryName(String)
    case alreadyOnList(String)
    /// The item an edit line was open on left the list meanwhile (deleted, or moved away).
    case editedItemGone(String)
    /// A text over its limit (`ItemLimits`).
    case tooLong(ItemLimits.Field)
    /// The database was opened for reading only: changes cannot be saved.
    case readOnly
    case undone(StatusMessage?), redone(StatusMessage?)
    case nothingToUndo, nothingToRedo, nothingPurchased, nothingSelected
    case emptyName, emptyCategoryName, badDate(String)
    case uncategorisedIsFixed
    case sortedBy(SortMode)
    case configProblem(ConfigProblem, more: Int)
    case introNotSaved(String)
    case saveFailed(String)
    case configUnreadable(String)
    case ctrlCAgainToQuit
    /// An undo (or redo) left rows alone that another process changed since.
    case notUndoneChangedElsewhere, notRedoneChangedElsewhere

    /// Whether the message reports something that went wrong.
    public var isError: Bool {
        switch self {
        case .pastedLine: return true
        case .emptyName, .emptyCategoryName, .badDate, .configProblem, .introNotSaved, .saveFailed, .configUnreadable,
             .nothingToUndo, .nothingToRedo, .nothingPurchased, .nothingSelected, .uncategorisedIsFixed,
             .notUndoneChangedElsewhere, .notRedoneChangedElsewhere, .reservedCategoryName, .tooLong, .readOnly,
             .lastList, .badListName, .syncFailed, .notLinked:
            return true
        default:
            return false
        }
    }

    /// Whether `u` would undo what the message reports.
    public var offersUndo: Bool {
        switch self {
        case .added, .addedItems, .updated, .checked, .unchecked, .deleted, .clearedPurchased, .hiddenDue,
             .categoryAdded, .categoryRenamed, .categoryDeleted, .categoryMerged, .categoryMoved,
             .movedToList, .listAdded, .listDeleted, .listRenamed, .listMerged, .listMoved:
            return true
        default:
            return false
        }
    }
}
