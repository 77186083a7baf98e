#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLite

/// The read-only look at an existing file that decides whether kago may write to it.
///
/// Nothing here writes: a file that is not ours, is damaged, or comes from a newer kago must
/// stay byte for byte as it was.
enum Validation {
    /// Throws unless `path` holds a kago database of this or an older schema, or a blank one.
    /// - Parameter scanPages: also read every page looking for damage (`PRAGMA quick_check`).
    static func check(_ path: String, scanPages: Bool = true) throws(StoreError) {
        if FileSystem.exists(path + "-journal") { try finishInterruptedWrite(path) }
        // Without a -wal or -journal beside it, the main file alone is the whole database, so it
        // is read as immutable: no locks and, above all, no -wal/-shm files created beside
        // someone else's file. A process starting up meanwhile could make that lock-free read
        // see a half-written page, so a failure is confirmed by a second look.
        for attempt in 0..<2 {
            let quiet = !FileSystem.exists(path + "-wal") && !FileSystem.exists(path + "-journal")
            do {
                try inspect(path, immutable: quiet, scanPages: scanPages)
                return
            } catch {
                if !quiet || attempt == 1 { throw error }
                usleep(50_000)
            }
        }
    }

    /// Rolls back a write that a killed process left half done (seen when kago is killed while
    /// it creates its database). A read-only connection cannot roll back, and would refuse the
    /// file for good. This is the recovery any SQLite open performs: it puts back the last
    /// committed state, and does nothing when the journal is not hot (another process is
    /// writing, and holds its lock).
    private static func finishInterruptedWrite(_ path: String) throws(StoreError) {
        do {
            let db = try Database(path: path, flags: SQLITE_OPEN_READWRITE)
            _ = try db.read { try db.integer("PRAGMA schema_version") }
        } catch {
            throw StoreError.wrap(error, path: path, writing: false)
        }
    }

    private static func inspect(_ path: String, immutable: Bool, scanPages: Bool) throws(StoreError) {
        // SQLite would only say "unable to open database file"; errno says why.
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path, reason: FileSystem.errnoText()) }
        close(fd)
        do {
            let db = try Database(path: uri(path, immutable: immutable), flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
            // One read transaction: another kago may commit its migration between two reads.
            try db.read {
                let identity = try Schema.Identity.read(db)
                try identity.check(path: path)
                // Opening a file of an older schema migrates it: a write, so its pages are
                // scanned first whatever the caller asked.
                if identity.isBlank || (!scanPages && identity.version == Schema.currentVersion) { return }
                // Damage deep in the file would otherwise surface only when a write touches it,
                // and by then SQLite may have written around it. About 6 ms for 20,000 items.
                var verdict = ""
                try db.query("PRAGMA quick_check(1)") { verdict = $0.text(0) }
                guard verdict == "ok" else {
                    throw SQLiteError(code: SQLITE_CORRUPT, message: "database disk image is malformed")
                }
            }
        } catch {
            throw StoreError.wrap(error, path: path, writing: false)
        }
    }

    /// A read-only SQLite URI for `path`; `%`, `?` and `#` are escaped as the URI syntax needs.
    static func uri(_ path: String, immutable: Bool) -> String {
        var escaped = ""
        for c in path.unicodeScalars {
            switch c {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(c)
            }
        }
        return "file:" + escaped + "?mode=ro" + (immutable ? "&immutable=1" : "")
    }
}
