#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small POSIX helpers shared by the database, the config writer and the CLI's file output.
public enum FileSystem {
    /// The text of the current `errno`, e.g. "Permission denied".
    public static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// The directory part of a path (`"."` for a bare name, `"/"` for a top-level entry).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = path[..<slash]
        return dir.isEmpty ? "/" : String(dir)
    }

    /// `stat(2)` of a path, following symlinks; nil with `errno` set when it fails.
    public static func status(_ path: String) -> stat? {
        var st = stat()
        return stat(path, &st) == 0 ? st : nil
    }

    static func isDirectory(_ st: stat) -> Bool { st.st_mode & S_IFMT == S_IFDIR }
    public static func isRegular(_ st: stat) -> Bool { st.st_mode & S_IFMT == S_IFREG }

    /// Whether anything (even a dangling symlink) exists at `path`.
    static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// Creates `path` and every missing parent with mode 0700, like `mkdir -p`.
    ///
    /// Existing directories keep their mode; only the ones created here are set to 0700,
    /// explicitly, so a permissive umask cannot widen them.
    static func createDirectories(_ path: String) throws(StoreError) {
        if let st = status(path), isDirectory(st) { return }
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if let st = status(prefix) {
                guard isDirectory(st) else { throw .cannotCreate(directory: path, reason: errnoText(ENOTDIR)) }
                continue
            }
            if mkdir(prefix, 0o700) != 0 {
                let code = errno
                // Another process may have created it between our stat and mkdir.
                if code == EEXIST, let st = status(prefix), isDirectory(st) { continue }
                throw .cannotCreate(directory: path, reason: errnoText(code))
            }
            chmod(prefix, 0o700)
        }
    }

    /// Creates an empty file with exactly `mode`; an existing file is left alone.
    static func createFile(_ path: String, mode: mode_t) throws(FileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else {
            // Another process creating it at the same moment is fine.
            if errno == EEXIST { return }
            throw FileError(code: errno)
        }
        fchmod(fd, mode)
        close(fd)
    }

    /// The whole contents of a regular file; throws the errno text.
    ///
    /// Opened non-blocking so a FIFO at the path cannot hang kago; anything but a regular
    /// file is refused.
    static func readFile(_ path: String) throws(FileError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(code: errno) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FileError(code: errno) }
        guard isRegular(st) else {
            throw isDirectory(st) ? FileError(code: EISDIR) : FileError(code: EINVAL, text: "not a regular file")
        }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw FileError(code: errno)
            }
            if n == 0 { return out }
            out.append(contentsOf: buffer[0..<n])
        }
    }

    /// Writes all of `bytes` to `fd`, retrying partial writes and interruptions.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(code: errno)
            }
            offset += n
        }
    }

    /// Writes `bytes` to a fresh file beside `target`, syncs it, renames it over `target`, and
    /// syncs the directory so the rename itself survives a crash: a reader (or a crash) sees
    /// the old file or the new one, never half of one.
    public static func replace(_ target: String, with bytes: [UInt8], mode: mode_t) throws(FileError) {
        let directory = directory(of: target)
        let name = target[target.index(after: target.lastIndex(of: "/") ?? target.startIndex)...]
        let temporary = "\(directory)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw FileError(code: errno) }
        do throws(FileError) {
            // The umask may have narrowed the mode; the chosen mode is kept exactly.
            fchmod(fd, mode)
            try writeAll(fd, bytes)
            guard fsync(fd) == 0 else { throw FileError(code: errno) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        // close can report a delayed write error (NFS); the fd is gone either way.
        guard close(fd) == 0 else {
            let failure = FileError(code: errno)
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, target) == 0 else {
            let failure = FileError(code: errno)
            unlink(temporary)
            throw failure
        }
        try syncDirectory(directory)
    }

    /// Whether `path` (followed through symlinks; it may not exist yet) names `file` or one of
    /// SQLite's files beside it (`-wal`, `-shm`, `-journal`): by device and inode where they
    /// exist, else by the real path of their directories.
    public static func isSameFile(_ path: String, asDatabase file: String) -> Bool {
        let candidates = [file, file + "-wal", file + "-shm", file + "-journal"]
        if let st = status(path) {
            return candidates.contains { other in
                guard let o = status(other) else { return false }
                return o.st_dev == st.st_dev && o.st_ino == st.st_ino
            }
        }
        guard let target = try? resolveSymlinks(path), let real = realDirectoryPath(target) else { return false }
        return candidates.contains { realDirectoryPath($0) == real }
    }

    /// The path with its directory made canonical (`..`, symlinks), its last part kept.
    static func realDirectoryPath(_ path: String) -> String? {
        let name = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...]
        guard let resolved = realpath(directory(of: path), nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + name
    }

    /// Flushes a directory's entries, making a rename in it durable.
    static func syncDirectory(_ path: String) throws(FileError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(code: errno) }
        defer { close(fd) }
        // Some file systems cannot fsync a directory (EINVAL); the rename is as durable as they allow.
        if fsync(fd) != 0 && errno != EINVAL { throw FileError(code: errno) }
    }

    /// Follows a chain of symlinks to the path they finally name (which may not exist yet).
    ///
    /// Relative link targets are resolved against the link's own directory.
    public static func resolveSymlinks(_ path: String) throws(FileError) -> String {
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(current, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n >= 0 else { throw FileError(code: errno) }
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
        }
        throw FileError(code: ELOOP)
    }
}

/// A failed system call: errno and its text.
public struct FileError: Error {
    public var code: Int32
    public var text: String

    public init(code: Int32, text: String? = nil) {
        self.code = code
        self.text = text ?? FileSystem.errnoText(code)
    }
}
