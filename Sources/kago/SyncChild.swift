#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KagoApp
import KagoState

/// Syncs a list in a child process, `kago -l LIST sync`: the TUI stays single-threaded and
/// never waits on the network, the child's commits reach it through the change feed like any
/// other process's, and the sync lock keeps it from pushing beside a `kago sync` run by hand.
final class SyncChild: SyncRunner {
    private var pid: pid_t = 0
    private var errors: Int32 = -1
    private var output: [UInt8] = []
    /// How the child's failure line starts: `kago: sync LIST: `.
    private var prefix = ""
    private let environment: [String: String]

    init(environment: [String: String]) { self.environment = environment }

    func start(list: ShoppingList) -> Bool {
        guard pid == 0 else { return false }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return false }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO)
        posix_spawn_file_actions_addclose(&actions, fds[1])
        let args = ["kago", "-l", list.name, "sync"]
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        var env: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + env { free(p) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, "/proc/self/exe", &actions, nil, &argv, &env)
        close(fds[1])
        guard rc == 0 else { close(fds[0]); return false }
        pid = child
        errors = fds[0]
        output = []
        prefix = "kago: sync \(SafeText.sanitize(list.name)): "
        return true
    }

    func finished() -> String?? {
        guard pid != 0 else { return nil }
        drain()
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        guard r == pid else { return nil }
        drain()
        close(errors)
        pid = 0
        if status == 0 { return .some(nil) }
        // `kago: sync LIST: why` → why; anything else as it came.
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        guard let line = lines.first(where: { $0.hasPrefix("kago: ") }) else { return .some("kago sync failed") }
        return .some(String(line.hasPrefix(prefix) ? line.dropFirst(prefix.count) : line.dropFirst(6)))
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while output.count < 65_536 {
            let n = read(errors, &buffer, buffer.count)
            if n <= 0 { break }
            output += buffer[0..<n]
        }
    }
}
