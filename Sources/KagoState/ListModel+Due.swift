/// The Due again group at the end of To buy (SPEC §10): which names it shows, and its rows.
///
/// The group is worked out when the list is read, when a change touches the history or the
/// count of a due name on To buy, and when the day changes: never on a key that only moves,
/// scrolls or filters. Its rows are the last of To buy's, so item rows are still found by
/// binary search above them.
extension ListModel {
    /// A name of the group, by its `matchKey`.
    public func dueItem(_ key: String) -> DueItem? { dueIndex[key].map { due[$0] } }

    /// The names due today and not on To buy, worked out from the whole history (the list
    /// read, the day changed).
    mutating func dueNow() -> [DueItem] {
        guard showsDue else { return [] }
        let candidates = DueAgain.items(history, today: today, onToBuy: { _ in false })
        count(Set(candidates.map(\.key)))
        return candidates.filter { toBuyNamed[$0.key] == 0 }
    }

    /// Counts on To buy the names falling due for the first time, all in one pass over the items.
    private mutating func count(_ keys: Set<String>) {
        let uncounted = keys.filter { toBuyNamed[$0] == nil }
        guard !uncounted.isEmpty else { return }
        for key in uncounted { toBuyNamed[key] = 0 }
        for item in items.values where !item.isPurchased {
            let key = item.name.matchKey
            if uncounted.contains(key) { toBuyNamed[key]! += 1 }
        }
    }

    /// Takes a change's purchases into the history and its items into the counts of due names
    /// on To buy. - Returns: the group anew when it changed, else nil. Only the names the
    /// change touched are looked at again: a check costs the same with 10 names and 1,000.
    mutating func followDue(_ changes: [RowChange<Item>], purchases: [RowChange<Purchase>]) -> [DueItem]? {
        var touched = history.apply(purchases)
        if !toBuyNamed.isEmpty {
            for c in changes {
                for (item, step) in [(c.before, -1), (c.after, 1)] {
                    guard let item, !item.isPurchased else { continue }
                    let key = item.name.matchKey
                    guard let n = toBuyNamed[key] else { continue }
                    toBuyNamed[key] = n + step
                    if (n == 0) != (n + step == 0) { touched.insert(key) }
                }
            }
        }
        guard showsDue, !touched.isEmpty else { return nil }
        let now = touched.compactMap { key in history.habits[key].flatMap { DueAgain.item($0, key: key, today: today) } }
        count(Set(now.map(\.key)))
        var next = due.filter { !touched.contains($0.key) }
        for item in now where toBuyNamed[item.key] == 0 {
            next.insert(item, at: next.firstIndex { DueAgain.precedes(item, $0) } ?? next.count)
        }
        return next == due ? nil : next
    }

    /// Takes the list's history as read, in place of what it had (nothing, or what commits and
    /// other processes brought meanwhile, which the reading includes).
    mutating func setHistory(_ read: PurchaseHistory) {
        history = read
        toBuyNamed = [:]
        setDue(dueNow(), rebuilding: false)
    }

    /// Shows a new group: in the rows at once, or left to a rebuild that follows.
    mutating func setDue(_ new: [DueItem], rebuilding: Bool) {
        guard new != due else { return }
        due = new
        dueIndex = Dictionary(new.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        if !rebuilding { replaceDueRows() }
    }

    /// The group's rows under the scope: its header, then one per name.
    func dueRows() -> [ListRow] {
        let shown = due.filter(isInScope)
        return shown.isEmpty ? [] : [.header(.dueAgain)] + shown.map { .suggestion($0.key) }
    }

    /// Whether a name is in To buy's category scope: by the name of its last category.
    private func isInScope(_ item: DueItem) -> Bool {
        switch scope {
        case nil: return true
        case .category(let id)?: return item.category?.matchKey == categories[id]?.name.matchKey
        case .uncategorised?:
            guard let name = item.category?.matchKey else { return true }
            return !categories.values.contains { $0.name.matchKey == name }
        }
    }

    /// Puts the group's rows in place of the old ones at the end of To buy. The selection stays
    /// on its row, or, when that row went (the name was added or hidden), on the one that took
    /// its place, so `+` `+` `+` adds one name after another.
    private mutating func replaceDueRows() {
        var l = screens[.toBuy]!
        let old = l.selected
        let itemEnd = l.all.count - dueRowCount
        let rows = dueRows()
        l.all.replaceSubrange(itemEnd..., with: rows)
        dueRowCount = rows.count
        if var found = l.found, l.scanned > itemEnd {
            // The filter had looked into the old group: it looks at the new one afresh.
            while found.last.map({ $0.isSuggestion || $0 == .header(.dueAgain) }) == true { found.removeLast() }
            l.found = found
            l.scanned = itemEnd
            l.scanGroup = l.all[..<itemEnd].last { !$0.isSelectable }.flatMap {
                if case .header(let g) = $0 { return g } else { return nil }
            }
        }
        screens[.toBuy] = l
        fill(.toBuy)
        // Rows above the group are as they were, so only a selection in it can have moved.
        if let old, old.isSuggestion, let i = screens[.toBuy]!.rows.lastIndex(of: old) {
            screens[.toBuy]!.selection = i
        }
        settleSelection(.toBuy, direction: 1)
        if shown != .toBuy { changedUnseen.insert(.toBuy) }
    }
}
