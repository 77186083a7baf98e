#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KagoApp
import KagoState
import KagoSync

/// The CalDAV account of the config (SPEC §9), checked before any connection: a password in
/// a file others can read, or plain http to another machine, is refused.
struct SyncAccount {
    let url: DAVURL
    let options: HTTPOptions

    static func load(_ startup: Startup) throws(ExitError) -> SyncAccount {
        let s = startup.settings.sync
        guard let text = s.url else {
            throw .runtime("sync is not set up: no sync.url in \(startup.paths.configFile)",
                           hint: "See 'kago help sync'.")
        }
        guard let url = DAVURL(text) else { throw .runtime("sync.url is not an http(s) URL: \(SafeText.sanitize(text))") }
        if url.scheme == "http", !url.isLoopback, !s.insecureHTTP {
            throw .runtime("sync.url uses plain http to another machine, where the password can be overheard",
                           hint: "Use https, or set sync.insecure_http = on.")
        }
        var options = HTTPOptions()
        options.username = s.username
        options.caFile = s.caFile
        // For the fault tests only (scripts/sync.d): a shorter limit per request, in seconds.
        if let t = Int(startup.environment["KAGO_SYNC_TIMEOUT"] ?? ""), t > 0, t < 60 {
            options.totalTimeoutMS = t * 1000
            options.connectTimeoutMS = min(options.connectTimeoutMS, t * 1000)
        }
        if let command = s.passwordCommand {
            options.password = try password(from: command)
        } else if let password = s.password {
            try checkPrivate(startup.paths.configFile)
            options.password = password
        }
        // Neither: libcurl reads ~/.netrc (with or without a user name).
        if options.password == nil { options.username = nil }
        return SyncAccount(url: url, options: options)
    }

    /// Refuses a config with a password that group or others can read.
    static func checkPrivate(_ path: String) throws(ExitError) {
        var st = stat()
        guard stat(path, &st) == 0 else { return }
        if st.st_mode & 0o077 != 0 {
            throw .runtime("\(path) holds a password and is readable by others; chmod 600 it")
        }
    }

    /// The first line `sync.password_command` prints. Run by `/bin/sh -c`; what it prints
    /// goes nowhere else, and the password is in no process's arguments.
    static func password(from command: String) throws(ExitError) -> String {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .runtime("cannot run sync.password_command") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var pid: pid_t = 0
        let args = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let rc = posix_spawn(&pid, "/bin/sh", &actions, nil, &argv, environ)
        close(fds[1])
        guard rc == 0 else { close(fds[0]); throw .runtime("cannot run sync.password_command") }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while output.count < 65_536 {
            let n = read(fds[0], &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            output += buffer[0..<n]
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128
        guard exited == 0 else { throw .runtime("sync.password_command failed (exit \(exited))") }
        let line = output.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        var password = String(decoding: line, as: UTF8.self)
        if password.hasSuffix("\r") { password.removeLast() }
        guard !password.isEmpty else { throw .runtime("sync.password_command printed no password") }
        return password
    }
}
