import Glibc

/// Writes to stdout and stderr without Foundation; every error line reads `kago: …`.
enum Output {
    static func out(_ s: String) {
        var s = s
        s.withUTF8 { buf in writeAll(STDOUT_FILENO, buf) }
    }

    static func err(_ s: String) {
        var s = s
        s.withUTF8 { buf in writeAll(STDERR_FILENO, buf) }
    }

    /// Prints `kago: message` (and an optional hint line) on stderr.
    static func fail(_ message: String, hint: String? = nil) {
        err("kago: " + message + "\n" + (hint.map { $0 + "\n" } ?? ""))
    }

    private static func writeAll(_ fd: Int32, _ buf: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        while offset < buf.count {
            let n = write(fd, buf.baseAddress! + offset, buf.count - offset)
            if n < 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }
}

/// A failure that ends the process with an exit status (SPEC §1: 1 runtime, 2 usage).
struct ExitError: Error {
    var status: Int32
    var message: String
    var hint: String?

    static func usage(_ message: String, hint: String? = "Try 'kago --help'.") -> ExitError {
        ExitError(status: 2, message: message, hint: hint)
    }

    static func runtime(_ message: String, hint: String? = nil) -> ExitError {
        ExitError(status: 1, message: message, hint: hint)
    }
}
