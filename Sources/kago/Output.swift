import Glibc
import KagoStore

/// Writes to stdout and stderr without Foundation; every error line reads `kago: …`.
///
/// Write errors are ignored here (a closed stderr must not stop kago); `FileIO` reports them.
enum Output {
    static func out(_ s: String) { try? FileSystem.writeAll(STDOUT_FILENO, Array(s.utf8)) }

    static func err(_ s: String) { try? FileSystem.writeAll(STDERR_FILENO, Array(s.utf8)) }

    /// Prints `kago: message` (and an optional hint line) on stderr.
    static func fail(_ message: String, hint: String? = nil) {
        // A command that has said what went wrong already (one line per failed list) exits quietly.
        if message.isEmpty { return }
        err("kago: " + message + "\n" + (hint.map { $0 + "\n" } ?? ""))
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
