import KagoState

/// One item to import, as read from an exported file.
public struct ImportRow: Equatable, Sendable {
    /// The item's name; required.
    public var name: String
    /// Quantity as written (`2`, `500g`).
    public var quantity: String?
    /// Category by name, matched case-insensitively, created if new.
    public var category: String?
    /// The planned shopping day.
    public var date: Day?
    /// Free text shown with the item.
    public var note: String?
    /// When it was bought; nil puts it on the to-buy list.
    public var purchasedAt: Timestamp?
    /// When it was added; nil means now.
    public var createdAt: Timestamp?
    /// The list it goes to by name, created when missing (SPEC §1); nil: the store's list.
    public var list: String?

    /// Creates a row; only the name is required, as in the export formats.
    public init(name: String, quantity: String? = nil, category: String? = nil, date: Day? = nil,
                note: String? = nil, purchasedAt: Timestamp? = nil, createdAt: Timestamp? = nil, list: String? = nil) {
        self.name = name
        self.quantity = quantity
        self.category = category
        self.date = date
        self.note = note
        self.purchasedAt = purchasedAt
        self.createdAt = createdAt
        self.list = list
    }
}

extension Store {
    /// Inserts all rows in one transaction, or none of them.
    ///
    /// Rows are taken as written: no learned category is filled in. Each name is remembered
    /// for completion unless a more recent use already is.
    /// - Throws: `.refused("row N: …")` (1-based) before writing anything when a row is invalid.
    public func insert(_ rows: [ImportRow], now: Timestamp) throws(StoreError) -> ChangeSet {
        for (index, row) in rows.enumerated() {
            if row.name.allSatisfy(\.isWhitespace) { throw .refused("row \(index + 1): an item needs a name") }
            if let field = ItemLimits.overlong(name: row.name, note: row.note, category: row.category,
                                                quantity: row.quantity) {
                throw .refused("row \(index + 1): \(field.problem)")
            }
            if let category = row.category, Category.isReserved(category) {
                throw .refused("row \(index + 1): '\(category)' is kept for items without a category")
            }
            if let list = row.list, let problem = ShoppingList.problem(with: String(list.trimmingWhitespace())) {
                throw .refused("row \(index + 1): \(problem.message)")
            }
        }
        let home = listID
        defer { listID = home }
        return try write { changes in
            // Each list and category is looked up once per import, not once per row.
            var lists: [String: Int64] = [:]
            var categories: [String: Category] = [:]
            for row in rows {
                listID = try row.list.map { name in
                    if let known = lists[name.matchKey] { return known }
                    let found = try listNamed(name, creatingAt: now, into: &changes)
                    lists[name.matchKey] = found
                    return found
                } ?? home
                let category = try nonEmpty(row.category).map { name in
                    let key = "\(listID) " + name.matchKey
                    if let known = categories[key] { return known }
                    let found = try ensureCategory(named: name, into: &changes)
                    categories[key] = found
                    return found
                }
                let created = row.createdAt ?? now
                let item = try insertItem(Item(id: 0, name: row.name, quantity: nonEmpty(row.quantity),
                                               categoryID: category?.id, date: row.date, note: nonEmpty(row.note),
                                               createdAt: created, purchasedAt: row.purchasedAt))
                changes.items.record(item.id, before: nil, after: item)
                try Learned.remember(name: row.name, category: category?.name,
                                     usedAt: max(created, row.purchasedAt ?? created), list: listID, onlyIfNewer: true, in: db)
            }
        }
    }
}
