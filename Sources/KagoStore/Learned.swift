import KagoState

/// The `learned` table: every name ever added, with the category it had last.
///
/// It feeds Tab completion and "a name bought before gets its last category". It is a
/// memory, not list data, so undo does not roll it back.
enum Learned {
    /// How many names `load` hands out for completion.
    static let completionLimit = 5000

    /// The category a name had last time, if the name is known and had one.
    static func category(for name: String, in db: Database) throws -> String? {
        var category: String?
        try db.query("SELECT category FROM learned WHERE key = ?", [.text(name.matchKey)]) {
            category = $0.optionalText(0)
        }
        return category
    }

    /// Records a use of `name` with `category`.
    ///
    /// With `onlyIfNewer`, an older use (an imported row from last year) does not overwrite
    /// what a more recent one taught.
    static func remember(name: String, category: String?, usedAt: Timestamp, onlyIfNewer: Bool,
                         in db: Database) throws {
        try db.run("""
            INSERT INTO learned(key, name, category, used_at) VALUES (?, ?, ?, ?)
            ON CONFLICT(key) DO UPDATE SET name = excluded.name, category = excluded.category,
                used_at = excluded.used_at
            \(onlyIfNewer ? "WHERE excluded.used_at >= learned.used_at" : "")
            """, .text(name.matchKey), .text(name), .text(category), .integer(usedAt))
    }

    /// Follows a category rename so a remembered name keeps finding its category.
    static func renameCategory(from old: String, to new: String, in db: Database) throws {
        try db.run("UPDATE learned SET category = ? WHERE category = ?", .text(new), .text(old))
    }

    /// Names for completion, most recently used first.
    static func names(in db: Database) throws -> [String] {
        try db.rows("SELECT name FROM learned ORDER BY used_at DESC, rowid DESC LIMIT \(completionLimit)") {
            $0.text(0)
        }
    }
}
