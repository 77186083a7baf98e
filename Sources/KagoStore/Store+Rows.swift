import KagoState

/// Reading and writing single rows: the vocabulary the commands are written in.
extension Store {
    static let itemColumns = "id, name, quantity, category_id, date, note, created_at, purchased_at, list_id"
    static let categoryColumns = "id, name, position, list_id"

    static func item(_ row: Row) -> Item {
        Item(id: row.int64(0), name: row.text(1), quantity: row.optionalText(2),
             // A date kago cannot read (a hand-edited file) is no date rather than a failure.
             categoryID: row.optionalInt64(3), date: row.bytes(4).flatMap { Day(isoBytes: $0) },
             note: row.optionalText(5), createdAt: row.int64(6), purchasedAt: row.optionalInt64(7), listID: row.int64(8))
    }

    static func category(_ row: Row) -> Category {
        Category(id: row.int64(0), name: row.text(1), position: Int(row.int64(2)), listID: row.int64(3))
    }

    /// Items of the store's list (or of every list) matching a condition.
    func fetchItems(where condition: String = "1", _ args: [SQLValue] = [], orderBy order: String = "id",
                    limit: Int = -1, expected: Int = 0, allLists: Bool = false) throws -> [Item] {
        let list = allLists ? "1" : "list_id = \(listID)"
        return try db.rows("SELECT \(Self.itemColumns) FROM items WHERE \(list) AND (\(condition)) ORDER BY \(order) LIMIT \(limit)",
                           args, expected: expected, Self.item)
    }

    /// Every item by id, in an array allocated once at its size.
    func fetchAllItems() throws -> [Item] {
        try fetchItems(expected: try itemCount())
    }

    /// Every item, keyed by id as the state keeps them, the table allocated once at its size.
    func fetchItemsByID() throws -> ItemTable {
        var items = ItemTable()
        items.reserveCapacity(try itemCount())
        try db.query("SELECT \(Self.itemColumns) FROM items WHERE list_id = \(listID)") { row in
            let item = Self.item(row)
            items[item.id] = item
        }
        return items
    }

    /// How many items there are: SQLite counts a whole table from its pages, not its rows.
    func itemCount() throws -> Int { Int(try db.integer("SELECT count(*) FROM items WHERE list_id = \(listID)") ?? 0) }

    func fetchItem(_ id: Int64) throws -> Item? {
        try fetchItems(where: "id = ?", [.integer(id)]).first
    }

    /// All categories in store-walk order (position, then id for ties).
    func fetchCategories() throws -> [Category] {
        try db.rows("SELECT \(Self.categoryColumns) FROM categories WHERE list_id = \(listID) ORDER BY position, id", [], Self.category)
    }

    func fetchCategory(_ id: Int64) throws -> Category? {
        try db.rows("SELECT \(Self.categoryColumns) FROM categories WHERE id = ? AND list_id = \(listID)", [.integer(id)], Self.category).first
    }

    /// An item by id on whichever list it is (ids are unique across lists).
    func fetchItemOnAnyList(_ id: Int64) throws -> Item? {
        try fetchItems(where: "id = ?", [.integer(id)], allLists: true).first
    }

    /// A category by id in whichever list it is.
    func fetchCategoryOfAnyList(_ id: Int64) throws -> Category? {
        try db.rows("SELECT \(Self.categoryColumns) FROM categories WHERE id = ?", [.integer(id)], Self.category).first
    }

    /// The category whose name matches case-insensitively.
    ///
    /// Matched in Swift: the column's NOCASE collation folds only ASCII, and `#Äpfel` should
    /// find `äpfel` as the quick-add syntax promises.
    func fetchCategory(named name: String) throws -> Category? {
        let key = name.matchKey
        return try fetchCategories().first { $0.name.matchKey == key }
    }

    /// Writes an item exactly as given, list included, inserting it under its id or replacing the row.
    func writeItem(_ item: Item) throws {
        try db.run("""
            INSERT INTO items(\(Self.itemColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, quantity = excluded.quantity,
                category_id = excluded.category_id, date = excluded.date, note = excluded.note,
                created_at = excluded.created_at, purchased_at = excluded.purchased_at, list_id = excluded.list_id
            """, .integer(item.id), .text(item.name), .text(item.quantity), .integer(item.categoryID),
            .text(item.date?.iso), .text(item.note), .integer(item.createdAt), .integer(item.purchasedAt),
            .integer(item.listID))
    }

    /// Inserts a new item; the store picks its id (ignoring `item.id`).
    func insertItem(_ item: Item) throws -> Item {
        try db.run("""
            INSERT INTO items(name, quantity, category_id, date, note, created_at, purchased_at, list_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, \(listID))
            """, .text(item.name), .text(item.quantity), .integer(item.categoryID), .text(item.date?.iso),
            .text(item.note), .integer(item.createdAt), .integer(item.purchasedAt))
        var stored = item
        stored.id = db.lastInsertRowID
        stored.listID = listID
        return stored
    }

    func deleteItem(_ id: Int64) throws {
        try db.run("DELETE FROM items WHERE id = ?", .integer(id))
    }

    /// Writes a category exactly as given, inserting it under its id or replacing the row.
    func writeCategory(_ category: Category) throws {
        try db.run("""
            INSERT INTO categories(\(Self.categoryColumns)) VALUES (?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, position = excluded.position, list_id = excluded.list_id
            """, .integer(category.id), .text(category.name), .integer(Int64(category.position)),
            .integer(category.listID))
    }

    /// The category named `name`, created at the end of the store walk when there is none.
    func ensureCategory(named name: String, into changes: inout ChangeRecorder) throws -> Category {
        try refuseReserved(name)
        if let existing = try fetchCategory(named: name) { return existing }
        let last = try db.integer("SELECT max(position) FROM categories WHERE list_id = \(listID)")
        try db.run("INSERT INTO categories(name, position, list_id) VALUES (?, ?, \(listID))",
                   .text(name), .integer((last ?? -1) + 1))
        let created = Category(id: db.lastInsertRowID, name: name, position: Int((last ?? -1) + 1), listID: listID)
        changes.categories.record(created.id, before: nil, after: created)
        return created
    }

    /// Refuses the name of the fixed "Uncategorised" row for a real category.
    func refuseReserved(_ name: String) throws(StoreError) {
        if ItemLimits.isOver(name, .category) { throw .refused(ItemLimits.Field.category.problem) }
        if Category.isReserved(name) { throw .refused("'\(name)' is kept for items without a category; choose another name") }
    }

    /// Deletes a category, first making its items uncategorised so each of them is recorded
    /// (the foreign key would do it silently, and undo would not know).
    func deleteCategory(_ category: Category, into changes: inout ChangeRecorder) throws {
        // Category ids are unique across lists: an undo may remove one of another list.
        for var item in try fetchItems(where: "category_id = ?", [.integer(category.id)], allLists: true) {
            let before = item
            item.categoryID = nil
            try writeItem(item)
            changes.items.record(item.id, before: before, after: item)
        }
        try db.run("DELETE FROM categories WHERE id = ?", .integer(category.id))
        changes.categories.record(category.id, before: category, after: nil)
    }
}
