import KagoState

/// The `learned` table: every name ever added to each list, with the category it had last.
///
/// It feeds Tab completion and "a name bought before gets its last category", each list's
/// own first. Its rows are recorded in the change set like the list's, so undo puts back what
/// a name suggests.
enum Learned {
    /// How many names `load` hands out for completion.
    static let completionLimit = 5000

    static let columns = "rowid, key, name, category, used_at, list_id, offered"

    static func row(_ row: Row) -> (id: Int64, name: LearnedName) {
        (row.int64(0), LearnedName(key: row.text(1), name: row.text(2), category: row.optionalText(3), usedAt: row.int64(4),
                                   listID: row.int64(5), offered: row.int64(6) != 0))
    }

    /// The category a name had last time in this list; a name this list has never had takes
    /// the category it had last in any list.
    static func category(for name: String, list: Int64, in db: Database) throws -> String? {
        let key = name.matchKey
        if let own = try fetch(key: key, list: list, in: db) { return own.name.category }
        return try db.rows("SELECT category FROM learned WHERE key = ? AND category IS NOT NULL ORDER BY used_at DESC, rowid DESC LIMIT 1",
                           [.text(key)]) { $0.text(0) }.first
    }

    /// The remembered row for a folded name in a list.
    static func fetch(key: String, list: Int64, in db: Database) throws -> (id: Int64, name: LearnedName)? {
        try db.rows("SELECT \(columns) FROM learned WHERE key = ? AND list_id = ?", [.text(key), .integer(list)], row).first
    }

    /// The remembered row with this row id.
    static func fetch(id: Int64, in db: Database) throws -> LearnedName? {
        try db.rows("SELECT \(columns) FROM learned WHERE rowid = ?", [.integer(id)], row).first?.name
    }

    /// Records a use of `name` with `category`.
    ///
    /// With `onlyIfNewer`, an older use (an imported row from last year) does not overwrite
    /// what a more recent one taught.
    static func remember(name: String, category: String?, usedAt: Timestamp, list: Int64, onlyIfNewer: Bool,
                         in db: Database) throws {
        try db.run("""
            INSERT INTO learned(key, name, category, used_at, list_id) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT(list_id, key) DO UPDATE SET name = excluded.name, category = excluded.category,
                used_at = excluded.used_at, offered = 1
            \(onlyIfNewer ? "WHERE excluded.used_at >= learned.used_at" : "")
            """, .text(name.matchKey), .text(name), .text(category), .integer(usedAt), .integer(list))
    }

    /// Records a use of `name` as a change the user can undo.
    static func remember(name: String, category: String?, usedAt: Timestamp, list: Int64, in db: Database,
                         recordingInto changes: inout ChangeRecorder) throws {
        let key = name.matchKey
        let before = try fetch(key: key, list: list, in: db)
        try remember(name: name, category: category, usedAt: usedAt, list: list, onlyIfNewer: false, in: db)
        guard let after = try fetch(key: key, list: list, in: db) else { return }
        changes.learned.record(after.id, before: before?.name, after: after.name)
    }

    /// How soon after its add a deleted (or renamed) item counts as a slip of the keyboard.
    static let typoWindow: Timestamp = 600

    /// Stops offering the name of an item deleted or renamed right after it was added, never
    /// bought (SPEC §10: a typo is not offered by Tab again): only when its add was the last use
    /// of the name, no other item of the list has it, and the list never bought it. Its
    /// category is still remembered; recorded, so undoing the delete offers the name again.
    static func forgetTypo(_ item: Item, now: Timestamp, in db: Database, recordingInto changes: inout ChangeRecorder) throws {
        guard item.purchasedAt == nil, now - item.createdAt <= typoWindow,
              let (id, learned) = try fetch(key: item.name.matchKey, list: item.listID, in: db), learned.usedAt == item.createdAt,
              learned.offered,
              try db.integer("""
                  SELECT EXISTS (SELECT 1 FROM items WHERE list_id = ?1 AND name = ?2 AND id <> ?3)
                      OR EXISTS (SELECT 1 FROM purchases WHERE list_id = ?1 AND key = ?4)
                  """, .integer(item.listID), .text(item.name), .integer(item.id), .text(learned.key)) == 0
        else { return }
        var typo = learned
        typo.offered = false
        try write(typo, id: id, in: db)
        changes.learned.record(id, before: learned, after: typo)
    }

    /// Writes a remembered row exactly as given under its row id (undo and redo).
    static func write(_ name: LearnedName, id: Int64, in db: Database) throws {
        try db.run("""
            INSERT INTO learned(rowid, key, name, category, used_at, list_id, offered) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(rowid) DO UPDATE SET key = excluded.key, name = excluded.name,
                category = excluded.category, used_at = excluded.used_at, list_id = excluded.list_id, offered = excluded.offered
            """, .integer(id), .text(name.key), .text(name.name), .text(name.category), .integer(name.usedAt),
            .integer(name.listID), .integer(name.offered ? 1 : 0))
    }

    /// Forgets a remembered row (undoing the add that taught it).
    static func delete(id: Int64, in db: Database) throws {
        try db.run("DELETE FROM learned WHERE rowid = ?", .integer(id))
    }

    /// Follows a category rename so a remembered name keeps finding its category.
    static func renameCategory(from old: String, to new: String, list: Int64, in db: Database,
                               recordingInto changes: inout ChangeRecorder) throws {
        for (id, before) in try db.rows("SELECT \(columns) FROM learned WHERE category = ? AND list_id = ?",
                                        [.text(old), .integer(list)], row) {
            var after = before
            after.category = new
            try write(after, id: id, in: db)
            changes.learned.record(id, before: before, after: after)
        }
    }

    /// Names for completion: this list's, most recently used first, then the other lists'.
    static func names(list: Int64, in db: Database) throws -> [String] {
        try db.rows("SELECT name FROM learned WHERE offered ORDER BY list_id = ? DESC, used_at DESC, rowid DESC LIMIT \(completionLimit)",
                    [.integer(list)]) { $0.text(0) }
    }
}
