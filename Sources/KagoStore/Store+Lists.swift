import KagoState

/// The lists (SPEC §8). A store works on one list at a time, `listID`; every item and category
/// query is scoped to it.
extension Store {
    /// Every list in its order, with its counts.
    public func lists() throws(StoreError) -> [ShoppingList] {
        try read { try fetchLists() }
    }

    func fetchLists() throws -> [ShoppingList] {
        try db.rows("""
            SELECT l.id, l.name, l.position, coalesce(c.to_buy, 0), coalesce(c.purchased, 0), l.created_at,
                EXISTS (SELECT 1 FROM sync_lists s WHERE s.list_id = l.id)
            FROM lists l LEFT JOIN item_counts c ON c.list_id = l.id ORDER BY l.position, l.id
            """) {
            ShoppingList(id: $0.int64(0), name: $0.text(1), position: Int($0.int64(2)), createdAt: $0.int64(5),
                         counts: ItemCounts(toBuy: Int($0.int64(3)), purchased: Int($0.int64(4))), linked: $0.int64(6) != 0)
        }
    }

    /// The list kept as current in the database: the one last opened or chosen, else the first.
    public func lastUsedListID() throws(StoreError) -> Int64 {
        try read { try db.integer("SELECT id FROM lists ORDER BY used_at DESC, position, id LIMIT 1") ?? 1 }
    }

    /// The list an item is on, whichever that is (ids are unique across lists).
    public func listID(ofItem id: Int64) throws(StoreError) -> Int64? {
        try read { try db.integer("SELECT list_id FROM items WHERE id = ?", .integer(id)) }
    }

    /// Makes this store work on another list (nothing is written).
    public func select(list id: Int64) { listID = id }

    /// Records the store's list as the one last opened or chosen.
    public func markUsed(now: Timestamp) throws(StoreError) {
        _ = try write { _ in
            // Strictly later than any other, so two uses within one second keep their order.
            try db.run("UPDATE lists SET used_at = max(?, (SELECT max(used_at) FROM lists) + 1) WHERE id = ?",
                       .integer(now), .integer(listID))
        }
    }

    /// Adds a list at the end of the order.
    func addList(named name: String, now: Timestamp, into changes: inout ChangeRecorder) throws {
        _ = try listNamed(try checkedListName(name, excluding: nil), creatingAt: now, into: &changes)
    }

    /// Renames a list; onto another list's name it merges into that one (its items move,
    /// categories merging by name) and this list goes.
    func renameList(_ id: Int64, to name: String, into changes: inout ChangeRecorder) throws {
        let trimmed = try trimmedListName(name)
        guard let list = try fetchListRow(id) else { throw StoreError.refused("that list no longer exists") }
        if let other = try fetchLists().first(where: { $0.name.matchKey == trimmed.matchKey && $0.id != id }) {
            try moveAll(from: id, to: other.id, into: &changes)
            try dropList(list, into: &changes)
        } else if list.name != trimmed {
            var renamed = list
            renamed.name = trimmed
            try writeList(renamed)
            changes.lists.record(id, before: list, after: renamed)
        }
    }

    /// Removes a list with its items and categories; one with items only when `force`, and
    /// never the last one.
    func removeList(_ id: Int64, force: Bool, into changes: inout ChangeRecorder) throws {
        let all = try fetchLists()
        guard let list = all.first(where: { $0.id == id }) else { throw StoreError.refused("that list no longer exists") }
        if all.count == 1 { throw StoreError.refused("'\(list.name)' is the last list; kago keeps at least one") }
        let count = list.counts.toBuy + list.counts.purchased
        if count > 0 && !force {
            throw StoreError.refused("'\(list.name)' has \(count) item\(count == 1 ? "" : "s"); --force removes it with them")
        }
        try onList(id) {
            for item in try fetchAllItems() {
                try deleteItem(item.id)
                changes.items.record(item.id, before: item, after: nil)
            }
            for category in try fetchCategories() { try deleteCategory(category, into: &changes) }
        }
        try dropList(list.stored, into: &changes)
    }

    /// Moves a list `offset` places along the lists' order (`reordered`).
    func moveList(_ id: Int64, by offset: Int, into changes: inout ChangeRecorder) throws {
        let order = try fetchLists().map(\.stored)
        guard let from = order.firstIndex(where: { $0.id == id }) else { throw StoreError.refused("that list no longer exists") }
        let before = Dictionary(uniqueKeysWithValues: order.map { ($0.id, $0) })
        for after in reordered(order, moving: from, by: offset, position: \.position) {
            try writeList(after)
            changes.lists.record(after.id, before: before[after.id], after: after)
        }
    }

    /// Moves items of this store's list to another list, each keeping its category by name
    /// (created there when missing).
    func moveItems(_ ids: [Int64], to target: Int64, into changes: inout ChangeRecorder) throws {
        guard try fetchListRow(target) != nil else { throw StoreError.refused("that list no longer exists") }
        for id in ids {
            guard let item = try fetchItem(id) else { throw StoreError.refused("item \(id) is not on this list") }
            try moveItem(item, to: target, into: &changes)
        }
    }

    private func moveAll(from source: Int64, to target: Int64, into changes: inout ChangeRecorder) throws {
        try onList(source) {
            for item in try fetchAllItems() { try moveItem(item, to: target, into: &changes) }
            for category in try fetchCategories() { try deleteCategory(category, into: &changes) }
        }
        try movePurchases(from: source, to: target, into: &changes)
    }

    private func moveItem(_ item: Item, to target: Int64, into changes: inout ChangeRecorder) throws {
        guard target != item.listID else { return }
        let category = try fetchCategory(item.categoryID ?? 0)
        var moved = item
        moved.listID = target
        moved.categoryID = try onList(target) { try category.map { try ensureCategory(named: $0.name, into: &changes).id } }
        try writeItem(moved)
        changes.items.record(item.id, before: item, after: moved)
    }

    /// Runs `body` with the store working on another list, then goes back.
    func onList<T>(_ id: Int64, _ body: () throws -> T) rethrows -> T {
        let kept = listID
        defer { listID = kept }
        listID = id
        return try body()
    }

    /// A list's stored row (no counts).
    func fetchListRow(_ id: Int64) throws -> ShoppingList? {
        try db.rows("SELECT id, name, position, created_at FROM lists WHERE id = ?", [.integer(id)]) {
            ShoppingList(id: $0.int64(0), name: $0.text(1), position: Int($0.int64(2)), createdAt: $0.int64(3))
        }.first
    }

    /// Writes a list's row exactly as given, inserting it under its id or replacing it.
    func writeList(_ list: ShoppingList) throws {
        try db.run("""
            INSERT INTO lists(id, name, position, created_at) VALUES (?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, position = excluded.position, created_at = excluded.created_at
            """, .integer(list.id), .text(list.name), .integer(Int64(list.position)), .integer(list.createdAt))
    }

    /// The id of the list with this name (any case or width), created at the end when missing.
    func listNamed(_ name: String, creatingAt now: Timestamp, into changes: inout ChangeRecorder) throws -> Int64 {
        let trimmed = String(name.trimmingWhitespace())
        if let known = try fetchLists().first(where: { $0.name.matchKey == trimmed.matchKey }) { return known.id }
        let position = (try db.integer("SELECT max(position) FROM lists") ?? -1) + 1
        try db.run("INSERT INTO lists(name, position, created_at) VALUES (?, ?, ?)",
                   .text(try checkedListName(trimmed, excluding: nil)), .integer(position), .integer(now))
        let added = ShoppingList(id: db.lastInsertRowID, name: trimmed, position: Int(position), createdAt: now)
        changes.lists.record(added.id, before: nil, after: added)
        return added.id
    }

    /// Deletes an emptied list's row (its items and categories are gone or moved already).
    func dropList(_ list: ShoppingList, into changes: inout ChangeRecorder) throws {
        try db.run("DELETE FROM item_counts WHERE list_id = ?", .integer(list.id))
        try db.run("DELETE FROM lists WHERE id = ?", .integer(list.id))
        changes.lists.record(list.id, before: list, after: nil)
    }

    /// A name trimmed and checked: not empty, no control characters.
    private func trimmedListName(_ name: String) throws -> String {
        let trimmed = String(name.trimmingWhitespace())
        if let problem = ShoppingList.problem(with: trimmed) { throw StoreError.refused(problem.message) }
        return trimmed
    }

    /// A name trimmed and checked, and not another list's.
    private func checkedListName(_ name: String, excluding id: Int64?) throws -> String {
        let trimmed = try trimmedListName(name)
        if let other = try fetchLists().first(where: { $0.name.matchKey == trimmed.matchKey && $0.id != id }) {
            throw StoreError.refused(ShoppingList.NameProblem.taken(other.name).message)
        }
        return trimmed
    }
}
