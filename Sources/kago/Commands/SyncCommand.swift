#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KagoApp
import KagoState
import KagoStore
import KagoSync

/// `kago sync [-l LIST]`: two-way sync of the linked lists (SPEC §9), one line per list.
enum SyncCommand {
    static func run(_ args: [String], _ startup: Startup) throws(ExitError) {
        let a = try Arguments(args, command: "sync", flags: [])
        if let extra = a.operands.first { throw .usage("'sync' takes no argument '\(SafeText.sanitize(extra))'") }
        let access = try StoreAccess(startup)
        let links = try access.run { s throws(StoreError) in try s.syncLinks() }
        let lists = try access.lists()
        var chosen = links
        if startup.listOption != nil {
            let id = access.store.listID
            chosen = links.filter { $0.listID == id }
            guard !chosen.isEmpty else {
                let name = lists.first { $0.id == id }?.name ?? ""
                throw .usage("\(ListsCommand.quoted(name)) is not linked to a CalDAV collection",
                             hint: "Link it with: kago lists link \(SafeText.sanitize(name))")
            }
        }
        guard !chosen.isEmpty else {
            throw .usage("no list is linked to a CalDAV collection", hint: "Link one with: kago lists link NAME")
        }
        let account = try SyncAccount.load(startup)
        let lock = try SyncLock(startup.paths.databaseFile)
        defer { lock.release() }
        var failed = false
        let session: HTTPSession
        do { session = try HTTPSession(options: account.options) } catch { throw .runtime("sync: \(error.message)") }
        let sync = ListSync(store: access.store, client: CalDAVClient(session: session), clock: SystemClock.now,
                            localOffset: SyncCommand.utcOffset)
        for link in chosen {
            let name = SafeText.sanitize(lists.first { $0.id == link.listID }?.name ?? "?")
            do {
                let outcome = try sync.run(list: link.listID)
                Output.out("\(name): \(outcome.summary)\n")
                if startup.environment["KAGO_SYNC_REQUESTS"] != nil { Output.err("requests: \(outcome.requests)\n") }
            } catch {
                failed = true
                Output.err("kago: sync \(name): \(SafeText.sanitize(error.message))\n")
            }
        }
        if failed { throw ExitError(status: 1, message: "", hint: nil) }
    }

    /// The local time zone's offset from UTC at a moment (TZ honoured).
    static func utcOffset(_ t: Timestamp) -> Int {
        var time = time_t(t)
        var parts = tm()
        localtime_r(&time, &parts)
        return Int(parts.tm_gmtoff)
    }
}

/// One sync at a time per database: a second waits for the first (up to two minutes), so two
/// never push at once.
struct SyncLock {
    let fd: Int32

    init(_ databasePath: String) throws(ExitError) {
        fd = open(databasePath + ".sync-lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .runtime("cannot open the sync lock beside \(databasePath)") }
        var waited = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, waited < 1200 else {
                close(fd)
                throw .runtime("another kago sync is still running")
            }
            usleep(100_000)
            waited += 1
        }
    }

    func release() {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
