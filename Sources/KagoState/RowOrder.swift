/// Where a row sorts on a list screen: rows are kept in ascending order of their keys, so one
/// row is found, added or removed by binary search instead of sorting the screen again.
struct RowKey: Comparable {
    var major: Int
    var text: String
    var minor: Int64
    /// The item's id for ascending screens, its negation where newest comes first, and
    /// `Int64.min` for a header, which so sorts just before the first item of its group.
    var rank: Int64

    /// The item the key belongs to.
    var id: Int64 { rank < 0 ? -rank : rank }

    static func < (a: RowKey, b: RowKey) -> Bool {
        (a.major, a.text, a.minor, a.rank) < (b.major, b.text, b.minor, b.rank)
    }
}

/// The order of one screen's item rows, with the data a key depends on.
struct RowOrder {
    enum Kind: Equatable {
        case toBuy(SortMode)
        /// Newest purchase first; purchases in the same second, the last checked first.
        case purchased
    }

    var kind: Kind
    var categories: [Int64: Category]
    var today: Day
    /// Purchased items numbered in the order they were checked (higher: later).
    var checkOrder: [Int64: Int] = [:]

    /// An item's key.
    func key(_ item: Item) -> RowKey {
        switch kind {
        case .toBuy(.added):
            return RowKey(major: 0, text: "", minor: 0, rank: item.id)
        case .toBuy(.name):
            return RowKey(major: 0, text: item.name.matchKey, minor: 0, rank: item.id)
        case .toBuy(.date):
            return RowKey(major: item.date?.ordinal ?? Int.max, text: "", minor: 0, rank: item.id)
        case .toBuy(.category):
            // An item whose category is gone sorts with the uncategorised, at the end.
            let known = item.categoryID.flatMap { categories[$0] }
            return RowKey(major: known?.position ?? Int.max, text: "", minor: known?.id ?? 0, rank: item.id)
        case .purchased:
            return RowKey(major: -Int(item.purchasedAt ?? 0), text: "", minor: -Int64(checkOrder[item.id] ?? 0),
                          rank: -item.id)
        }
    }

    /// A header's key: just before the smallest key its group can hold.
    func key(_ header: GroupHeader) -> RowKey {
        let t = today.ordinal
        let major: Int
        var minor: Int64 = 0
        switch header {
        case .overdue: major = Int.min
        case .today: major = t
        case .tomorrow: major = t + 1
        case .thisWeek: major = t + 2
        case .later: major = t + 7
        case .noDate: major = Int.max
        case .category(let id?):
            major = categories[id]?.position ?? Int.max
            minor = categories[id] == nil ? 0 : id
        case .category(nil), .dueAgain: major = Int.max
        }
        return RowKey(major: major, text: "", minor: minor, rank: Int64.min)
    }

    /// A row's key; an item row's item is looked up in `items`. The Due again group, after
    /// every item, has none: a search for an item's place takes it as above any key.
    func key(_ row: ListRow, items: ItemTable) -> RowKey? {
        switch row {
        case .item(let id): return items[id].map(key)
        case .header(.dueAgain), .suggestion, .category: return nil
        case .header(let g): return key(g)
        }
    }

    /// The group an item's key falls into, when the screen has groups.
    func group(of key: RowKey) -> GroupHeader? {
        switch kind {
        case .toBuy(.date): return ListRows.dateGroup(key.major == Int.max ? nil : Day(ordinal: key.major), today: today)
        case .toBuy(.category): return .category(key.major == Int.max ? nil : key.minor)
        default: return nil
        }
    }

    /// Rows for these items in this order, a header before each group.
    func rows(_ items: some Sequence<Item>) -> [ListRow] {
        // Sorting small keys rather than items: moving items is far dearer, and each name is
        // folded once, not per comparison.
        var keys = items.map(key)
        keys.sort()
        var rows: [ListRow] = []
        rows.reserveCapacity(keys.count + 8)
        var current: GroupHeader?
        for k in keys {
            if let g = group(of: k), g != current {
                rows.append(.header(g))
                current = g
            }
            rows.append(.item(k.id))
        }
        return rows
    }

    /// Where a row with this key goes in `rows` (ascending): the first row not below it.
    func insertionIndex(of key: RowKey, in rows: [ListRow], items: ItemTable) -> Int {
        var low = 0, high = rows.count
        while low < high {
            let mid = (low + high) / 2
            if let k = self.key(rows[mid], items: items), k < key { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Whether a row (the one above a place in the rows) belongs to a group.
    func isIn(_ group: GroupHeader, _ row: ListRow?, items: ItemTable) -> Bool {
        switch row {
        case .header(let g)?: return g == group
        case .item(let id)?: return items[id].map { self.group(of: key($0)) == group } ?? false
        default: return false
        }
    }

    /// Takes an item's row out of rows in this order, and its header when nothing is left
    /// under it; returns the indices removed, in the order they were removed.
    func remove(_ item: Item, from rows: inout [ListRow], items: ItemTable) -> [Int] {
        let i = insertionIndex(of: key(item), in: rows, items: items)
        guard rows.indices.contains(i), rows[i] == .item(item.id) else { return [] }
        rows.remove(at: i)
        if i > 0, !rows[i - 1].isSelectable, i == rows.count || !rows[i].isSelectable {
            rows.remove(at: i - 1)
            return [i, i - 1]
        }
        return [i]
    }

    /// Puts an item's row into rows in this order, with its group's header when it is the
    /// group's first; returns the indices inserted, in the order they were inserted.
    func insert(_ item: Item, into rows: inout [ListRow], items: ItemTable) -> [Int] {
        let key = key(item)
        let i = insertionIndex(of: key, in: rows, items: items)
        if let group = group(of: key), !isIn(group, i > 0 ? rows[i - 1] : nil, items: items) {
            rows.insert(contentsOf: [.header(group), .item(item.id)], at: i)
            return [i, i + 1]
        }
        rows.insert(.item(item.id), at: i)
        return [i]
    }
}
