/// How many items are to buy and purchased: in a list, or in one of its categories.
public struct ItemCounts: Equatable, Hashable, Sendable {
    public var toBuy = 0
    public var purchased = 0
    public init(toBuy: Int = 0, purchased: Int = 0) {
        self.toBuy = toBuy
        self.purchased = purchased
    }
}

/// The three main screens, in tab order.
public enum Screen: Int, CaseIterable, Sendable {
    case toBuy, purchased, categories

    /// The screen `step` tabs along, wrapping around.
    public func neighbour(_ step: Int) -> Screen {
        let all = Self.allCases
        return all[((all.firstIndex(of: self)! + step) % all.count + all.count) % all.count]
    }
}

/// What the keyboard currently talks to; the keymap has one table per mode.
public enum KeyMode: Equatable, Sendable {
    case tooSmall, intro, help, confirm, input, toBuy, purchased, categories
    /// To buy with the selection on a row of the Due again group (SPEC §10).
    case dueAgain
    /// The Lists overlay, and the picker `m` opens.
    case lists, listPicker

    /// The mode of a list screen.
    public init(_ screen: Screen) {
        switch screen {
        case .toBuy: self = .toBuy
        case .purchased: self = .purchased
        case .categories: self = .categories
        }
    }
}

/// The rows, selection, scroll position and filter of one list screen.
public struct ListState: Equatable, Sendable {
    /// Every row before the filter (on To buy, within the category scope), in order.
    public internal(set) var all: [ListRow] = []
    /// While a filter is set: the rows among the first `scanned` of `all` that match it, with
    /// their headers. Found only as far as the screen needs, so a filter keystroke costs the
    /// rows it shows rather than the length of the list.
    var found: [ListRow]?
    /// How many rows of `all` the filter has looked at.
    var scanned = 0
    /// The group of the rows at `scanned`: the last header the filter passed.
    var scanGroup: GroupHeader?
    /// Index into `rows`; on a selectable row whenever there is one.
    public var selection = 0
    /// The first visible row.
    public var scroll = 0
    public var filter = ""

    public init() {}

    /// The rows shown: the matches found so far, or every row when there is no filter.
    public var rows: [ListRow] { found ?? all }

    /// Whether `rows` holds every row the screen will show (the filter has looked at all).
    public var isComplete: Bool { found == nil || scanned == all.count }

    /// The selected row, if any.
    public var selected: ListRow? {
        let rows = rows
        return rows.indices.contains(selection) && rows[selection].isSelectable ? rows[selection] : nil
    }
}

/// What the input line is for.
public enum InputPurpose: Equatable, Sendable {
    case add, edit(Int64), filter, newCategory, renameCategory(Int64), newList, renameList(Int64)

    /// Whether the line edits an existing item.
    public var isEdit: Bool {
        if case .edit = self { return true }
        return false
    }
}

/// The open input line.
public struct InputState: Equatable, Sendable {
    public var purpose: InputPurpose
    public var editor: LineEditor
    /// Tab completion in progress: the candidates and which one is shown.
    public var completion: Completion?
    /// The text whose name was found already on To buy; Enter on it again adds it anyway.
    public var warnedDuplicate: String?

    public init(purpose: InputPurpose, text: String = "") {
        self.purpose = purpose
        editor = LineEditor(text)
    }
}

/// Cycling through Tab-completion candidates that replace `range` of the line.
public struct Completion: Equatable, Sendable {
    public var candidates: [String]
    public var index: Int
    public var range: Range<Int>
    /// What `range` held before completing, restored after the last candidate.
    public var original: String
}

/// A y/n question shown on the status line.
public enum Confirmation: Equatable, Sendable {
    case clearPurchased(count: Int)
    /// Deleting a list that has items.
    case deleteList(id: Int64, name: String, count: Int)
    /// Renaming a list onto another's name, which merges them.
    case mergeList(id: Int64, name: String, into: String)
}

/// The tutorial's page and slide animation.
public struct IntroState: Equatable, Sendable {
    public var page = 0
    public var pageCount = 3
    public var transition: Transition?
    /// Replayed from the help overlay: `q` goes back to the list instead of quitting.
    public var isReplay = false

    public init(isReplay: Bool = false) {
        self.isReplay = isReplay
    }
}

/// A page slide in progress.
public struct Transition: Equatable, Sendable {
    public var from: Int
    public var to: Int
    /// When the first tick saw it, in milliseconds.
    public var startedAt: Double?
    /// 0 at the start, 1 when done.
    public var progress: Double = 0

    /// How long a slide takes (SPEC: at most 150 ms).
    public static let duration = 120.0
}

/// A status message and when it appeared.
public struct ShownMessage: Equatable, Sendable {
    public var message: StatusMessage
    /// Set by the first tick after it appeared; it expires `lifetime` ms later.
    public var shownAt: Double?

    public static let lifetime = 5000.0

    public init(message: StatusMessage) {
        self.message = message
    }
}

/// Everything the screen shows, in one value; changed only by `apply(_:)`.
public struct AppState: Equatable, Sendable {
    public var settings: Settings
    public var width = 80
    public var height = 24
    public var clock: LocalClock

    /// The tutorial, while it is showing.
    public var intro: IntroState?
    public var screen: Screen = .toBuy {
        didSet { model.show(screen) }
    }
    /// The list on show.
    public internal(set) var model: ListModel
    /// Every list, in order (SPEC §8); empty until the store has said.
    public internal(set) var lists: [ShoppingList] = []
    /// The other lists opened in this session, as they were left (sort, filter, selection).
    var parked: [Int64: ListModel] = [:]
    public var input: InputState? {
        // The input line takes a row from the lists, so opening or closing it changes how many
        // rows fit: a list scrolled to its end would otherwise leave a blank row once it closes.
        didSet { if (oldValue == nil) != (input == nil) { model.resized(height: listHeight) } }
    }
    public var confirmation: Confirmation?
    /// The Lists overlay or the move picker, while open.
    public var listsOverlay: ListsOverlay?
    /// The help overlay's scroll offset, while it is open.
    public var helpScroll: Int?
    /// How many lines the help overlay has per screen, supplied by the view layer so scrolling stops at the end.
    public var helpLineCounts: [Screen: Int] = [:]
    public var message: ShownMessage?
    /// The mark the tab bar shows for sync: while one runs, or after one failed.
    public var syncMark: SyncMark?

    public private(set) var undoStack: [UndoEntry] = []
    public private(set) var redoStack: [UndoEntry] = []
    public var quitting = false

    /// The starting state.
    /// - Parameters:
    ///   - showIntro: whether the tutorial opens first.
    ///   - problems: config lines kago could not use; the first is reported once.
    ///   - listID: the list shown first.
    public init(settings: Settings, clock: LocalClock, showIntro: Bool,
                problems: [ConfigProblem] = [], listID: Int64 = 1) {
        self.settings = settings
        self.clock = clock
        model = ListModel(sort: settings.sort, today: clock.today, listID: listID, showsDue: settings.suggestions)
        model.resized(height: listHeight)
        if showIntro { intro = IntroState() }
        if let first = problems.first {
            message = ShownMessage(message: .configProblem(first, more: problems.count - 1))
        }
    }

    // MARK: - Derived

    /// Below this size only the "terminal too small" screen is drawn.
    public static let minimumWidth = 30
    public static let minimumHeight = 8

    public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    /// Which keymap table applies now.
    public var keyMode: KeyMode {
        if isTooSmall { return .tooSmall }
        if intro != nil { return .intro }
        if helpScroll != nil { return .help }
        if confirmation != nil { return .confirm }
        if input != nil { return .input }
        if let overlay = listsOverlay { return overlay.purpose == .manage ? .lists : .listPicker }
        if screen == .toBuy, list.selected?.isSuggestion == true { return .dueAgain }
        return KeyMode(screen)
    }

    /// Rows available to a list between the tab bar and the status line; the input line's
    /// hint row takes one more.
    public var listHeight: Int { max(1, height - 2 - (input != nil ? 1 : 0)) }

    /// Lines the help overlay shows at once (below the tab bar, less its title and footer rows).
    public var helpViewport: Int { Self.helpViewport(height: height) }

    public static func helpViewport(height: Int) -> Int { max(1, height - 3) }

    /// The current screen's rows, selection and filter.
    public var list: ListState {
        get { model.screens[screen]! }
        set { model.screens[screen] = newValue }
    }

    /// The selected item on the current screen, if the selection is an item.
    public var selectedItem: Item? {
        if case .item(let id)? = list.selected { return model.items[id] }
        return nil
    }

    /// The selected name of the Due again group, if the selection is on one.
    public var selectedDue: DueItem? {
        if screen == .toBuy, case .suggestion(let key)? = list.selected { return model.dueItem(key) }
        return nil
    }

    /// The list on show, when the store has said which lists there are.
    public var currentList: ShoppingList? { lists.first { $0.id == model.listID } }

    /// Whether the run loop should send ticks often (an animation is running).
    public var isAnimating: Bool { intro?.transition != nil }

    mutating func pushUndo(_ entry: UndoEntry, clearRedo: Bool) {
        undoStack.append(entry)
        if clearRedo { redoStack.removeAll() }
    }

    mutating func popUndo() -> UndoEntry? { undoStack.popLast() }
    mutating func popRedo() -> UndoEntry? { redoStack.popLast() }
    mutating func pushRedo(_ entry: UndoEntry) { redoStack.append(entry) }
}

/// What the tab bar says about sync (SPEC §9): `⇅` while syncing, `⚠` after a failure.
public enum SyncMark: Equatable, Sendable {
    case syncing, failed
}
