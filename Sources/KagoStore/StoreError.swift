import CSQLite

/// Why the store or the config writer could not do what was asked; `message` is the one line
/// the user sees after `kago: `.
public enum StoreError: Error, Equatable, Sendable {
    /// The file is not a kago database, is corrupt, or cannot be opened for reading.
    case unreadable(path: String, reason: String)
    /// The database was written by a kago with a higher schema version.
    case newerSchema(path: String, version: Int)
    /// A directory kago needs could not be created.
    case cannotCreate(directory: String, reason: String)
    /// A write to the database failed (read-only file, full disk, I/O error, lock timeout).
    case cannotWrite(path: String, reason: String)
    /// The config file could not be saved (it is left as it was).
    case cannotSave(path: String, reason: String)
    /// The change was refused because of the data, e.g. an item that no longer exists.
    case refused(String)
    /// An undo or redo found rows another process changed since this session wrote them.
    case changedElsewhere

    /// The one-line description, without the `kago: ` prefix.
    public var message: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .newerSchema(let path, let version):
            "\(path) was written by a newer kago (schema \(version)); upgrade kago"
        case .cannotCreate(let directory, let reason): "cannot create \(directory): \(reason)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .cannotSave(let path, let reason): "cannot save \(path): \(reason)"
        case .refused(let reason): reason
        case .changedElsewhere: "changed elsewhere since"
        }
    }
}

extension StoreError: CustomStringConvertible {
    /// The same one line as `message`, so `"\(error)"` reads well too.
    public var description: String { message }
}

extension StoreError {
    /// Maps any error met while working on the database at `path` to a StoreError.
    ///
    /// Damage is reported as unreadable whatever we were doing; other SQLite failures are
    /// reported with the verb of the operation, so a failed `load` says "cannot read".
    static func wrap(_ error: any Error, path: String, writing: Bool) -> StoreError {
        if let e = error as? StoreError { return e }
        guard let e = error as? SQLiteError else {
            return writing ? .cannotWrite(path: path, reason: "\(error)") : .unreadable(path: path, reason: "\(error)")
        }
        switch e.primary {
        case SQLITE_CORRUPT: return .unreadable(path: path, reason: malformed)
        case SQLITE_NOTADB: return .unreadable(path: path, reason: notKago)
        // Even reading needs room for the write-ahead log: a full disk is never "unreadable".
        case SQLITE_FULL: return .cannotWrite(path: path, reason: e.message)
        default:
            return writing ? .cannotWrite(path: path, reason: e.message) : .unreadable(path: path, reason: e.message)
        }
    }

    /// The reason given for a file that is SQLite but not ours, or not SQLite at all.
    static let notKago = "not a kago database"
    /// The reason given for a damaged kago database.
    static let malformed = "database disk image is malformed"

    /// Whether the file itself is the problem (damaged, or not a kago database), as opposed to
    /// permissions, space or I/O: only then is moving it aside the way out.
    public var isDamage: Bool {
        if case .unreadable(_, let reason) = self { return reason == StoreError.notKago || reason == StoreError.malformed }
        return false
    }
}
