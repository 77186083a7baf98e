/// One list: its items and categories, their counts, and the rows, selection and filter of its
/// three screens. Pure; the reducer changes it through `load`, `apply` and the screen operations.
///
/// A commit's rows update it by delta: counts change by the difference and each changed item
/// leaves and joins its screen's rows by binary search, so a check costs the same at 100 rows
/// and at a million. Only a change of categories (few, and they reorder everything) rebuilds.
public struct ListModel: Equatable, Sendable {
    // MARK: Data
    public private(set) var items: [Int64: Item] = [:]
    public private(set) var categories: [Int64: Category] = [:]
    /// Names for Tab completion, most recent first.
    public private(set) var knownNames: [String] = []
    public private(set) var toBuyCount = 0
    public private(set) var purchasedCount = 0
    /// Per category (nil: uncategorised): items to buy and purchased.
    public private(set) var categoryCounts: [Int64?: ItemCounts] = [:]
    /// The whole list's counts while `items` holds only the first screen of it.
    private var partialTotals: ListTotals?
    /// Purchased items numbered in the order they were checked, as the store numbers them.
    private var checkOrder: [Int64: Int] = [:]
    /// The highest number `checkOrder` has given; an item checked again gets a new, higher one
    /// (counting the map's entries would repeat a number once an item is checked twice).
    private var checks = 0

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
    private(set) var changedUnseen: Set<Screen> = []
    /// Rows the list area shows, to keep the selection in view.
    var height = 1
    private(set) var today: Day
    private var filterSteps = FilterSteps()

    public init(sort: SortMode, today: Day) {
        self.sort = sort
        self.today = today
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
        rebuildAll()
    }

    /// Takes other processes' changes: each row as it is now (nil: deleted).
    mutating func changedOutside(items changed: [Int64: Item?], categories changedCategories: [Int64: Category?]) {
        let changes = ChangeSet(
            items: changed.map { RowChange(id: $0.key, before: items[$0.key], after: $0.value) }.filter { $0.before != $0.after },
            categories: changedCategories.map { RowChange(id: $0.key, before: categories[$0.key], after: $0.value) }
                .filter { $0.before != $0.after })
        if !changes.isEmpty { apply(changes) }
    }

    /// Writes the `after` side of a change set into the list.
    mutating func apply(_ changes: ChangeSet) {
        filterSteps.forget()
        guard changes.categories.isEmpty, partialTotals == nil else {
            for c in changes.categories { categories[c.id] = c.after }
            for c in changes.items {
                if Self.isCheck(c) { numberCheck(c.id) }
                items[c.id] = c.after
                learn(c)
            }
            rebuildAll()
            return
        }
        var touched = Set<Screen>()
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

    /// Whether an item passes a screen's filter (and To buy's scope).
    private func isShown(_ item: Item, on s: Screen, filterKey key: String) -> Bool {
        if s == .toBuy { return ListRows.isShown(item, filterKey: key, scope: scope, categories: categories) }
        return key.isEmpty || ListRows.matches(item, filterKey: key, categoryName: categoryName(item.categoryID))
    }

    /// Takes an item's row (and a header left with nothing under it) off its screen.
    private mutating func unlist(_ item: Item, touched: inout Set<Screen>) {
        let s = Self.screen(of: item)
        let i = order(s).insertionIndex(of: order(s).key(item), in: screens[s]!.rows, items: items)
        guard screens[s]!.rows.indices.contains(i), screens[s]!.rows[i] == .item(item.id) else { return }
        screens[s]!.removeRow(at: i)
        let rows = screens[s]!.rows
        if i > 0, !rows[i - 1].isSelectable, i == rows.count || !rows[i].isSelectable {
            screens[s]!.removeRow(at: i - 1)
        }
        changed(s, touched: &touched)
    }

    /// Puts an item's row on its screen in order, with its group's header when it is the first.
    private mutating func list(_ item: Item, touched: inout Set<Screen>) {
        let s = Self.screen(of: item)
        guard isShown(item, on: s, filterKey: screens[s]!.filter.matchKey) else { return }
        let order = order(s)
        let key = order.key(item)
        var i = order.insertionIndex(of: key, in: screens[s]!.rows, items: items)
        if let group = order.group(of: key) {
            let above = i > 0 ? screens[s]!.rows[i - 1] : nil
            let inGroup: Bool
            switch above {
            case .header(let g)?: inGroup = g == group
            case .item(let id)?: inGroup = items[id].map { order.group(of: order.key($0)) == group } ?? false
            default: inGroup = false
            }
            if !inGroup {
                screens[s]!.insertRow(.header(group), at: i)
                i += 1
            }
        }
        screens[s]!.insertRow(.item(item.id), at: i)
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
        switch s {
        case .toBuy:
            setRows(.toBuy, ListRows.toBuy(items.values.lazy.filter { !$0.isPurchased }, sort: sort, categories: categories,
                                            today: today, filter: screens[.toBuy]!.filter, scope: scope))
        case .purchased:
            setRows(.purchased, ListRows.purchased(items.values.lazy.filter(\.isPurchased), categories: categories,
                                                   filter: screens[.purchased]!.filter, checkOrder: checkOrder))
        case .categories:
            setRows(.categories, ListRows.categories(Array(categories.values), filter: screens[.categories]!.filter))
        }
    }

    /// Installs new rows, keeping the selection on the same row if it survived, else near where it was.
    private mutating func setRows(_ s: Screen, _ rows: [ListRow]) {
        var l = screens[s]!
        let old = l.selected
        if s != shown && l.rows != rows { changedUnseen.insert(s) }
        l.rows = rows
        if let old, let i = rows.firstIndex(of: old) {
            l.selection = i
        } else {
            l.selection = min(l.selection, max(0, rows.count - 1))
        }
        screens[s] = l
        settleSelection(s, direction: 1)
    }

    /// The same list with counts and rows computed from scratch (what the deltas must equal).
    func rebuilt() -> ListModel {
        var copy = self
        copy.rebuildAll()
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

    /// Follows the calendar: date groups are relative to today.
    mutating func setToday(_ day: Day) {
        guard day != today else { return }
        today = day
        filterSteps.forget()
        rebuild(.toBuy)
    }

    /// Sets a screen's filter. Text typed on narrows the rows shown (no sorting), a step back
    /// returns to the rows that step had; the selection goes to the first match.
    mutating func setFilter(_ text: String, on s: Screen) {
        let oldKey = screens[s]!.filter.matchKey, newKey = text.matchKey
        guard screens[s]!.filter != text else { return }
        screens[s]!.filter = text
        if newKey != oldKey {
            if s == .categories {
                rebuild(s)
            } else {
                filterSteps.remember(screens[s]!.rows, for: oldKey, on: s)
                if let rows = filterSteps.rows(for: newKey, on: s) {
                    setRows(s, rows)
                } else if newKey.contains(text: oldKey) {
                    setRows(s, ListRows.narrowed(screens[s]!.rows) { isShown(items[$0]!, on: s, filterKey: newKey) })
                } else {
                    rebuild(s)
                }
                if newKey.isEmpty { filterSteps.forget() }
            }
        }
        screens[s]!.selection = ListState.nextSelectable(in: screens[s]!.rows, from: 0, step: 1) ?? 0
        screens[s]!.scroll = 0
        screens[s]!.scrollIntoView(height: height)
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

/// Rows of a filter's earlier texts on each screen, by folded text: a cache, so equal lists
/// compare equal whatever they remember.
private struct FilterSteps: Equatable, Sendable {
    private var steps: [Screen: [String: [ListRow]]] = [:]

    mutating func remember(_ rows: [ListRow], for key: String, on s: Screen) { steps[s, default: [:]][key] = rows }

    func rows(for key: String, on s: Screen) -> [ListRow]? { steps[s]?[key] }

    mutating func forget() { if !steps.isEmpty { steps = [:] } }

    static func == (_: FilterSteps, _: FilterSteps) -> Bool { true }
}

extension ListState {
    /// Removes a row, keeping the selection on the row it was on (or the one that slid into its place).
    mutating func removeRow(at i: Int) {
        rows.remove(at: i)
        if i < selection { selection -= 1 }
    }

    /// Inserts a row, keeping the selection on the row it was on.
    mutating func insertRow(_ row: ListRow, at i: Int) {
        if !rows.isEmpty, i <= selection { selection += 1 }
        rows.insert(row, at: i)
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
