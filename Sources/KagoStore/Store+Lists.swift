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
            SELECT l.id, l.name, l.position, coalesce(c.to_buy, 0), coalesce(c.purchased, 0)
            FROM lists l LEFT JOIN item_counts c ON c.list_id = l.id ORDER BY l.position, l.id
            """) {
            ShoppingList(id: $0.int64(0), name: $0.text(1), position: Int($0.int64(2)),
                         counts: ItemCounts(toBuy: Int($0.int64(3)), purchased: Int($0.int64(4))))
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
    public func addList(named name: String, now: Timestamp) throws(StoreError) -> ShoppingList {
        var added: ShoppingList?
        _ = try write { _ in
            let name = try checkedListName(name, excluding: nil)
            let id = try listNamed(name, creatingAt: now)
            added = try fetchLists().first { $0.id == id }
        }
        return added!
    }

    /// Renames a list; onto another list's name it merges into that one (its items move,
    /// categories merging by name) and this list goes.
    /// - Returns: the list that holds the items afterwards.
    public func renameList(_ id: Int64, to name: String) throws(StoreError) -> Int64 {
        var result = id
        _ = try write { changes in
            let trimmed = try trimmedListName(name)
            if let other = try fetchLists().first(where: { $0.name.matchKey == trimmed.matchKey && $0.id != id }) {
                try moveAll(from: id, to: other.id, into: &changes)
                try dropList(id)
                result = other.id
            } else {
                try db.run("UPDATE lists SET name = ? WHERE id = ?", .text(trimmed), .integer(id))
            }
        }
        return result
    }

    /// Removes a list with its items and categories; one with items only when `force`, and
    /// never the last one.
    public func removeList(_ id: Int64, force: Bool) throws(StoreError) {
        _ = try write { _ in
            let all = try fetchLists()
            guard let list = all.first(where: { $0.id == id }) else { throw StoreError.refused("no such list") }
            if all.count == 1 { throw StoreError.refused("'\(list.name)' is the last list; kago keeps at least one") }
            let count = list.counts.toBuy + list.counts.purchased
            if count > 0 && !force {
                throw StoreError.refused("'\(list.name)' has \(count) item\(count == 1 ? "" : "s"); --force removes it with them")
            }
            try db.run("DELETE FROM items WHERE list_id = ?", .integer(id))
            try db.run("DELETE FROM categories WHERE list_id = ?", .integer(id))
            try dropList(id)
        }
    }

    /// Moves items of this store's list to another list, each keeping its category by name
    /// (created there when missing).
    public func move(_ ids: [Int64], to target: Int64) throws(StoreError) -> ChangeSet {
        try write { changes in
            guard try fetchLists().contains(where: { $0.id == target }) else { throw StoreError.refused("no such list") }
            for id in ids {
                guard let item = try fetchItem(id) else { throw StoreError.refused("item \(id) is not on this list") }
                try moveItem(item, to: target, into: &changes)
            }
        }
    }

    private func moveAll(from source: Int64, to target: Int64, into changes: inout ChangeRecorder) throws {
        let kept = listID
        defer { listID = kept }
        listID = source
        for item in try fetchAllItems() { try moveItem(item, to: target, into: &changes) }
    }

    private func moveItem(_ item: Item, to target: Int64, into changes: inout ChangeRecorder) throws {
        guard target != listID else { return }
        let category = try fetchCategory(item.categoryID ?? 0)
        let source = listID
        defer { listID = source }
        listID = target
        let moved = try category.map { try ensureCategory(named: $0.name, into: &changes) }
        try db.run("UPDATE items SET list_id = ?, category_id = ? WHERE id = ?",
                   .integer(target), .integer(moved?.id), .integer(item.id))
        // Gone from this list; the item as it is in the other one is not this list's row.
        changes.items.record(item.id, before: item, after: nil)
    }

    /// The id of the list with this name (any case or width), created at the end when missing.
    func listNamed(_ name: String, creatingAt now: Timestamp) throws -> Int64 {
        let trimmed = String(name.trimmingWhitespace())
        if let known = try fetchLists().first(where: { $0.name.matchKey == trimmed.matchKey }) { return known.id }
        let position = (try db.integer("SELECT max(position) FROM lists") ?? -1) + 1
        try db.run("INSERT INTO lists(name, position, created_at) VALUES (?, ?, ?)",
                   .text(try checkedListName(trimmed, excluding: nil)), .integer(position), .integer(now))
        return db.lastInsertRowID
    }

    private func dropList(_ id: Int64) throws {
        try db.run("DELETE FROM item_counts WHERE list_id = ?", .integer(id))
        try db.run("DELETE FROM lists WHERE id = ?", .integer(id))
    }

    /// A name trimmed and checked: not empty, no control characters.
    private func trimmedListName(_ name: String) throws -> String {
        let trimmed = String(name.trimmingWhitespace())
        if let problem = ShoppingList.problem(with: trimmed) { throw StoreError.refused(problem) }
        return trimmed
    }

    /// A name trimmed and checked, and not another list's.
    private func checkedListName(_ name: String, excluding id: Int64?) throws -> String {
        let trimmed = try trimmedListName(name)
        if let other = try fetchLists().first(where: { $0.name.matchKey == trimmed.matchKey && $0.id != id }) {
            throw StoreError.refused("there is a list '\(other.name)' already")
        }
        return trimmed
    }
}
