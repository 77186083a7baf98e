import KagoState

/// The database layout, versioned by `PRAGMA user_version`.
enum Schema {
    /// `PRAGMA application_id` of every kago database: "kago" in ASCII.
    static let applicationID: Int64 = 0x6B61_676F

    /// The schema this kago writes; a file with a higher `user_version` is left alone.
    static var currentVersion: Int { migrations.count }

    /// What a migration may need to know beyond the file.
    struct Context: Sendable {
        /// The name the first list gets (in the user's language).
        var firstListName: String
        /// The local day of a moment, for purchases already there (`Store.localDay`).
        var localDay: @Sendable (Timestamp) -> Day = Store.utcDay
    }

    /// `migrations[n]` takes a database from version n to n + 1.
    static let migrations: [@Sendable (Database, Context) throws -> Void] = [
        { db, _ in try version1(db) }, { db, _ in try version2(db) }, { db, _ in try version3(db) },
        { db, _ in try version4(db) }, { db, _ in try version5(db) }, { db, _ in try version6(db) }, version7,
        { db, _ in try version8(db) }, { db, _ in try version9(db) }, version10, { db, _ in try version11(db) },
        { db, _ in try version12(db) },
    ]

    /// Categories and items. AUTOINCREMENT so ids are never reused: undo re-inserts rows with
    /// their old ids, and a reused id could collide with a row added since.
    static func version1(_ db: Database) throws {
        try db.execute("""
            CREATE TABLE categories (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL COLLATE NOCASE UNIQUE,
                position INTEGER NOT NULL
            );
            CREATE TABLE items (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL,
                quantity TEXT,
                category_id INTEGER REFERENCES categories(id) ON DELETE SET NULL,
                date TEXT,
                note TEXT,
                created_at INTEGER NOT NULL,
                purchased_at INTEGER
            );
            CREATE INDEX items_category ON items(category_id);
            """)
    }

    /// The memory of names: completion history and each name's last category, backfilled
    /// from the items already there. Keys are folded in Swift, not with SQL `lower()`, which
    /// only folds ASCII.
    static func version2(_ db: Database) throws {
        try db.execute("""
            CREATE TABLE learned (
                key TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                category TEXT,
                used_at INTEGER NOT NULL
            );
            CREATE INDEX items_purchased ON items(purchased_at);
            CREATE INDEX learned_used ON learned(used_at);
            """)
        // Oldest first, so the latest use of each name is the one that stays.
        try db.query("""
            SELECT i.name, c.name, max(i.created_at, coalesce(i.purchased_at, 0)) AS used
            FROM items i LEFT JOIN categories c ON c.id = i.category_id
            ORDER BY used, i.id
            """) { row in
            try db.run("""
                INSERT INTO learned(key, name, category, used_at) VALUES (?, ?, ?, ?)
                ON CONFLICT(key) DO UPDATE SET name = excluded.name, category = excluded.category, used_at = excluded.used_at
                """, .text(row.text(0).matchKey), .text(row.text(0)), .text(row.optionalText(1)), .integer(row.int64(2)))
        }
    }

    /// Indexes that let the first frame read just its first screen (`Store.firstScreen`): the
    /// to-buy items in date order, and the dates SQL would order differently from kago.
    static func version3(_ db: Database) throws {
        try db.execute("""
            CREATE INDEX items_to_buy_date ON items(purchased_at, date) WHERE purchased_at IS NULL;
            CREATE INDEX items_odd_date ON items(id) WHERE \(oddDate);
            """)
    }

    /// The counts of to-buy and purchased items, kept in one row by triggers whichever program
    /// writes the items, so the first frame's tab bar does not count 100,000 rows.
    static func version4(_ db: Database) throws {
        try db.execute("""
            CREATE TABLE item_counts (to_buy INTEGER NOT NULL, purchased INTEGER NOT NULL);
            INSERT INTO item_counts SELECT count(*) - count(purchased_at), count(purchased_at) FROM items;
            CREATE TRIGGER items_counted_insert AFTER INSERT ON items BEGIN
                UPDATE item_counts SET to_buy = to_buy + (new.purchased_at IS NULL),
                    purchased = purchased + (new.purchased_at IS NOT NULL);
            END;
            CREATE TRIGGER items_counted_delete AFTER DELETE ON items BEGIN
                UPDATE item_counts SET to_buy = to_buy - (old.purchased_at IS NULL),
                    purchased = purchased - (old.purchased_at IS NOT NULL);
            END;
            CREATE TRIGGER items_counted_update AFTER UPDATE OF purchased_at ON items
                WHEN (old.purchased_at IS NULL) <> (new.purchased_at IS NULL) BEGIN
                UPDATE item_counts SET to_buy = to_buy + (new.purchased_at IS NULL) - (old.purchased_at IS NULL),
                    purchased = purchased + (new.purchased_at IS NOT NULL) - (old.purchased_at IS NOT NULL);
            END;
            """)
    }

    /// The order of checks, kept by triggers whichever program checks an item: purchase times
    /// are whole seconds, and checks within one second must list the last one first alike in
    /// every kago (the TUI, `kago list --purchased`). Existing purchases are numbered by time.
    static func version5(_ db: Database) throws {
        try db.execute("""
            ALTER TABLE items ADD COLUMN check_order INTEGER;
            UPDATE items SET check_order = numbered.n FROM (SELECT id, row_number() OVER (ORDER BY purchased_at, id) AS n
                FROM items WHERE purchased_at IS NOT NULL) AS numbered WHERE items.id = numbered.id;
            CREATE INDEX items_check_order ON items(check_order) WHERE check_order IS NOT NULL;
            CREATE TRIGGER items_checked_update AFTER UPDATE OF purchased_at ON items
                WHEN old.purchased_at IS NULL AND new.purchased_at IS NOT NULL BEGIN
                UPDATE items SET check_order = coalesce((SELECT max(check_order) FROM items
                    WHERE check_order IS NOT NULL), 0) + 1 WHERE id = new.id;
            END;
            CREATE TRIGGER items_checked_insert AFTER INSERT ON items WHEN new.purchased_at IS NOT NULL BEGIN
                UPDATE items SET check_order = coalesce((SELECT max(check_order) FROM items
                    WHERE check_order IS NOT NULL), 0) + 1 WHERE id = new.id;
            END;
            """)
    }

    /// The change feed: every row written to items or categories, by whichever program, is
    /// appended to `changes` by triggers, so an open list reads what changed since the last
    /// sequence it saw instead of the whole list. Pruned to the last `changeFeedKept` entries
    /// every thousandth one; a reader that fell further behind reads the whole list.
    static func version6(_ db: Database) throws {
        var sql = """
            CREATE TABLE changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, tab INTEGER NOT NULL, row INTEGER NOT NULL);
            CREATE TRIGGER changes_pruned AFTER INSERT ON changes WHEN new.seq % 1000 = 0 BEGIN
                DELETE FROM changes WHERE seq <= new.seq - \(changeFeedKept);
            END;

            """
        sql += feedTriggers("items", tab: ChangeFeed.items) + feedTriggers("categories", tab: ChangeFeed.categories)
        try db.execute(sql)
    }

    /// The change feed's triggers on one table.
    static func feedTriggers(_ table: String, tab: Int) -> String {
        var sql = ""
        for (event, row) in [("INSERT", "new.id"), ("UPDATE", "new.id"), ("DELETE", "old.id")] {
            sql += """
                CREATE TRIGGER \(table)_fed_\(event.lowercased()) AFTER \(event) ON \(table) BEGIN
                    INSERT INTO changes(tab, row) VALUES (\(tab), \(row));
                END;

                """
        }
        return sql
    }

    /// Several lists (SPEC §8): a `lists` table, and items, categories and the kept counts per
    /// list; a category name is unique within its list. What is there becomes the first list.
    /// `used_at` marks the list last opened or chosen, the current one when nothing names one.
    ///
    /// A list's counts row is created by the first item it gets (not with `OR IGNORE`, which
    /// inside a trigger gives way to the conflict handling of the statement that fired it).
    /// The categories table is rebuilt (its names were unique across the file); this runs
    /// with foreign keys off, or dropping the old table would uncategorise every item.
    static func version7(_ db: Database, _ context: Context) throws {
        let sequence = try db.integer("SELECT seq FROM sqlite_sequence WHERE name = 'categories'") ?? 0
        try db.execute("""
            CREATE TABLE lists (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL,
                position INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                used_at INTEGER NOT NULL DEFAULT 0
            );
            ALTER TABLE items ADD COLUMN list_id INTEGER NOT NULL DEFAULT 1;
            CREATE INDEX items_list ON items(list_id, purchased_at);
            CREATE TABLE categories_by_list (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                list_id INTEGER NOT NULL DEFAULT 1,
                name TEXT NOT NULL COLLATE NOCASE,
                position INTEGER NOT NULL,
                UNIQUE (list_id, name)
            );
            INSERT INTO categories_by_list(id, list_id, name, position) SELECT id, 1, name, position FROM categories;
            DROP TABLE categories;
            ALTER TABLE categories_by_list RENAME TO categories;
            DROP TRIGGER items_counted_insert;
            DROP TRIGGER items_counted_delete;
            DROP TRIGGER items_counted_update;
            DROP TABLE item_counts;
            CREATE TABLE item_counts (list_id INTEGER PRIMARY KEY, to_buy INTEGER NOT NULL, purchased INTEGER NOT NULL);
            INSERT INTO item_counts SELECT 1, count(*) - count(purchased_at), count(purchased_at) FROM items;
            CREATE TRIGGER items_counted_insert AFTER INSERT ON items BEGIN
                INSERT INTO item_counts SELECT new.list_id, 0, 0 WHERE NOT EXISTS (SELECT 1 FROM item_counts WHERE list_id = new.list_id);
                UPDATE item_counts SET to_buy = to_buy + (new.purchased_at IS NULL),
                    purchased = purchased + (new.purchased_at IS NOT NULL) WHERE list_id = new.list_id;
            END;
            CREATE TRIGGER items_counted_delete AFTER DELETE ON items BEGIN
                UPDATE item_counts SET to_buy = to_buy - (old.purchased_at IS NULL),
                    purchased = purchased - (old.purchased_at IS NOT NULL) WHERE list_id = old.list_id;
            END;
            CREATE TRIGGER items_counted_update AFTER UPDATE OF purchased_at, list_id ON items
                WHEN (old.purchased_at IS NULL) <> (new.purchased_at IS NULL) OR old.list_id <> new.list_id BEGIN
                UPDATE item_counts SET to_buy = to_buy - (old.purchased_at IS NULL),
                    purchased = purchased - (old.purchased_at IS NOT NULL) WHERE list_id = old.list_id;
                INSERT INTO item_counts SELECT new.list_id, 0, 0 WHERE NOT EXISTS (SELECT 1 FROM item_counts WHERE list_id = new.list_id);
                UPDATE item_counts SET to_buy = to_buy + (new.purchased_at IS NULL),
                    purchased = purchased + (new.purchased_at IS NOT NULL) WHERE list_id = new.list_id;
            END;
            """ + feedTriggers("categories", tab: ChangeFeed.categories))
        try db.run("INSERT INTO lists(id, name, position, created_at) VALUES (1, ?, 0, CAST(strftime('%s', 'now') AS INTEGER))",
                   .text(context.firstListName))
        // Ids are never reused: the rebuilt table goes on from where the old one had got to.
        try db.run("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'categories'", .integer(sequence))
        try db.run("INSERT INTO sqlite_sequence(name, seq) SELECT 'categories', ? WHERE NOT EXISTS "
                   + "(SELECT 1 FROM sqlite_sequence WHERE name = 'categories')", .integer(sequence))
        if try db.integer("SELECT count(*) FROM pragma_foreign_key_check") != 0 {
            throw StoreError.unreadable(path: "", reason: "its items refer to categories that are not there")
        }
    }

    /// Each list learns its own names (SPEC §8): `learned` is keyed by list and name. A name
    /// goes to every list that has an item by it (the lowest keeping the row id), else to the
    /// first list.
    static func version8(_ db: Database) throws {
        try db.execute("""
            CREATE TABLE learned_by_list (
                list_id INTEGER NOT NULL DEFAULT 1,
                key TEXT NOT NULL,
                name TEXT NOT NULL,
                category TEXT,
                used_at INTEGER NOT NULL,
                UNIQUE (list_id, key)
            );
            INSERT INTO learned_by_list(rowid, list_id, key, name, category, used_at)
                SELECT rowid, 1, key, name, category, used_at FROM learned;
            DROP TABLE learned;
            ALTER TABLE learned_by_list RENAME TO learned;
            CREATE INDEX learned_used ON learned(used_at);
            """)
        var lists: [String: Set<Int64>] = [:]
        try db.query("SELECT name, list_id FROM items") { lists[$0.text(0).matchKey, default: []].insert($0.int64(1)) }
        for (id, key) in try db.rows("SELECT rowid, key FROM learned", [], { ($0.int64(0), $0.text(1)) }) {
            guard let found = lists[key]?.sorted(), let first = found.first else { continue }
            try db.run("UPDATE learned SET list_id = ? WHERE rowid = ?", .integer(first), .integer(id))
            for other in found.dropFirst() {
                try db.run("INSERT INTO learned(list_id, key, name, category, used_at) SELECT ?, key, name, category, used_at FROM learned WHERE rowid = ?",
                           .integer(other), .integer(id))
            }
        }
    }

    /// Sync with CalDAV (SPEC §9): a linked list's collection and sync token, and per synced
    /// item its UID, href, ETag and the server's text at the last sync (the merge base). An
    /// item's `local_at` is when it last changed here, kept by a trigger so that no write path
    /// can forget it; an item without a row is new here, a row without its item was deleted.
    static func version9(_ db: Database) throws {
        try db.execute("""
            CREATE TABLE sync_lists (
                list_id INTEGER PRIMARY KEY,
                url TEXT NOT NULL,
                token TEXT,
                sync_collection INTEGER NOT NULL,
                ctag TEXT,
                synced_at INTEGER
            );
            CREATE TABLE sync_items (
                list_id INTEGER NOT NULL,
                uid TEXT NOT NULL,
                item_id INTEGER,
                href TEXT NOT NULL,
                etag TEXT,
                base BLOB,
                local_at INTEGER NOT NULL DEFAULT 0,
                created_token TEXT,
                PRIMARY KEY (list_id, uid)
            );
            CREATE INDEX sync_items_item ON sync_items(item_id);
            CREATE TRIGGER items_sync_touched AFTER UPDATE ON items BEGIN
                UPDATE sync_items SET local_at = CAST(strftime('%s', 'now') AS INTEGER) WHERE item_id = new.id;
            END;
            """)
    }

    /// Purchase history (SPEC §10): one row per check, kept when the item is deleted, with the
    /// local day it was bought on (as a day ordinal); and which remembered names Tab offers (not
    /// a typo deleted right after its add). Keys are folded in Swift (`matchKey`) and
    /// days come from the time zone, so rows are written by kago, not by triggers; the change
    /// feed carries them to open lists. Purchased items already there become history.
    /// Where the change feed stood when a linked list's last sync read it: a sync with nothing
    /// changed here since (and the same ctag there) need not read the list at all.
    static func version11(_ db: Database) throws {
        try db.execute("ALTER TABLE sync_lists ADD COLUMN feed_seq INTEGER")
    }

    /// The UTC offset a synced item's base DUE (given in UTC) was read with: after the time
    /// zone changes the base still reads as the day the item got, so nothing looks changed here.
    /// And the text a sync is about to send, so that one killed after the server took it knows
    /// the server's copy for its own.
    static func version12(_ db: Database) throws {
        try db.execute("""
            ALTER TABLE sync_items ADD COLUMN base_offset INTEGER;
            ALTER TABLE sync_items ADD COLUMN pending BLOB;
            """)
    }

    static func version10(_ db: Database, _ context: Context) throws {
        try db.execute("""
            CREATE TABLE purchases (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                list_id INTEGER NOT NULL,
                item_id INTEGER,
                key TEXT NOT NULL,
                name TEXT NOT NULL,
                quantity TEXT,
                category TEXT,
                purchased_at INTEGER NOT NULL,
                day INTEGER NOT NULL,
                hidden INTEGER NOT NULL DEFAULT 0
            );
            CREATE INDEX purchases_by_key ON purchases(list_id, key, purchased_at);
            CREATE INDEX purchases_item ON purchases(item_id);
            ALTER TABLE learned ADD COLUMN offered INTEGER NOT NULL DEFAULT 1;

            """ + feedTriggers("purchases", tab: ChangeFeed.purchases))
        try db.query("""
            SELECT i.list_id, i.id, i.name, i.quantity, c.name, i.purchased_at
            FROM items i LEFT JOIN categories c ON c.id = i.category_id WHERE i.purchased_at IS NOT NULL
            ORDER BY i.purchased_at, i.id
            """) { row in
            try db.run("INSERT INTO purchases(list_id, item_id, key, name, quantity, category, purchased_at, day) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       .integer(row.int64(0)), .integer(row.int64(1)), .text(row.text(2).matchKey), .text(row.text(2)),
                       .text(row.optionalText(3)), .text(row.optionalText(4)), .integer(row.int64(5)),
                       .integer(Int64(context.localDay(row.int64(5)).ordinal)))
        }
    }

    /// How many entries the change feed keeps.
    static let changeFeedKept = 10_000

    /// True for a stored date that is not a real day written `YYYY-MM-DD`, the only form whose
    /// text order is its order in time. kago writes no other; the full parser reads such a date
    /// (a hand-edited file) as another day or none, so SQL cannot place it.
    static let oddDate = """
        date IS NOT NULL AND NOT (length(date) = 10
            AND date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND substr(date, 1, 4) <> '0000'
            AND substr(date, 6, 2) BETWEEN '01' AND '12'
            AND substr(date, 9, 2) BETWEEN '01' AND CASE substr(date, 6, 2)
                WHEN '02' THEN CASE WHEN substr(date, 1, 4) % 4 = 0
                    AND (substr(date, 1, 4) % 100 <> 0 OR substr(date, 1, 4) % 400 = 0) THEN '29' ELSE '28' END
                WHEN '04' THEN '30' WHEN '06' THEN '30' WHEN '09' THEN '30' WHEN '11' THEN '30'
                ELSE '31' END)
        """

    /// What a file's header says about whose it is.
    struct Identity {
        var applicationID: Int64
        var version: Int
        var objectCount: Int64

        /// A database nobody has put anything in yet: kago may claim it.
        var isBlank: Bool { applicationID == 0 && version == 0 && objectCount == 0 }
        var isKago: Bool { applicationID == Schema.applicationID }

        /// Reads the three values; call it inside a transaction so they agree with each other.
        static func read(_ db: Database) throws -> Identity {
            Identity(applicationID: try db.integer("PRAGMA application_id") ?? 0,
                     version: Int(try db.integer("PRAGMA user_version") ?? 0),
                     objectCount: try db.integer("SELECT count(*) FROM sqlite_master") ?? 0)
        }

        /// Throws unless kago may use this database.
        func check(path: String) throws(StoreError) {
            guard isKago || isBlank else { throw .unreadable(path: path, reason: StoreError.notKago) }
            guard version <= Schema.currentVersion else { throw .newerSchema(path: path, version: version) }
        }
    }

    /// Brings the database to the current version in one transaction.
    ///
    /// Ownership and version are checked again under the write lock: another process may
    /// have migrated (or a WAL we had not seen may hold tables) since the read-only check.
    static func migrate(_ db: Database, path: String, context: Context) throws {
        let seen = try db.read { try Identity.read(db) }
        if seen.isKago && seen.version == currentVersion { return }
        try seen.check(path: path)
        try db.transaction {
            let identity = try Identity.read(db)
            try identity.check(path: path)
            guard identity.version < currentVersion else { return }
            for step in migrations[identity.version...] { try step(db, context) }
            try db.execute("PRAGMA application_id = \(applicationID); PRAGMA user_version = \(currentVersion)")
        }
    }
}
