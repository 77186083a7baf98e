/// How many items are to buy and purchased (per category on the Categories screen).
public struct ItemCounts: Equatable, Sendable {
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
}

/// What the keyboard currently talks to; the keymap has one table per mode.
public enum KeyMode: Equatable, Sendable {
    case tooSmall, intro, help, confirm, input, toBuy, purchased, categories
}

/// The selection, scroll position and filter of one list screen.
public struct ListState: Equatable, Sendable {
    public var rows: [ListRow] = []
    /// Index into `rows`; on a selectable row whenever there is one.
    public var selection = 0
    /// The first visible row.
    public var scroll = 0
    public var filter = ""

    public init() {}

    /// The selected row, if any.
    public var selected: ListRow? {
        rows.indices.contains(selection) && rows[selection].isSelectable ? rows[selection] : nil
    }
}

/// What the input line is for.
public enum InputPurpose: Equatable, Sendable {
    case add, edit(Int64), filter, newCategory, renameCategory(Int64)

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
    public var language: Language
    public var settings: Settings
    public var width = 80
    public var height = 24
    public var clock: LocalClock

    /// The tutorial, while it is showing.
    public var intro: IntroState?
    public var screen: Screen = .toBuy
    public var sort: SortMode

    // MARK: Data
    public private(set) var items: [Int64: Item] = [:]
    public private(set) var categories: [Int64: Category] = [:]
    public private(set) var knownNames: [String] = []
    public private(set) var toBuyCount = 0
    public private(set) var purchasedCount = 0
    /// Per category (nil: uncategorised): items to buy and purchased.
    public private(set) var categoryCounts: [Int64?: ItemCounts] = [:]
    /// The whole list's counts while `items` holds only the first screen of it.
    private var partialTotals: ListTotals?

    // MARK: Screens
    public var lists: [Screen: ListState] = [.toBuy: ListState(), .purchased: ListState(), .categories: ListState()]
    /// The category the To buy screen is narrowed to, after Enter on the Categories screen.
    public var scope: CategoryScope?
    /// The category of a scope that lapsed when its category went (an undo of adding it): the
    /// scope comes back with the category (redo), unless another category was opened since.
    var lapsedScope: Int64?
    public var input: InputState? {
        // The input line takes a row from the lists, so opening or closing it changes how many
        // rows fit: a list scrolled to its end would otherwise leave a blank row once it closes.
        didSet { if (oldValue == nil) != (input == nil) { for s in Screen.allCases { settleSelection(s, direction: 1) } } }
    }
    public var confirmation: Confirmation?
    /// The help overlay's scroll offset, while it is open.
    public var helpScroll: Int?
    /// How many lines the help overlay has per screen, supplied by the view layer so scrolling stops at the end.
    public var helpLineCounts: [Screen: Int] = [:]
    public var message: ShownMessage?

    /// Purchased items numbered in the order they were checked, as the store numbers them.
    private var checkOrder: [Int64: Int] = [:]
    /// The highest number `checkOrder` has given; an item checked again gets a new, higher one
    /// (counting the map's entries would repeat a number once an item is checked twice).
    private var checks = 0

    /// Screens whose rows changed while another screen was shown.
    var changedUnseen: Set<Screen> = []

    public private(set) var undoStack: [UndoEntry] = []
    public private(set) var redoStack: [UndoEntry] = []
    public var quitting = false

    /// The starting state.
    /// - Parameters:
    ///   - showIntro: whether the tutorial opens first.
    ///   - problems: config lines kago could not use; the first is reported once.
    public init(settings: Settings, language: Language, clock: LocalClock, showIntro: Bool,
                problems: [ConfigProblem] = []) {
        self.settings = settings
        self.language = language
        self.clock = clock
        self.sort = settings.sort
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
        switch screen {
        case .toBuy: return .toBuy
        case .purchased: return .purchased
        case .categories: return .categories
        }
    }

    /// Rows available to a list between the tab bar and the status line; the input line's
    /// hint row takes one more.
    public var listHeight: Int { max(1, height - 2 - (input != nil ? 1 : 0)) }

    /// Lines the help overlay shows at once (below the tab bar, less its title and footer rows).
    public var helpViewport: Int { Self.helpViewport(height: height) }

    public static func helpViewport(height: Int) -> Int { max(1, height - 3) }

    /// The current screen's list.
    public var list: ListState {
        get { lists[screen]! }
        set { lists[screen] = newValue }
    }

    /// The selected item on the current screen, if the selection is an item.
    public var selectedItem: Item? {
        if case .item(let id)? = list.selected { return items[id] }
        return nil
    }

    /// Whether the run loop should send ticks often (an animation is running).
    public var isAnimating: Bool { intro?.transition != nil }

    /// A category's name, or nil.
    public func categoryName(_ id: Int64?) -> String? { id.flatMap { categories[$0]?.name } }

    /// Categories in store-walk order.
    public var orderedCategories: [Category] {
        categories.values.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
    }

    // MARK: - Data updates (used by the reducer)

    /// Replaces all data, keeping each screen's selection on the same row where it still exists.
    mutating func replaceData(_ snapshot: Snapshot) {
        items = snapshot.itemsByID
        categories = Dictionary(snapshot.categories.map { ($0.id, $0) }, uniquingKeysWith: { _, b in b })
        knownNames = snapshot.knownNames
        // The first screen's window carries no purchases; the whole list brings their order.
        if snapshot.totals == nil {
            checkOrder = snapshot.checkOrder
            checks = snapshot.checkOrder.values.max() ?? 0
        }
        // Only ever for one frame: the run loop reads the whole list before it takes a key.
        partialTotals = snapshot.totals
        rebuildAll()
    }

    /// Writes the `after` side of a change set into the in-memory data.
    mutating func applyRows(_ changes: ChangeSet) {
        for c in changes.categories { categories[c.id] = c.after }
        for c in changes.items {
            if c.after?.isPurchased == true && c.before?.isPurchased != true {
                checks += 1
                checkOrder[c.id] = checks
            }
            items[c.id] = c.after
            if let name = c.after?.name, c.before?.name != name {
                knownNames.removeAll { $0.matchKey == name.matchKey }
                knownNames.insert(name, at: 0)
            }
        }
        rebuildAll()
    }

    mutating func pushUndo(_ entry: UndoEntry, clearRedo: Bool) {
        undoStack.append(entry)
        if clearRedo { redoStack.removeAll() }
    }

    mutating func popUndo() -> UndoEntry? { undoStack.popLast() }
    mutating func popRedo() -> UndoEntry? { redoStack.popLast() }
    mutating func pushRedo(_ entry: UndoEntry) { redoStack.append(entry) }

    /// Recomputes counts and the rows of every screen.
    mutating func rebuildAll() {
        // One pass, hashing nothing per item: categories are few, so an item's category is
        // found by binary search in their sorted ids. An id no category has is uncategorised.
        let ids = categories.keys.sorted()
        var slots = [ItemCounts](repeating: ItemCounts(), count: ids.count + 1)
        for item in items.values {
            let slot = item.categoryID.flatMap { ids.sortedIndex(of: $0) } ?? ids.count
            if item.isPurchased { slots[slot].purchased += 1 } else { slots[slot].toBuy += 1 }
        }
        var counts: [Int64?: ItemCounts] = [:]
        for (slot, c) in slots.enumerated() where c.toBuy + c.purchased > 0 {
            counts[slot < ids.count ? ids[slot] : nil] = c
        }
        let totals = slots.reduce(ItemCounts()) { ItemCounts(toBuy: $0.toBuy + $1.toBuy, purchased: $0.purchased + $1.purchased) }
        toBuyCount = partialTotals?.toBuy ?? totals.toBuy
        purchasedCount = partialTotals?.purchased ?? totals.purchased
        categoryCounts = counts
        if case .category(let id)? = scope, categories[id] == nil {
            scope = nil
            lapsedScope = id
        } else if scope == nil, let id = lapsedScope, categories[id] != nil {
            scope = .category(id)
            lapsedScope = nil
        }
        for s in Screen.allCases { rebuild(s) }
    }

    /// Rebuilds one screen's rows (after its filter or the sort changed).
    mutating func rebuild(_ s: Screen) {
        switch s {
        case .toBuy:
            setRows(.toBuy, ListRows.toBuy(items.values.lazy.filter { !$0.isPurchased }, sort: sort, categories: categories,
                                            today: clock.today, filter: lists[.toBuy]!.filter, scope: scope))
        case .purchased:
            setRows(.purchased, ListRows.purchased(items.values.lazy.filter(\.isPurchased), categories: categories,
                                                   filter: lists[.purchased]!.filter, checkOrder: checkOrder))
        case .categories:
            setRows(.categories, ListRows.categories(Array(categories.values), filter: lists[.categories]!.filter))
        }
    }

    /// Installs new rows, keeping the selection on the same row if it survived, else near where it was.
    mutating func setRows(_ s: Screen, _ rows: [ListRow]) {
        var l = lists[s]!
        let old = l.selected
        if s != screen && l.rows != rows { changedUnseen.insert(s) }
        l.rows = rows
        if let old, let i = rows.firstIndex(of: old) {
            l.selection = i
        } else {
            l.selection = min(l.selection, max(0, rows.count - 1))
        }
        lists[s] = l
        settleSelection(s, direction: 1)
    }

    /// Moves the selection off a header (preferring `direction`) and scrolls it into view.
    mutating func settleSelection(_ s: Screen, direction: Int) {
        var l = lists[s]!
        if !l.rows.isEmpty {
            l.selection = max(0, min(l.selection, l.rows.count - 1))
            if !l.rows[l.selection].isSelectable {
                if let i = ListState.nextSelectable(in: l.rows, from: l.selection, step: direction) {
                    l.selection = i
                } else if let i = ListState.nextSelectable(in: l.rows, from: l.selection, step: -direction) {
                    l.selection = i
                }
            }
        } else {
            l.selection = 0
        }
        l.scrollIntoView(height: listHeight)
        lists[s] = l
    }
}

extension ListState {
    /// The first selectable row from `start` (inclusive) stepping by `step`, if any.
    static func nextSelectable(in rows: [ListRow], from start: Int, step: Int) -> Int? {
        var i = start
        while rows.indices.contains(i) {
            if rows[i].isSelectable { return i }
            i += step
        }
        return nil
    }

    /// Adjusts `scroll` so the selection (and a header just above it) is visible and no space is wasted.
    mutating func scrollIntoView(height: Int) {
        let top = selection > 0 && !rows[selection - 1].isSelectable ? selection - 1 : selection
        if top < scroll { scroll = top }
        if selection >= scroll + height { scroll = selection - height + 1 }
        scroll = max(0, min(scroll, rows.count - height))
    }
}

extension [Int64] {
    /// The index of `value` in this ascending array, by binary search.
    func sortedIndex(of value: Int64) -> Int? {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < count && self[low] == value ? low : nil
    }
}
