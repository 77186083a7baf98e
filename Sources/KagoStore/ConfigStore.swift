#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KagoState

/// The outcome of reading the config file.
public enum ConfigRead: Equatable, Sendable {
    /// No file: every setting has its default.
    case missing
    /// The file's contents.
    case loaded(ConfigFile)
    /// The file exists but cannot be read; the reason says why (`Is a directory`), and each
    /// caller says what could not be read, so no message says it twice. Never write over it.
    case unreadable(String)

    /// The file to take settings from: empty when missing, nil when unreadable.
    public var file: ConfigFile? {
        switch self {
        case .missing: ConfigFile(bytes: [])
        case .loaded(let file): file
        case .unreadable: nil
        }
    }
}

extension FileError {
    /// No file there: ENOENT, or ENOTDIR when a parent is a file (saving then reports that parent).
    var isNoSuchFile: Bool { code == ENOENT || code == ENOTDIR }
}

/// Reads the config file and records the tutorial flag in it, atomically.
public enum ConfigStore {
    /// Reads the config file at `path`.
    public static func read(path: String) -> ConfigRead {
        do {
            return .loaded(ConfigFile(bytes: try FileSystem.readFile(path)))
        } catch where error.isNoSuchFile {
            return .missing
        } catch {
            return .unreadable(error.text)
        }
    }

    /// Sets `intro_seen = version`, keeping every other byte of the file.
    ///
    /// The new contents go to a temporary file beside the real one, are synced, and renamed
    /// over it, so a crash leaves the old file or the new one, never half of one. A symlinked
    /// config (dotfiles) is followed and its target replaced, keeping the link.
    /// - Throws: `.cannotSave` when the file cannot be read (it is then never overwritten) or
    ///   written; `.cannotCreate` when its directory cannot be made.
    public static func saveIntroSeen(version: Int, path: String) throws(StoreError) {
        let target: String
        do { target = try FileSystem.resolveSymlinks(path) } catch {
            throw .cannotSave(path: path, reason: error.text)
        }
        var file: ConfigFile
        var mode: mode_t = 0o600
        do {
            file = ConfigFile(bytes: try FileSystem.readFile(target))
            if let st = FileSystem.status(target) { mode = st.st_mode & 0o7777 }
        } catch where error.isNoSuchFile {
            file = ConfigFile(bytes: [])
        } catch {
            throw .cannotSave(path: path, reason: error.text)
        }
        let original = file.bytes
        file.setIntroSeen(version)
        if file.bytes == original && FileSystem.exists(target) { return }

        let directory = FileSystem.directory(of: target)
        try FileSystem.createDirectories(directory)
        do {
            try FileSystem.replace(target, with: file.bytes, mode: mode)
        } catch {
            throw .cannotSave(path: path, reason: error.text)
        }
    }
}
