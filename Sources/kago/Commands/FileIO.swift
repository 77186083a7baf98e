import Glibc
import KagoState

/// Reading files and writing output with every failure reported, unlike `Output`, which
/// ignores write errors: an export that hits a full disk must not exit 0.
enum FileIO {
    /// Whether standard output is a terminal (then user text is shown sanitised).
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The whole content of a file, or of standard input for `-`.
    static func read(_ path: String) throws(ExitError) -> [UInt8] {
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .runtime("cannot read \(SafeText.sanitize(path)): \(errnoText())") }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .runtime("cannot read \(path == "-" ? "standard input" : SafeText.sanitize(path)): \(errnoText())")
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// Writes `bytes` to standard output, or to a file (created or truncated) when `path` is
    /// given and not `-`.
    ///
    /// The file is written in place rather than renamed into place, so `-o /dev/stdout`, a
    /// FIFO or a symlink behave as the user expects.
    static func write(_ bytes: [UInt8], to path: String?) throws(ExitError) {
        guard let path, path != "-" else {
            guard writeAll(STDOUT_FILENO, bytes) else { throw .runtime("cannot write to standard output: \(errnoText())") }
            return
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .runtime("cannot write \(SafeText.sanitize(path)): \(errnoText())") }
        let written = writeAll(fd, bytes)
        let code = errno
        // close reports delayed errors of some file systems (NFS quota, full disk).
        guard close(fd) == 0, written else {
            throw .runtime("cannot write \(SafeText.sanitize(path)): \(errnoText(written ? errno : code))")
        }
    }

    /// Writes text to standard output, reporting failure (e.g. `> /dev/full`).
    static func out(_ text: String) throws(ExitError) {
        try write(Array(text.utf8), to: nil)
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buf in
            var offset = 0
            while offset < buf.count {
                let n = Glibc.write(fd, buf.baseAddress! + offset, buf.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
    }

    static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}
