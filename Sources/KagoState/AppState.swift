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
    /// What an edit line was filled with: fields the user left alone take the item as it is
    /// by Enter, so a change that arrived meanwhile (a phone, another process) stays.
    public var opened: ItemDraft?

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

/// The tutorial: its pages, the page on show, the slide, and the practice list (SPEC §3).
public struct IntroState: Equatable, Sendable {
    /// The pages shown, in order: every page, or only those new since the version seen.
    public var pages: [Lesson]
    public var page = 0
    public var transition: Transition?
    /// Replayed from the help overlay: `q` goes back to the list instead of quitting.
    public var isReplay = false
    /// Only the pages added since the tutorial the user saw: labelled "New in kago".
    public var isWhatsNew = false
    /// The live list each page's key works on; it carries over from page to page.
    public var practice: Practice
    /// The lessons done on their own page: their try-it line has turned into a ✓.
    public var done: Set<Lesson> = []

    /// A tutorial of the given pages with a fresh practice list.
    public init(pages: [Lesson] = Tutorial.allLessons, isReplay: Bool = false, isWhatsNew: Bool = false,
                seed: PracticeSeed = .english, settings: Settings = Settings(), clock: LocalClock) {
        self.pages = pages
        self.isReplay = isReplay
        self.isWhatsNew = isWhatsNew
        practice = Practice(seed: seed, settings: settings, clock: clock)
    }

    public var pageCount: Int { pages.count }

    /// What the page on show teaches.
    public var lesson: Lesson { pages[page] }

    /// Whether the page on show has been done (its ✓ shows).
    public var isDone: Bool { done.contains(lesson) }

    /// Fits the practice list to a terminal size; without room for its box it keeps working
    /// at a nominal size, its input line drawn above the buttons.
    mutating func resize(width: Int, height: Int) {
        let size = Self.practiceSize(width: width, height: height) ?? (min(max(width - 4, 30), 56), 8)
        _ = practice.apply(.resize(width: size.width, height: size.height))
    }

    /// The practice list's size in a terminal of this size: nil when the terminal is too short
    /// for its box beside the title, the line and the try-it line (SPEC §3: the box goes first).
    public static func practiceSize(width: Int, height: Int) -> (width: Int, height: Int)? {
        // Rows between the Skip row and the buttons: the box and a blank, the title, a blank,
        // the line, a blank and the try-it line (each of those two lines may wrap once below 56
        // columns, where the longest of them no longer fits).
        let content = (height >= 12 ? height - 2 : height - 1) - 1
        let text = width >= 56 ? 5 : 7
        let rows = min(8, content - text - 1 - 2)
        guard rows >= 4, width >= 34 else { return nil }
        return (min(width - 4, 56), rows)
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
    /// What the tutorial's practice lists start with, each time it is shown.
    public let practiceSeed: PracticeSeed
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
    public var helpLineCounts: [HelpTopic: Int] = [:]
    public var message: ShownMessage?
    /// The mark the tab bar shows for sync: while one runs, or after one failed.
    public var syncMark: SyncMark?
    /// Why the last sync failed, said once: the syncs that retry during an outage say it again
    /// only when the reason changes, or when `S` asked for them.
    var syncFailure: String?
    var syncAsked = false

    public private(set) var undoStack: [UndoEntry] = []
    public private(set) var redoStack: [UndoEntry] = []
    public var quitting = false

    /// The starting state.
    /// - Parameters:
    ///   - showIntro: whether the whole tutorial opens first; without it, a user who saw an
    ///     earlier tutorial (`settings.introSeen`) is shown the pages added since.
    ///   - problems: config lines kago could not use; the first is reported once.
    ///   - listID: the list shown first.
    ///   - practiceSeed: the tutorial's practice lists, in the user's language.
    public init(settings: Settings, clock: LocalClock, showIntro: Bool,
                problems: [ConfigProblem] = [], listID: Int64 = 1, practiceSeed: PracticeSeed = .english) {
        self.settings = settings
        self.clock = clock
        self.practiceSeed = practiceSeed
        model = ListModel(sort: settings.sort, today: clock.today, listID: listID, showsDue: settings.suggestions)
        model.resized(height: listHeight)
        if showIntro {
            intro = newIntro()
        } else if let new = Tutorial.newLessons(since: settings.introSeen) {
            intro = newIntro(pages: new, isWhatsNew: true)
        }
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
        if helpScroll != nil { return .help }
        // In the tutorial the practice list's input line owns every key while it is open.
        if let intro { return intro.practice.app.input != nil ? .input : .intro }
        if confirmation != nil { return .confirm }
        if input != nil { return .input }
        if let overlay = listsOverlay { return overlay.purpose == .manage ? .lists : .listPicker }
        if screen == .toBuy, list.selected?.isSuggestion == true { return .dueAgain }
        return KeyMode(screen)
    }

    /// Rows available to a list between the tab bar and the status line; the input line's
    /// hint row takes one more.
    public var listHeight: Int { max(1, height - 2 - (input != nil ? 1 : 0)) }

    /// What the help overlay lists: the tutorial's keys during the tutorial, else the screen's.
    public var helpTopic: HelpTopic { intro != nil ? .tutorial : .screen(screen) }

    /// A tutorial of the given pages, with a fresh practice list sized for the terminal.
    func newIntro(pages: [Lesson] = Tutorial.allLessons, isReplay: Bool = false, isWhatsNew: Bool = false) -> IntroState {
        var intro = IntroState(pages: pages, isReplay: isReplay, isWhatsNew: isWhatsNew, seed: practiceSeed,
                               settings: settings, clock: clock)
        intro.resize(width: width, height: height)
        return intro
    }

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

/// What a help overlay lists the keys of.
public enum HelpTopic: Hashable, Sendable {
    case screen(Screen)
    /// The tutorial's keys and its practice list's.
    case tutorial

    /// Every topic, for laying them all out at a terminal size.
    public static let all: [HelpTopic] = Screen.allCases.map { .screen($0) } + [.tutorial]
}

/// What the tab bar says about sync (SPEC §9): `⇅` while syncing, `⚠` after a failure.
public enum SyncMark: Equatable, Sendable {
    case syncing, failed
}
