/// A group heading in the to-buy list.
public enum GroupHeader: Equatable, Hashable, Sendable {
    case overdue, today, tomorrow, thisWeek, later, noDate
    /// A category heading; nil is "Uncategorised".
    case category(Int64?)
    /// The names due to be bought again, at the end of To buy under every sort (SPEC §10).
    case dueAgain
}

/// One row of a list screen.
public enum ListRow: Equatable, Hashable, Sendable {
    case header(GroupHeader)
    case item(Int64)
    /// A row of the Categories screen; nil is "Uncategorised".
    case category(Int64?)
    /// A name due again (its `matchKey`), in the group at the end of To buy.
    case suggestion(String)

    /// Whether the selection can rest on this row.
    public var isSelectable: Bool {
        if case .header = self { return false }
        return true
    }

    /// Whether it is a row of the Due again group.
    public var isSuggestion: Bool {
        if case .suggestion = self { return true }
        return false
    }
}

/// Restricts the to-buy list to one category (Enter on the Categories screen).
public enum CategoryScope: Equatable, Sendable {
    case category(Int64)
    case uncategorised
}

/// Builds the rows of each screen from the data; pure and independent of the terminal.
public enum ListRows {
    /// The date group an item falls into, relative to today.
    public static func dateGroup(_ date: Day?, today: Day) -> GroupHeader {
        guard let date else { return .noDate }
        let d = date.ordinal - today.ordinal
        switch d {
        case ..<0: return .overdue
        case 0: return .today
        case 1: return .tomorrow
        case 2...6: return .thisWeek
        default: return .later
        }
    }

    /// Whether an item matches a filter (case-insensitive, over name, category and note).
    public static func matches(_ item: Item, filterKey: String, categoryName: String?) -> Bool {
        if filterKey.isEmpty { return true }
        return item.name.matchKey.contains(text: filterKey)
            || (categoryName?.matchKey.contains(text: filterKey) ?? false)
            || (item.note?.matchKey.contains(text: filterKey) ?? false)
    }

    /// Whether a name due again matches a filter (over its name and category).
    public static func matches(_ due: DueItem, filterKey: String) -> Bool {
        filterKey.isEmpty || due.name.matchKey.contains(text: filterKey) || (due.category?.matchKey.contains(text: filterKey) ?? false)
    }

    /// Whether a to-buy item is on the To buy screen under this filter and scope.
    static func isShown(_ item: Item, filterKey key: String, scope: CategoryScope?, categories: [Int64: Category]) -> Bool {
        switch scope {
        case .category(let id)?: if item.categoryID != id { return false }
        case .uncategorised?: if let id = item.categoryID, categories[id] != nil { return false }
        case nil: break
        }
        return key.isEmpty || matches(item, filterKey: key, categoryName: item.categoryID.flatMap { categories[$0]?.name })
    }

    /// The rows of the To buy screen.
    /// - Parameters:
    ///   - items: to-buy items in any order.
    ///   - categories: all categories by id.
    public static func toBuy(_ items: some Sequence<Item>, sort: SortMode, categories: [Int64: Category], today: Day,
                             filter: String, scope: CategoryScope?) -> [ListRow] {
        let key = filter.matchKey
        let order = RowOrder(kind: .toBuy(sort), categories: categories, today: today)
        if key.isEmpty && scope == nil { return order.rows(items) }
        return order.rows(items.lazy.filter { isShown($0, filterKey: key, scope: scope, categories: categories) })
    }

    /// The rows of the Purchased screen: newest purchase first.
    /// - Parameter checkOrder: for items checked off in this session, the order they were checked,
    ///   which breaks ties between purchase times (they are whole seconds).
    public static func purchased(_ items: some Sequence<Item>, categories: [Int64: Category], filter: String,
                                 checkOrder: [Int64: Int] = [:]) -> [ListRow] {
        let key = filter.matchKey
        let order = RowOrder(kind: .purchased, categories: categories, today: Day(ordinal: 0), checkOrder: checkOrder)
        return order.rows(items.lazy.filter {
            key.isEmpty || matches($0, filterKey: key, categoryName: $0.categoryID.flatMap { categories[$0]?.name })
        })
    }

    /// The rows that stay when only the item and Due again rows `keep` accepts stay, with the
    /// headers over them.
    static func narrowed(_ rows: [ListRow], keep: (ListRow) -> Bool) -> [ListRow] {
        var out: [ListRow] = []
        var header: ListRow?
        for row in rows {
            switch row {
            case .header: header = row
            case .item, .suggestion:
                guard keep(row) else { continue }
                if let h = header { out.append(h); header = nil }
                out.append(row)
            case .category: out.append(row)
            }
        }
        return out
    }

    /// The rows of the Categories screen: store-walk order, then "Uncategorised" (unfiltered only).
    public static func categories(_ categories: [Category], filter: String) -> [ListRow] {
        let key = filter.matchKey
        var rows = categories.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
            .filter { key.isEmpty || $0.name.matchKey.contains(text: key) }
            .map { ListRow.category($0.id) }
        if key.isEmpty { rows.append(.category(nil)) }
        return rows
    }
}

extension String {
    /// Whether `needle` occurs in the string, compared Character by Character as
    /// `contains(_:)` of _StringProcessing does; kago does not link that library (it costs
    /// every launch 2 MiB and a millisecond), and the standard library has no substring search.
    public func contains(text needle: String) -> Bool {
        guard let first = needle.first else { return true }
        var rest = self[...]
        while let start = rest.firstIndex(of: first) {
            if rest[start...].starts(with: needle) { return true }
            rest = rest[rest.index(after: start)...]
        }
        return false
    }
}
