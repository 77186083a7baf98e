#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLite
import KagoState

/// How closely `Store.open` inspects an existing file before any write.
public enum OpenCheck: Sendable {
    /// Whose file it is, its schema, and every page (`PRAGMA quick_check`).
    case full
    /// Whose file it is and its schema only; the pages are scanned before the first write
    /// (or by `verify()`), so reading and drawing the list never wait for the scan.
    case header
}

/// The shopping list on disk: one SQLite connection to the kago database.
///
/// Not thread-safe; give each thread (or process) its own Store. Several Stores on one file
/// are fine: WAL mode, a busy timeout and `BEGIN IMMEDIATE` serialise their writes.
public final class Store {
    /// The database file this store reads and writes.
    public let path: String
    let db: Database
    /// Whether every page has been read looking for damage since the file was opened.
    public private(set) var isScanned: Bool
    /// Whether the file was opened for reading only (kago may not write it or its directory).
    public let isReadOnly: Bool
    /// The list this store reads and writes (SPEC §8); every item and category query is scoped to it.
    public internal(set) var listID: Int64 = 1
    /// The purchases this store recorded: an uncheck forgets only these (SPEC §10: a check
    /// undone in the same session was a slip; one from an earlier session was a purchase).
    var sessionPurchases = Set<Int64>()
    /// The local day of a moment in the user's time zone, daylight saving time included: the
    /// day a purchase is recorded on (SPEC §10 counts whole local days).
    public let localDay: @Sendable (Timestamp) -> Day

    /// The schema version this kago writes.
    public static var schemaVersion: Int { Schema.currentVersion }

    private init(path: String, db: Database, scanned: Bool, readOnly: Bool = false,
                 localDay: @escaping @Sendable (Timestamp) -> Day) {
        self.path = path
        self.db = db
        self.localDay = localDay
        isScanned = scanned
        isReadOnly = readOnly
    }

    /// Opens the database at `path`, creating it and its directories when missing, and
    /// migrating an older schema forward.
    ///
    /// - Throws: `.unreadable` for a file that is not a kago database or is damaged,
    ///   `.newerSchema` for one written by a newer kago (both leave the file untouched),
    ///   `.cannotCreate` / `.cannotWrite` for I/O problems.
    /// - Parameters:
    ///   - check: how closely to look at an existing file before trusting it.
    ///   - readOnlyIfNeeded: an existing file that kago may not write (permissions, a
    ///     read-only mount) is opened for reading instead of refused; writes then fail.
    ///   - firstListName: the name of the list a new (or older) database starts with.
    ///   - localDay: the local day of a moment (UTC when not given).
    public static func open(path: String, check: OpenCheck = .full, readOnlyIfNeeded: Bool = false,
                            firstListName: String = "Shopping",
                            localDay: @escaping @Sendable (Timestamp) -> Day = Store.utcDay) throws(StoreError) -> Store {
        if readOnlyIfNeeded, let store = try openReadOnlyIfUnwritable(path: path, localDay: localDay) { return store }
        try FileSystem.createDirectories(FileSystem.directory(of: path))
        if let st = FileSystem.status(path) {
            guard FileSystem.isRegular(st) else {
                throw .unreadable(path: path, reason: FileSystem.isDirectory(st) ? FileSystem.errnoText(EISDIR) : "not a regular file")
            }
            if st.st_size > 0 { try Validation.check(path, scanPages: check == .full) }
        } else if errno == ENOENT {
            // Created 0600 before SQLite opens it, so neither it nor the -wal/-shm SQLite
            // derives from it ever exists with a wider mode.
            do { try FileSystem.createFile(path, mode: 0o600) } catch {
                throw .cannotWrite(path: path, reason: error.text)
            }
        } else {
            throw .unreadable(path: path, reason: FileSystem.errnoText())
        }
        do {
            let db = try Database(path: path, flags: SQLITE_OPEN_READWRITE)
            // SQLite quietly opens write-protected files read-only; kago would fail later, so say it now.
            if db.isReadOnly {
                let reason = access(path, W_OK) != 0 ? FileSystem.errnoText() : "the database is read-only"
                throw StoreError.cannotWrite(path: path, reason: reason)
            }
            try enableWAL(db)
            // FULL: a commit is on disk before the screen shows it (SPEC §7, kill -9 loses nothing).
            try db.execute("PRAGMA synchronous = FULL")
            // kago reads the whole list once and keeps it in memory, so SQLite's own copy of
            // the pages (2 MB by default) would only double it; the OS caches the file anyway.
            try db.execute("PRAGMA cache_size = -\(cacheKiB)")
            // Foreign keys on only after migrating: a migration that rebuilds a table must not
            // have the drop of the old one act on the rows that refer to it.
            try Schema.migrate(db, path: path, context: Schema.Context(firstListName: firstListName, localDay: localDay))
            try db.execute("PRAGMA foreign_keys = ON")
            let store = Store(path: path, db: db, scanned: check == .full, localDay: localDay)
            store.listID = try store.lastUsedListID()
            return store
        } catch {
            throw StoreError.wrap(error, path: path, writing: true)
        }
    }

    /// Opens an existing database that kago can read but not write: the file, or its directory
    /// (where SQLite keeps the -wal and -shm beside it), is not writable. Nil when writable.
    ///
    /// Without a -wal beside it the file is read as immutable (SQLite needs no -shm then); a
    /// WAL left by a writer is read with the writer's -shm.
    private static func openReadOnlyIfUnwritable(path: String, localDay: @escaping @Sendable (Timestamp) -> Day) throws(StoreError) -> Store? {
        guard let st = FileSystem.status(path), FileSystem.isRegular(st), st.st_size > 0,
              access(path, W_OK) != 0 || access(FileSystem.directory(of: path), W_OK) != 0,
              access(path, R_OK) == 0 else { return nil }
        try Validation.check(path, scanPages: false)
        do {
            let immutable = !FileSystem.exists(path + "-wal")
            let db = try Database(path: Validation.uri(path, immutable: immutable), flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
            try db.execute("PRAGMA cache_size = -\(cacheKiB)")
            let identity = try db.read { try Schema.Identity.read(db) }
            // An older schema would need its migration, a write.
            guard identity.version == Schema.currentVersion else {
                throw StoreError.cannotWrite(path: path, reason: "it is read-only and needs upgrading by a kago that can write it")
            }
            // Nothing is written, so the pages are scanned only as the reads touch them.
            let store = Store(path: path, db: db, scanned: true, readOnly: true, localDay: localDay)
            store.listID = try store.lastUsedListID()
            return store
        } catch {
            throw StoreError.wrap(error, path: path, writing: false)
        }
    }

    /// Why a read-only store cannot write.
    public static let readOnlyReason = "the database is read-only for you"

    /// SQLite's page cache per connection, in KiB.
    static let cacheKiB = 256

    /// Switches the file to WAL unless it already is.
    ///
    /// The switch needs an exclusive lock, and SQLite skips the busy handler when two
    /// connections both hold a shared lock and want it (it would deadlock), failing at once
    /// with SQLITE_BUSY. That happens when several kagos first open a new file together, so
    /// the switch is retried, re-reading the mode each time (another may have made it).
    private static func enableWAL(_ db: Database) throws {
        var attempts = 0
        while try db.rows("PRAGMA journal_mode", [], { $0.text(0) }).first?.lowercased() != "wal" {
            do {
                // A file system without shared memory keeps the old mode without an error;
                // kago then still works, with rollback-journal locking, so that is accepted.
                try db.execute("PRAGMA journal_mode = WAL")
                return
            } catch {
                // Up to about the busy timeout (500 × ~10 ms), then the error stands.
                attempts += 1
                guard error.primary == SQLITE_BUSY, attempts < 500 else { throw error }
                usleep(5_000 + UInt32.random(in: 0..<10_000))
            }
        }
    }

    /// Closes the connection before the process ends; the store must not be used afterwards.
    ///
    /// For a process that exits without deallocating: SQLite still folds the WAL back into
    /// the file, so the next kago to open it has nothing to recover.
    public func close() { db.close() }

    /// Runs `body` in one write transaction and maps failures to StoreError.
    ///
    /// The pages are scanned first if they have not been: a write into a damaged file could
    /// bury the damage deeper, and the file must stay as it was.
    /// - Parameter followingChecks: record the purchases of the items `body` checked off (and
    ///   forget those it unchecked); off for undo and redo, which write purchases back as recorded.
    func write(followingChecks: Bool = true, _ body: (inout ChangeRecorder) throws -> Void) throws(StoreError) -> ChangeSet {
        if isReadOnly { throw .cannotWrite(path: path, reason: Self.readOnlyReason) }
        if !isScanned { try verify() }
        do {
            return try db.transaction {
                var recorder = ChangeRecorder()
                try body(&recorder)
                if followingChecks { try followChecks(into: &recorder) }
                return recorder.changeSet
            }
        } catch {
            throw StoreError.wrap(error, path: path, writing: true)
        }
    }

    /// Reads every page looking for damage (`PRAGMA quick_check`); writes nothing.
    /// - Throws: `.unreadable` when the file is damaged.
    public func verify() throws(StoreError) {
        let verdict = try read { try db.rows("PRAGMA quick_check(1)", [], { $0.text(0) }).first ?? "" }
        guard verdict == "ok" else { throw .unreadable(path: path, reason: StoreError.malformed) }
        isScanned = true
    }

    /// Runs `body` in one read transaction and maps failures to StoreError.
    func read<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try db.read(body)
        } catch {
            throw StoreError.wrap(error, path: path, writing: false)
        }
    }
}

extension Store: ListStore {}
