#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLite

/// A failed SQLite call: its result code and the text of `sqlite3_errmsg`.
struct SQLiteError: Error, Equatable {
    var code: Int32
    var message: String

    /// The primary result code (`SQLITE_CORRUPT`, `SQLITE_FULL`, …) without extended bits.
    var primary: Int32 { code & 0xff }
}

/// A value bound to a statement parameter.
enum SQLValue {
    case null
    case integer(Int64)
    case text(String)
    /// Bytes kept as they are (a server's text, which may not be UTF-8).
    case blob([UInt8])

    static func text(_ s: String?) -> SQLValue { s.map { .text($0) } ?? .null }
    static func integer(_ n: Int64?) -> SQLValue { n.map { .integer($0) } ?? .null }
}

/// The current result row of a statement; valid only inside the closure it is passed to.
struct Row {
    let statement: OpaquePointer

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    /// The value as UTF-8 bytes, valid until the next step; nil for NULL.
    ///
    /// Read with its byte length, so a NUL inside a name does not cut it short. NULL is the
    /// only value without a pointer (out of memory aside, which then reads as NULL too), so
    /// one call answers both questions.
    func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard let start = sqlite3_column_text(statement, column) else { return nil }
        return UnsafeBufferPointer(start: start, count: Int(sqlite3_column_bytes(statement, column)))
    }

    func text(_ column: Int32) -> String { optionalText(column) ?? "" }

    func optionalText(_ column: Int32) -> String? { bytes(column).map { String(decoding: $0, as: UTF8.self) } }
}

/// One SQLite connection with just enough helpers that the store reads as SQL.
///
/// Statements are prepared once per SQL text and kept: preparing is most of the cost of a
/// small statement, the more so as every insert compiles the partial indexes' conditions,
/// and an import runs the same few statements for every row.
final class Database {
    let handle: OpaquePointer
    /// Prepared statements by their SQL, reset after each use.
    private var statements: [String: OpaquePointer] = [:]
    /// Enough for every statement kago runs; SQL with values written in (a LIMIT) can vary.
    static let statementLimit = 64

    /// Opens a connection; `flags` are `SQLITE_OPEN_*` values.
    init(path: String, flags: Int32) throws(SQLiteError) {
        var handle: OpaquePointer?
        // A connection is only ever used by one thread at a time, so SQLite's per-call mutexes
        // (a tenth of start-up with 10,000 items) buy nothing.
        let rc = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(handle)
            throw SQLiteError(code: rc, message: message)
        }
        self.handle = handle
        // Set before anything else: even the read-only look at a file another kago is busy
        // creating (journal-mode switch, WAL recovery) can meet a lock.
        sqlite3_busy_timeout(handle, Database.busyTimeoutMilliseconds)
    }

    /// How long a statement waits for another connection's lock before giving up.
    static let busyTimeoutMilliseconds: Int32 = 5000

    /// Opens or creates a plain database for reading and writing.
    ///
    /// The store never needs the create flag (it makes the file itself, with its mode); tests
    /// use this to build foreign and old-schema files by hand.
    convenience init(creatingAt path: String) throws(SQLiteError) {
        try self.init(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    }

    private var isOpen = true

    deinit { close() }

    /// Closes the connection; the last one to close a file checkpoints its WAL into it.
    func close() {
        guard isOpen else { return }
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        sqlite3_close_v2(handle)
        isOpen = false
    }

    /// The error for a failed call; for I/O failures the system's own words.
    ///
    /// SQLite says "disk I/O error" or "unable to open database file" for many causes; errno
    /// ("No space left on device", "Permission denied") tells the user what to fix.
    func error(_ rc: Int32) -> SQLiteError {
        let systemErrno = sqlite3_system_errno(handle)
        if [SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_FULL].contains(rc & 0xff), systemErrno != 0 {
            return SQLiteError(code: rc, message: String(cString: strerror(systemErrno)))
        }
        return SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs one or more statements that take no parameters and return no rows of interest.
    func execute(_ sql: String) throws(SQLiteError) {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw error(rc) }
    }

    /// Runs one statement, calling `each` for every result row.
    func query(_ sql: String, _ args: [SQLValue] = [], _ each: (Row) throws -> Void) throws {
        // Taken out of the cache while it runs, so the same SQL run from inside `each` gets a
        // statement of its own.
        let statement = try statements.removeValue(forKey: sql) ?? prepare(sql)
        defer { keep(statement, for: sql) }
        for (i, value) in args.enumerated() {
            try bind(value, at: Int32(i + 1), in: statement)
        }
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return }
            guard step == SQLITE_ROW else { throw error(step) }
            try each(Row(statement: statement))
        }
    }

    private func prepare(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw error(rc) }
        return statement
    }

    /// Resets a statement (ending its read, dropping its values) and keeps it for next time.
    private func keep(_ statement: OpaquePointer, for sql: String) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        if statements.count >= Self.statementLimit {
            for old in statements.values { sqlite3_finalize(old) }
            statements.removeAll()
        }
        if let displaced = statements.updateValue(statement, forKey: sql) { sqlite3_finalize(displaced) }
    }

    /// Runs one statement and maps every result row.
    /// - Parameter expected: how many rows there will be, when known: the array is allocated
    ///   once at its size instead of growing by doubling (up to twice the memory at its peak).
    func rows<T>(_ sql: String, _ args: [SQLValue] = [], expected: Int = 0, _ map: (Row) throws -> T) throws -> [T] {
        var out: [T] = []
        out.reserveCapacity(expected)
        try query(sql, args) { out.append(try map($0)) }
        return out
    }

    /// Runs one statement that returns no rows.
    func run(_ sql: String, _ args: SQLValue...) throws {
        try query(sql, args) { _ in }
    }

    /// The first column of the first row as an integer, or nil when there is no row or it is NULL.
    func integer(_ sql: String, _ args: SQLValue...) throws -> Int64? {
        var value: Int64?
        var first = true
        try query(sql, args) { row in
            if first { value = row.optionalInt64(0); first = false }
        }
        return value
    }

    /// The rowid of the last row this connection inserted.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether SQLite fell back to a read-only open (the file or its directory is write-protected).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Runs `body` in a write transaction: committed if it returns, rolled back if it throws.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock up front, so the busy timeout applies to it; a
    /// deferred transaction that later tries to write gets SQLITE_BUSY at once in WAL mode.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            rollback()
            throw error
        }
    }

    /// Runs `body` in a read transaction, so several queries see one consistent state.
    func read<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN DEFERRED")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            rollback()
            throw error
        }
    }

    private func rollback() {
        // A failed COMMIT or an I/O error may already have ended the transaction.
        if sqlite3_get_autocommit(handle) == 0 {
            sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
        }
    }

    private func bind(_ value: SQLValue, at index: Int32, in statement: OpaquePointer) throws(SQLiteError) {
        let rc: Int32
        switch value {
        case .null:
            rc = sqlite3_bind_null(statement, index)
        case .integer(let n):
            rc = sqlite3_bind_int64(statement, index, n)
        case .text(let s):
            // withCString never hands out a nil pointer (a nil would bind NULL for ""), and the
            // explicit byte count keeps any embedded NUL.
            let count = Int32(s.utf8.count)
            rc = s.withCString { sqlite3_bind_text(statement, index, $0, count, kago_sqlite_transient()) }
        case .blob(let bytes):
            // A non-nil pointer even for no bytes: a nil one would bind NULL.
            rc = bytes.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32($0.count), kago_sqlite_transient()) }
        }
        guard rc == SQLITE_OK else { throw error(rc) }
    }
}
