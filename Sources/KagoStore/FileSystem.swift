#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small POSIX helpers shared by the database and the config writer.
enum FileSystem {
    /// The text of the current `errno`, e.g. "Permission denied".
    static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// The directory part of a path (`"."` for a bare name, `"/"` for a top-level entry).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = path[..<slash]
        return dir.isEmpty ? "/" : String(dir)
    }

    /// `stat(2)` of a path, following symlinks; nil with `errno` set when it fails.
    static func status(_ path: String) -> stat? {
        var st = stat()
        return stat(path, &st) == 0 ? st : nil
    }

    static func isDirectory(_ st: stat) -> Bool { st.st_mode & S_IFMT == S_IFDIR }
    static func isRegular(_ st: stat) -> Bool { st.st_mode & S_IFMT == S_IFREG }

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
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(FileError) {
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
    static func resolveSymlinks(_ path: String) throws(FileError) -> String {
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
struct FileError: Error {
    var code: Int32
    var text: String

    init(code: Int32, text: String? = nil) {
        self.code = code
        self.text = text ?? FileSystem.errnoText(code)
    }
}
