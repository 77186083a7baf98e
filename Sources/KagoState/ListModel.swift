/// One list: its items and categories, their counts, and the rows, selection and filter of its
/// three screens. Pure; the reducer changes it through `load`, `apply` and the screen operations.
///
/// A commit's rows update it by delta: counts change by the difference and each changed item
/// leaves and joins its screen's rows by binary search, so a check costs the same at 100 rows
/// and at a million. Only a change of categories (few, and they reorder everything) rebuilds.
public struct ListModel: Equatable, Sendable {
    // MARK: Data
    public private(set) var items = ItemTable()
    public private(set) var categories: [Int64: Category] = [:]
    /// Names for Tab completion, most recent first.
    public private(set) var knownNames: [String] = []
    public private(set) var toBuyCount = 0
    public private(set) var purchasedCount = 0
    /// Per category (nil: uncategorised): items to buy and purchased.
    public private(set) var categoryCounts: [Int64?: ItemCounts] = [:]
    /// The whole list's counts while `items` holds only the first screen of it.
    private var partialTotals: ItemCounts?
    /// Purchased items numbered in the order they were checked, as the store numbers them.
    private var checkOrder: [Int64: Int] = [:]
    /// The highest number `checkOrder` has given; an item checked again gets a new, higher one
    /// (counting the map's entries would repeat a number once an item is checked twice).
    private var checks = 0

    // MARK: Due again (SPEC §10)
    /// The list's purchases by name.
    public internal(set) var history = PurchaseHistory()
    /// The names due again, most overdue first: the group To buy ends with (`ListModel+Due`).
    public internal(set) var due: [DueItem] = []
    /// Where each name is in `due`.
    var dueIndex: [String: Int] = [:]
    /// Whether To buy ends with the Due again group (the config's `suggestions`).
    public let showsDue: Bool
    /// How many items on To buy have each name that has fallen due this session: a name due
    /// but on To buy already is not offered. Counted when a name first falls due, then kept
    /// up to date by each change, so no commit folds every name on the list.
    var toBuyNamed: [String: Int] = [:]
    /// How many rows at the end of To buy's rows are the Due again group (its header included).
    var dueRowCount = 0

    // MARK: Screens
    public internal(set) var screens: [Screen: ListState] = [.toBuy: ListState(), .purchased: ListState(),
                                                             .categories: ListState()]
    public private(set) var sort: SortMode
    /// The category the To buy screen is narrowed to, after Enter on the Categories screen.
    public private(set) var scope: CategoryScope?
    /// The category of a scope that lapsed when its category went (an undo of adding it): the
    /// scope comes back with the category (redo), unless another category was opened since.
    private var lapsedScope: Int64?
    /// The screen on show, nil while another list is.
    var shown: Screen? = .toBuy
    /// Screens whose rows changed while another screen was shown.
    var changedUnseen: Set<Screen> = []
    /// Rows the list area shows, to keep the selection in view.
    var height = 1
    private(set) var today: Day
    private var filterSteps = FilterSteps()

    /// The list's id in the store.
    public let listID: Int64

    /// - Parameter showsDue: whether To buy ends with the Due again group.
    public init(sort: SortMode, today: Day, listID: Int64 = 1, showsDue: Bool = true) {
        self.sort = sort
        self.today = today
        self.listID = listID
        self.showsDue = showsDue
    }

    /// A category's name, or nil.
    public func categoryName(_ id: Int64?) -> String? { id.flatMap { categories[$0]?.name } }

    /// Categories in store-walk order.
    public var orderedCategories: [Category] {
        categories.values.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
    }

    // MARK: - Data

    /// Replaces all data, keeping each screen's selection on the same row where it still exists.
    mutating func load(_ snapshot: Snapshot) {
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
        if snapshot.totals == nil {
            if let read = snapshot.history { history = read }
            toBuyNamed = [:]
            setDue(dueNow(), rebuilding: true)
        }
        rebuildAll()
    }

    /// Takes other processes' changes: each row as it is now (nil: deleted, or on another list).
    mutating func changedOutside(items changed: [Int64: Item?], categories changedCategories: [Int64: Category?],
                                 purchases: [Int64: Purchase?] = [:]) {
        let changes = ChangeSet(
            items: changed.map { RowChange(id: $0.key, before: items[$0.key], after: $0.value) }.filter { $0.before != $0.after },
            categories: changedCategories.map { RowChange(id: $0.key, before: categories[$0.key], after: $0.value) }
                .filter { $0.before != $0.after })
        if !changes.isEmpty || !purchases.isEmpty { apply(changes, purchases: purchases) }
    }

    /// Writes the `after` side of a change set into the list: the part on this list (rows
    /// moved away leave it, rows moved in join it).
    /// - Parameter purchases: the purchases as they are now, when they come from elsewhere
    ///   (their earlier state unknown); else the change set's.
    mutating func apply(_ all: ChangeSet, purchases: [Int64: Purchase?]? = nil) {
        let changes = all.seen(from: listID)
        filterSteps.forget()
        forget(all.learned)
        // Once the items are in: a name falling due is counted on To buy as it is now.
        let outside = purchases.map { $0.map { RowChange(id: $0.key, before: nil, after: $0.value) } }
        func followed() -> [DueItem]? { followDue(changes.items, purchases: outside ?? changes.purchases) }
        guard changes.categories.isEmpty, partialTotals == nil else {
            for c in changes.categories { categories[c.id] = c.after }
            for c in changes.items {
                if Self.isCheck(c) { numberCheck(c.id) }
                items[c.id] = c.after
                learn(c)
            }
            if let newDue = followed() { setDue(newDue, rebuilding: true) }
            rebuildAll()
            return
        }
        var touched = Set<Screen>()
        // A changed item's row leaves and comes back; the selection stays with it (an edit, or
        // another process's change to the selected item), where it is still on that screen.
        let selectedItems = Screen.allCases.compactMap { s in
            screens[s]!.selected.flatMap { row in
                if case .item(let id) = row, changes.items.contains(where: { $0.id == id }) { return (s, row) }
                return nil
            }
        }
        for c in changes.items {
            let old = items[c.id]
            let check = Self.isCheck(c)
            guard old != c.after || check else { continue }
            if let old {
                count(old, by: -1)
                unlist(old, touched: &touched)
            }
            if check { numberCheck(c.id) }
            items[c.id] = c.after
            if let new = c.after {
                count(new, by: 1)
                list(new, touched: &touched)
            }
            learn(c)
        }
        if let newDue = followed() { setDue(newDue, rebuilding: false) }
        for (s, row) in selectedItems {
            // Only an item still on that screen: one checked, deleted or filtered away leaves
            // the selection on the row that took its place (and a search would scan every row).
            guard case .item(let id) = row, let item = items[id], Self.screen(of: item) == s, isInScope(item),
                  matches(item, screens[s]!.filter.matchKey), let i = index(of: row, on: s) else { continue }
            screens[s]!.selection = i
        }
        for s in touched { settleSelection(s, direction: 1) }
    }

    /// Whether a change checks an item off, which numbers it in check order as the store does.
    private static func isCheck(_ c: RowChange<Item>) -> Bool {
        c.after?.isPurchased == true && c.before?.isPurchased != true
    }

    private mutating func numberCheck(_ id: Int64) {
        checks += 1
        checkOrder[id] = checks
    }

    private mutating func learn(_ c: RowChange<Item>) {
        guard let name = c.after?.name, c.before?.name != name else { return }
        knownNames.removeAll { $0.matchKey == name.matchKey }
        knownNames.insert(name, at: 0)
    }

    /// Drops the names Tab no longer offers: a typo deleted right after its add, an add undone.
    private mutating func forget(_ learned: [RowChange<LearnedName>]) {
        for c in learned where c.after?.offered != true {
            guard let gone = c.before, gone.offered, gone.listID == listID else { continue }
            knownNames.removeAll { $0.matchKey == gone.key }
        }
    }

    /// Adds (+1) or takes away (-1) an item's share of the counts.
    private mutating func count(_ item: Item, by d: Int) {
        let slot = item.categoryID.flatMap { categories[$0] == nil ? nil : $0 }
        var c = categoryCounts[slot] ?? ItemCounts()
        if item.isPurchased {
            c.purchased += d
            purchasedCount += d
        } else {
            c.toBuy += d
            toBuyCount += d
        }
        categoryCounts[slot] = c.toBuy + c.purchased == 0 ? nil : c
    }

    /// The screen an item is listed on.
    private static func screen(of item: Item) -> Screen { item.isPurchased ? .purchased : .toBuy }

    /// The order of a screen's item rows.
    private func order(_ s: Screen) -> RowOrder {
        RowOrder(kind: s == .purchased ? .purchased : .toBuy(sort), categories: categories, today: today,
                 checkOrder: checkOrder)
    }

    /// Whether an item is on its screen before the filter: on To buy, whether it is in the scope.
    private func isInScope(_ item: Item) -> Bool {
        item.isPurchased || ListRows.isShown(item, filterKey: "", scope: scope, categories: categories)
    }

    /// Whether an item matches a filter (folded text).
    private func matches(_ item: Item, _ key: String) -> Bool {
        key.isEmpty || ListRows.matches(item, filterKey: key, categoryName: categoryName(item.categoryID))
    }

    /// Whether an item's or a Due again row matches a filter (folded text).
    func matches(_ row: ListRow, _ key: String) -> Bool {
        switch row {
        case .item(let id): return items[id].map { matches($0, key) } ?? false
        case .suggestion(let name): return dueItem(name).map { ListRows.matches($0, filterKey: key) } ?? false
        case .header, .category: return true
        }
    }

    /// Takes an item's row (and a header left with nothing under it) off its screen.
    private mutating func unlist(_ item: Item, touched: inout Set<Screen>) {
        let s = Self.screen(of: item)
        let order = order(s), items = items
        let removed = order.remove(item, from: &screens[s]!.all, items: items)
        guard !removed.isEmpty else { return }
        if screens[s]!.found == nil {
            for i in removed { screens[s]!.shift(removedAt: i) }
        } else {
            for i in removed where i < screens[s]!.scanned { screens[s]!.scanned -= 1 }
            for i in order.remove(item, from: &screens[s]!.found!, items: items) { screens[s]!.shift(removedAt: i) }
        }
        changed(s, touched: &touched)
    }

    /// Puts an item's row on its screen in order, with its group's header when it is the first;
    /// while filtered, among the matches only where the filter has looked already.
    private mutating func list(_ item: Item, touched: inout Set<Screen>) {
        let s = Self.screen(of: item)
        guard isInScope(item) else { return }
        let order = order(s), items = items
        let inserted = order.insert(item, into: &screens[s]!.all, items: items)
        if screens[s]!.found == nil {
            for i in inserted { screens[s]!.shift(insertedAt: i) }
        } else {
            for i in inserted where i < screens[s]!.scanned { screens[s]!.scanned += 1 }
            if inserted.last! < screens[s]!.scanned, matches(item, screens[s]!.filter.matchKey) {
                for i in order.insert(item, into: &screens[s]!.found!, items: items) { screens[s]!.shift(insertedAt: i) }
            }
        }
        changed(s, touched: &touched)
    }

    private mutating func changed(_ s: Screen, touched: inout Set<Screen>) {
        touched.insert(s)
        if s != shown { changedUnseen.insert(s) }
    }

    // MARK: - Rebuilding

    /// Recomputes counts and the rows of every screen.
    mutating func rebuildAll() {
        filterSteps.forget()
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

    /// Rebuilds one screen's rows from all the data.
    mutating func rebuild(_ s: Screen) {
        let all: [ListRow]
        switch s {
        case .toBuy:
            let dueRows = dueRows()
            dueRowCount = dueRows.count
            all = ListRows.toBuy(items.values.lazy.filter { !$0.isPurchased }, sort: sort, categories: categories,
                                 today: today, filter: "", scope: scope) + dueRows
        case .purchased:
            all = ListRows.purchased(items.values.lazy.filter(\.isPurchased), categories: categories, filter: "",
                                     checkOrder: checkOrder)
        case .categories:
            // A few rows: filtered whole, not found as needed.
            all = ListRows.categories(Array(categories.values), filter: screens[.categories]!.filter)
        }
        let old = screens[s]!.selected
        let before = screens[s]!.rows
        screens[s]!.all = all
        screens[s]!.restartFilter()
        fill(s)
        if s != shown && screens[s]!.rows != before { changedUnseen.insert(s) }
        keepSelection(old, on: s)
    }

    /// Puts the selection back on the row it was on if it is still shown, else near where it was.
    private mutating func keepSelection(_ old: ListRow?, on s: Screen) {
        if let old, let i = screens[s]!.rows.firstIndex(of: old) {
            screens[s]!.selection = i
        } else {
            screens[s]!.selection = min(screens[s]!.selection, max(0, screens[s]!.rows.count - 1))
        }
        settleSelection(s, direction: 1)
    }

    /// Finds the filter's matches until `count` rows are shown or it has looked at every row.
    mutating func fill(_ s: Screen, to count: Int) {
        guard var found = screens[s]!.found, found.count < count, screens[s]!.scanned < screens[s]!.all.count else { return }
        // Taken out while it grows, so the screen's copy does not make every append copy it.
        screens[s]!.found = []
        let key = screens[s]!.filter.matchKey
        let order = order(s)
        let all = screens[s]!.all
        var scanned = screens[s]!.scanned, group = screens[s]!.scanGroup
        while found.count < count, scanned < all.count {
            let row = all[scanned]
            scanned += 1
            switch row {
            case .header(let g): group = g
            case .item(let id):
                guard let item = items[id], matches(item, key) else { continue }
                if let g = group, !order.isIn(g, found.last, items: items) { found.append(.header(g)) }
                found.append(row)
            case .suggestion(let name):
                guard let due = dueItem(name), ListRows.matches(due, filterKey: key) else { continue }
                if found.last?.isSuggestion != true { found.append(.header(.dueAgain)) }
                found.append(row)
            case .category: break
            }
        }
        screens[s]!.scanned = scanned
        screens[s]!.scanGroup = group
        screens[s]!.found = found
    }

    /// Finds as many matches as the screen shows from where it is scrolled, and a screen more.
    mutating func fill(_ s: Screen) {
        let l = screens[s]!
        fill(s, to: max(l.selection, l.scroll) + 2 * height + 2)
    }

    /// Where a row is on a screen, looking further for filter matches if need be; an item's
    /// row is found by binary search.
    mutating func index(of row: ListRow, on s: Screen) -> Int? {
        func find() -> Int? {
            let rows = screens[s]!.rows
            if case .item(let id) = row, s != .categories, let item = items[id], Self.screen(of: item) == s {
                let i = order(s).insertionIndex(of: order(s).key(item), in: rows, items: items)
                return rows.indices.contains(i) && rows[i] == row ? i : nil
            }
            return rows.firstIndex(of: row)
        }
        if let i = find() { return i }
        guard !screens[s]!.isComplete else { return nil }
        fillAll(s)
        return find()
    }

    /// Finds every match (for the end of the list).
    mutating func fillAll(_ s: Screen) { fill(s, to: Int.max) }

    /// The same list with counts and rows computed from scratch and every match found: what
    /// the deltas must equal.
    func rebuilt() -> ListModel {
        var copy = self
        copy.rebuildAll()
        return copy.everyMatchFound()
    }

    /// The same list with every screen's filter matches found.
    func everyMatchFound() -> ListModel {
        var copy = self
        for s in Screen.allCases { copy.fillAll(s) }
        return copy
    }

    // MARK: - Sort, scope, filter, day

    mutating func setSort(_ new: SortMode) {
        sort = new
        filterSteps.forget()
        rebuild(.toBuy)
    }

    /// Narrows To buy to a category (nil: the whole list again).
    mutating func setScope(_ new: CategoryScope?) {
        scope = new
        lapsedScope = nil
        filterSteps.forget()
        rebuild(.toBuy)
    }

    /// Follows the calendar: date groups are relative to today, and so is what is due again.
    mutating func setToday(_ day: Day) {
        guard day != today else { return }
        today = day
        filterSteps.forget()
        setDue(dueNow(), rebuilding: true)
        rebuild(.toBuy)
    }

    /// Sets a screen's filter. Text typed on narrows the matches found so far, a step back
    /// returns to the matches that step had; the selection goes to the first match.
    mutating func setFilter(_ text: String, on s: Screen) {
        let oldKey = screens[s]!.filter.matchKey, newKey = text.matchKey
        guard screens[s]!.filter != text else { return }
        screens[s]!.filter = text
        if s == .categories {
            rebuild(s)
        } else if newKey != oldKey {
            filterSteps.remember(screens[s]!, for: oldKey, on: s)
            if let step = filterSteps.step(for: newKey, on: s) {
                screens[s]!.found = step.found
                screens[s]!.scanned = step.scanned
                screens[s]!.scanGroup = step.scanGroup
            } else if !oldKey.isEmpty, newKey.contains(text: oldKey), let found = screens[s]!.found {
                let model = self
                screens[s]!.found = ListRows.narrowed(found) { model.matches($0, newKey) }
            } else {
                screens[s]!.restartFilter()
            }
            if newKey.isEmpty { filterSteps.forget() }
        }
        screens[s]!.selection = 0
        screens[s]!.scroll = 0
        fill(s)
        settleSelection(s, direction: 1)
    }

    /// Puts a screen on show; Purchased opens on its newest after checks made while it was not.
    mutating func show(_ s: Screen?) {
        shown = s
        guard let s else { return }
        if changedUnseen.remove(s) != nil, s == .purchased {
            screens[s]!.selection = 0
            screens[s]!.scroll = 0
        }
        settleSelection(s, direction: 1)
    }

    /// Moves the selection off a header (preferring `direction`) and scrolls it into view.
    mutating func settleSelection(_ s: Screen, direction: Int) {
        var l = screens[s]!
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
        l.scrollIntoView(height: height)
        screens[s] = l
    }

    /// Settles every screen after the list area changed size.
    mutating func resized(height rows: Int) {
        height = rows
        for s in Screen.allCases { settleSelection(s, direction: 1) }
    }
}

/// What a filter found at each of its earlier texts on each screen, by folded text: a cache,
/// so equal lists compare equal whatever they remember.
private struct FilterSteps: Equatable, Sendable {
    private var steps: [Screen: [String: ListState]] = [:]

    mutating func remember(_ state: ListState, for key: String, on s: Screen) { steps[s, default: [:]][key] = state }

    func step(for key: String, on s: Screen) -> ListState? { steps[s]?[key] }

    mutating func forget() { if !steps.isEmpty { steps = [:] } }

    static func == (_: FilterSteps, _: FilterSteps) -> Bool { true }
}

extension ListState {
    /// Forgets the filter's matches: with a filter, it looks again from the first row.
    mutating func restartFilter() {
        found = filter.isEmpty ? nil : []
        scanned = 0
        scanGroup = nil
    }

    /// Keeps the selection on its row after a row above it went (or on the row that slid into its place).
    mutating func shift(removedAt i: Int) {
        if i < selection { selection -= 1 }
    }

    /// Keeps the selection on its row after a row was inserted (the rows were not empty before).
    mutating func shift(insertedAt i: Int) {
        if rows.count > 1, i <= selection { selection += 1 }
    }

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
