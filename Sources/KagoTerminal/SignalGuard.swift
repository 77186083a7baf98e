import CNCurses
import Glibc

/// Restores the terminal when kago is killed by a signal or crashes, so the shell is usable after.
///
/// The handler may only call async-signal-safe functions, so everything it needs (the shell's
/// termios and the escape sequences that undo kago's screen modes) is prepared in advance.
enum SignalGuard {
    nonisolated(unsafe) static var savedTermios = termios()
    nonisolated(unsafe) static var hasSavedTermios = false
    nonisolated(unsafe) static var restoreBytes: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) static var restoreCount = 0

    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]
    static let quitSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]

    /// Remembers the shell's terminal modes; call before ncurses changes them.
    static func saveTerminalModes() {
        hasSavedTermios = tcgetattr(STDIN_FILENO, &savedTermios) == 0
    }

    /// Prepares the bytes that leave kago's screen modes and installs the handlers.
    static func install(restoreSequence: [UInt8]) {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, restoreSequence.count))
        buffer.initialize(from: restoreSequence, count: restoreSequence.count)
        restoreBytes = buffer
        restoreCount = restoreSequence.count
        for sig in fatalSignals + quitSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                SignalGuard.restoreTerminal()
                // Die of the same signal, with the default action, so the exit status tells the truth.
                signal(sig, SIG_DFL)
                raise(sig)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
    }

    /// Puts the terminal back: async-signal-safe (write and tcsetattr only).
    static func restoreTerminal() {
        if let bytes = restoreBytes, restoreCount > 0 { _ = write(STDOUT_FILENO, bytes, restoreCount) }
        if hasSavedTermios { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTermios) }
    }

    /// Removes the handlers (after a normal `endwin`).
    static func uninstall() {
        for sig in fatalSignals + quitSignals { signal(sig, SIG_DFL) }
    }
}
