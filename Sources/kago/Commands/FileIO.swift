import Glibc
import KagoState
import KagoStore

/// Reading files and writing output with every failure reported, unlike `Output`, which
/// ignores write errors: an export that hits a full disk must not exit 0.
enum FileIO {
    /// Whether standard output is a terminal (then user text is shown sanitised).
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The width of the terminal standard output is (its window size, else `COLUMNS`, else
    /// 80), or nil when it is not one (a pipe, a file).
    static func terminalWidth(_ environment: [String: String]) -> Int? {
        guard stdoutIsTerminal else { return nil }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = Int(environment["COLUMNS"] ?? ""), columns > 0 { return columns }
        return 80
    }

    /// The whole content of a file, or of standard input for `-`.
    /// - Parameter limit: the most it reads; more is a usage error (exit 2), found before
    ///   reading a regular file and by reading one byte past the limit otherwise.
    static func read(_ path: String, limit: Int) throws(ExitError) -> [UInt8] {
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .runtime("cannot read \(SafeText.sanitize(path)): \(FileSystem.errnoText())") }
        defer { if fd != STDIN_FILENO { close(fd) } }
        let tooLarge = ExitError.usage("\(path == "-" ? "standard input" : SafeText.sanitize(path)) is larger than "
                                       + "\(limit >> 20) MiB; nothing was imported", hint: nil)
        var st = stat()
        if fstat(fd, &st) == 0, FileSystem.isRegular(st), Int(st.st_size) > limit { throw tooLarge }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .runtime("cannot read \(path == "-" ? "standard input" : SafeText.sanitize(path)): \(FileSystem.errnoText())")
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { throw tooLarge }
        }
    }

    /// Writes `bytes` to standard output, or to a file when `path` is given and not `-`.
    ///
    /// A regular file (or a new one) is replaced atomically: written beside it, synced and
    /// renamed over it, so an interrupted export leaves the old file whole; a symlink is
    /// followed and its target replaced, keeping its mode. Anything else (`/dev/stdout`, a
    /// FIFO) is written in place.
    static func write(_ bytes: [UInt8], to path: String?) throws(ExitError) {
        guard let path, path != "-" else {
            do { try FileSystem.writeAll(STDOUT_FILENO, bytes) } catch {
                throw .runtime("cannot write to standard output: \(error.text)")
            }
            return
        }
        let shown = SafeText.sanitize(path)
        do {
            let target = try FileSystem.resolveSymlinks(path)
            if let st = FileSystem.status(target), !FileSystem.isRegular(st) { return try writeInPlace(bytes, to: target) }
            let mode = FileSystem.status(target).map { $0.st_mode & 0o7777 } ?? (0o666 & ~currentUmask())
            try FileSystem.replace(target, with: bytes, mode: mode)
        } catch {
            throw .runtime("cannot write \(shown): \(error.text)")
        }
    }

    /// Writes into an existing file that is not a regular one (a device, a FIFO).
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(FileError) {
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(code: errno) }
        do { try FileSystem.writeAll(fd, bytes) } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw FileError(code: errno) }
    }

    /// The process's umask (read by setting and restoring it; kago is single-threaded).
    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    /// Writes text to standard output, reporting failure (e.g. `> /dev/full`).
    static func out(_ text: String) throws(ExitError) {
        try write(Array(text.utf8), to: nil)
    }

}
