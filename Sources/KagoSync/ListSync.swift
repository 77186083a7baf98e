import KagoState
import KagoStore

/// What one list's sync did, for `kago sync`'s line.
public struct SyncOutcome: Equatable, Sendable {
    public var up = 0
    public var down = 0
    public var merged = 0
    /// Requests sent, for the bench and the tests.
    public var requests = 0

    public init() {}

    /// `↑2 ↓3, 1 merged` or `up to date`.
    public var summary: String {
        if up == 0 && down == 0 && merged == 0 { return "up to date" }
        var parts: [String] = []
        if up > 0 || down == 0 { parts.append("↑\(up)") }
        if down > 0 || up == 0 { parts.append("↓\(down)") }
        return parts.joined(separator: " ") + (merged > 0 ? ", \(merged) merged" : "")
    }
}

/// What a link stores for its ctag beside a sync token: no ctag means learn it next time.
enum ClientCtag {
    /// Stored after kago's own pushes, whose ctag it never read: the next sync reports alone.
    static let pushed = ""
}

/// Two-way sync of one linked list (SPEC §9), offline first: what the server changed is
/// merged in and applied in one transaction (the token stored with it), then what changed
/// here is pushed with `If-Match` / `If-None-Match`, and the server's texts fetched back as
/// the new bases. Each step leaves the database consistent, so a sync killed anywhere loses
/// nothing and the next one converges.
public final class ListSync {
    let store: Store
    let client: CalDAVClient
    let clock: () -> Timestamp
    let localOffset: (Timestamp) -> Int
    let makeUID: () -> String
    /// Members a write was refused for (412) in the last round: fetched again in the next,
    /// gone when the server no longer has them (a change report may not say).
    private var recheck = Set<String>()
    /// The collection's ctag as this sync already asked for it, for its first round.
    private var askedCtag: String??

    public init(store: Store, client: CalDAVClient, clock: @escaping () -> Timestamp,
                localOffset: @escaping (Timestamp) -> Int, makeUID: @escaping () -> String = ListSync.randomUID) {
        self.store = store
        self.client = client
        self.clock = clock
        self.localOffset = localOffset
        self.makeUID = makeUID
    }

    /// Syncs a list; a write the server refused with 412 (changed meanwhile) makes another
    /// round, at most three. A sync that goes through is noted with where the change feed
    /// stood before it read the list.
    public func run(list id: Int64) throws(SyncError) -> SyncOutcome {
        var outcome = SyncOutcome()
        let before = client.session.requestCount
        recheck = []
        askedCtag = nil
        let feed: Int64
        do { feed = try store.changeSequence() } catch { throw SyncError("cannot read the list: \(error)") }
        var done = try unchangedOnBothSides(list: id)
        for _ in 0..<3 where !done {
            done = try !round(list: id, &outcome)
        }
        guard done else { throw SyncError("the server kept refusing changes (412) after 3 rounds") }
        outcome.requests = client.session.requestCount - before
        do { try store.markSynced(list: id, now: clock(), feed: feed) } catch { throw SyncError("cannot save: \(error)") }
        return outcome
    }

    /// Whether nothing changed here since the last sync read the list (no item or category
    /// in the change feed since) and the collection's ctag is the one that sync left: then the
    /// list is not even read, which with a thousand items is most of an idle sync's time.
    private func unchangedOnBothSides(list id: Int64) throws(SyncError) -> Bool {
        let link: SyncLink?
        do {
            link = try store.syncLink(list: id)
            guard let seq = link?.feedSequence, try store.itemsUnchanged(since: seq) else { return false }
        } catch { throw SyncError("cannot read the list: \(error)") }
        guard let link, link.syncCollection, link.token != nil, let known = link.ctag, known != ClientCtag.pushed,
              let url = DAVURL(link.url) else { return false }
        let current = try client.ctag(of: url)
        askedCtag = .some(current)
        return current == known
    }

    /// A change to send.
    struct Push {
        var record: SyncRecord
        var text: [UInt8]
        var create: Bool
    }

    /// One round; true when a conflict asks for another.
    private func round(list id: Int64, _ outcome: inout SyncOutcome) throws(SyncError) -> Bool {
        let local: SyncLocal
        do {
            guard let l = try store.syncLocal(list: id) else { throw SyncError("the list is not linked") }
            local = l
        } catch let e as SyncError { throw e } catch { throw SyncError(String(describing: error)) }
        guard let url = DAVURL(local.link.url) else { throw SyncError("the link's URL cannot be read") }
        let now = clock()
        var byUID: [String: SyncRecord] = [:], byHref: [String: SyncRecord] = [:]
        for r in local.records { byUID[r.uid] = r; byHref[r.href] = r }
        let items = Dictionary(local.items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func category(_ item: Item) -> String? { item.categoryID.flatMap { local.categoryNames[$0] } }
        func baseFields(_ r: SyncRecord) -> TodoFields? { r.base.flatMap { Todo($0, localOffset: offset(of: r))?.fields } }
        // The server holding what a killed sync was sending: that is what both sides last
        // agreed on, not a change made there.
        func baseFields(_ r: SyncRecord, server: TodoFields) -> TodoFields? {
            if let pending = r.pending, Todo(pending, localOffset: offset(of: r))?.fields == server { return server }
            return baseFields(r)
        }

        // 1. What changed on the server.
        var changes: RemoteChanges
        var ctag: String?? = nil
        if local.link.syncCollection {
            // The ctag, when known, is cheaper for a server to give than a report (Radicale
            // walks every member for one): the same ctag, nothing changed. It is read before
            // the report, so a ctag stored with a token never says more than the token. Right
            // after kago's own pushes ("") the report comes alone; the sync after that learns
            // the ctag (nil) for the ones after it.
            var unchanged = false
            if local.link.token != nil, local.link.ctag != ClientCtag.pushed {
                let current: String?
                if let asked = askedCtag { current = asked } else { current = try client.ctag(of: url) }
                askedCtag = nil
                unchanged = current != nil && current == local.link.ctag
                ctag = .some(current)
            } else if local.link.token != nil {
                ctag = .some(nil)
            }
            if unchanged {
                changes = RemoteChanges(changed: [], removed: [], token: local.link.token, complete: false)
            } else {
                do {
                    changes = try client.changes(in: url, since: local.link.token)
                } catch let e where e.status == 412 && local.link.token != nil {
                    changes = try client.changes(in: url, since: nil)
                }
            }
        } else {
            let current = try client.ctag(of: url)
            if let current, current == local.link.ctag {
                changes = RemoteChanges(changed: [], removed: [], token: nil, complete: false)
            } else {
                changes = try client.listing(of: url)
                ctag = .some(current)
            }
        }
        let listed = Set(changes.changed.map(\.href))
        var removed = Set(changes.removed)
        if changes.complete {
            removed = Set(local.records.filter { $0.etag != nil && !listed.contains($0.href) }.map(\.href))
        } else if let token = local.link.token {
            // Made here after the token and not mentioned since: gone (Xandikos does not report
            // an item made and deleted between two tokens).
            let mentioned = listed.union(changes.removed)
            for r in local.records where r.createdToken == token && r.etag != nil && !mentioned.contains(r.href) {
                removed.insert(r.href)
            }
        }
        var wanted = changes.changed.filter { c in byHref[c.href].map { $0.etag == nil || $0.etag != c.etag } ?? true }.map(\.href)
        wanted += recheck.filter { href in !wanted.contains(href) && !removed.contains(href) }
        let fetched = wanted.isEmpty ? [:] : try client.fetch(wanted, in: url)
        for href in recheck where fetched[href] == nil && byHref[href]?.etag != nil { removed.insert(href) }
        recheck = []

        // 2. The plan: local writes, then pushes.
        var writes: [SyncWrite] = []
        var pushes: [Push] = []
        var handled = Set<String>()
        var replaced: [SyncRecord] = []
        for href in wanted {
            guard let (etag, text) = fetched[href] else { continue }
            guard var todo = Todo(text, localOffset: localOffset) else {
                // Skipped, it would be lost here for good once the token moved past it.
                if ICalendar.isCalendarWithoutTodo(text) { continue }
                throw SyncError("the server sent an item that is not iCalendar")
            }
            // A UTC DUE the server still has as it was reads as the day it was read as then (the
            // zone may have changed since): a change to another field does not move it.
            if let record = byUID[todo.uid], record.baseOffset != nil, let base = record.base,
               Todo(base, localOffset: localOffset)?.dueValue == todo.dueValue,
               let same = Todo(text, localOffset: offset(of: record)) {
                todo = same
            }
            var fresh = SyncRecord(uid: todo.uid, itemID: nil, href: href, etag: etag, base: text)
            fresh.baseOffset = todo.dueOffset
            // Another item now at a known href: the one kago knew there is gone.
            if let other = byHref[href], other.uid != todo.uid, !handled.contains(other.uid) { replaced.append(other) }
            guard !handled.contains(todo.uid) else { continue }
            handled.insert(todo.uid)
            let remote = todo.showable ? Mapping.values(of: todo.fields) : nil
            guard let record = byUID[todo.uid] else {
                if let remote {
                    writes.append(.item(expected: nil, values: remote, record: fresh))
                    outcome.down += 1
                }
                continue
            }
            let base = baseFields(record, server: todo.fields)
            guard let item = record.itemID.flatMap({ items[$0] }) else {
                // Deleted (or moved away) here: gone there too unless it changed there.
                if let base, base == todo.fields || remote == nil {
                    pushes.append(Push(record: SyncRecord(uid: todo.uid, itemID: nil, href: href, etag: etag, base: nil), text: [], create: false))
                } else if let remote {
                    writes.append(.item(expected: nil, values: remote, record: fresh))
                    outcome.down += 1
                } else {
                    writes.append(.dropRecord(uid: todo.uid))
                }
                continue
            }
            guard remote != nil else {
                // Now something kago cannot show (cancelled, recurring): the server keeps it.
                let mine = Mapping.fields(of: item, category: category(item), base: base)
                if base == nil || mine == base { writes.append(.removeItem(expected: item, uid: todo.uid)); outcome.down += 1 } else {
                    writes.append(.dropRecord(uid: todo.uid))
                }
                continue
            }
            let mine = Mapping.fields(of: item, category: category(item), base: base)
            let (merged, both) = Mapping.merge(base: base, local: mine, remote: todo.fields,
                                               localNewer: record.localAt >= (todo.modified ?? 0))
            if both { outcome.merged += 1 }
            var kept = fresh
            kept.itemID = item.id
            if merged != mine, let values = Mapping.values(of: merged) {
                writes.append(.item(expected: item, values: values, record: kept))
                outcome.down += 1
            } else {
                writes.append(.record(kept))
            }
            if merged != todo.fields {
                pushes.append(Push(record: kept, text: todo.patched(merged, now: now, localOffset: localOffset), create: false))
            }
        }
        for record in removed.compactMap({ byHref[$0] }) + replaced {
            guard !handled.contains(record.uid) else { continue }
            handled.insert(record.uid)
            guard let item = record.itemID.flatMap({ items[$0] }) else { writes.append(.dropRecord(uid: record.uid)); continue }
            let base = baseFields(record)
            let mine = Mapping.fields(of: item, category: category(item), base: base)
            if let base, mine == base {
                writes.append(.removeItem(expected: item, uid: record.uid))
                outcome.down += 1
            } else {
                // Changed here, deleted there: it stays, and goes back up with the change.
                var again = record
                again.etag = nil
                writes.append(.record(again))
                pushes.append(Push(record: again, text: text(for: mine, record: record, now: now), create: true))
            }
        }
        var recorded = Set<Int64>()
        for record in local.records where !handled.contains(record.uid) {
            if let itemID = record.itemID { recorded.insert(itemID) }
            guard let item = record.itemID.flatMap({ items[$0] }) else {
                pushes.append(Push(record: record, text: [], create: false))
                continue
            }
            let base = baseFields(record)
            let mine = Mapping.fields(of: item, category: category(item), base: base)
            if record.etag == nil {
                pushes.append(Push(record: record, text: text(for: mine, record: record, now: now), create: true))
            } else if mine != base {
                pushes.append(Push(record: record, text: text(for: mine, record: record, now: now), create: false))
            }
        }
        for case .item(_, _, let r) in writes { if let id = r.itemID { recorded.insert(id) } }
        // Kept as it is here (only the server's ETag or what kago does not own changed), or
        // changed here and deleted there: the item has its record, not a new UID.
        for case .record(let r) in writes { if let id = r.itemID { recorded.insert(id) } }
        for case .removeItem(let item, _) in writes { recorded.insert(item.id) }
        for item in local.items where !recorded.contains(item.id) {
            let uid = makeUID()
            var record = SyncRecord(uid: uid, itemID: item.id, href: url.path + uid + ".ics", etag: nil, base: nil)
            record.createdToken = local.link.syncCollection ? changes.token : nil
            writes.append(.record(record))
            pushes.append(Push(record: record, text: Todo.new(uid: uid, fields: Mapping.fields(of: item, category: category(item), base: nil), now: now),
                               create: true))
        }

        // What is about to be sent, noted first (see `SyncRecord.pending`).
        for push in pushes where !push.text.isEmpty { writes.append(.pending(uid: push.record.uid, text: push.text)) }

        // 3. Here, in one transaction; the token only if everything applied.
        let skipped: Int
        do {
            skipped = try store.applySync(list: id, writes, token: local.link.syncCollection ? .some(changes.token) : nil,
                                          ctag: ctag, now: now)
        } catch { throw SyncError("cannot save: \(error)") }
        if skipped > 0 { return true }

        // 4. There. A 412 (changed meanwhile) waits for the next round's merge.
        var conflict = false
        var conflicts = Set<String>()
        var sent: [(record: SyncRecord, text: [UInt8], etag: String?)] = []
        var gone: [String] = []
        for push in pushes {
            guard let href = url.resolve(push.record.href) else { continue }
            if push.text.isEmpty {
                let status = try client.delete(href, etag: push.record.etag)
                if status == 412 { conflict = true; conflicts.insert(push.record.href); continue }
                gone.append(push.record.uid)
                outcome.up += 1
                continue
            }
            let (status, etag) = try client.put(href, text: push.text, etag: push.record.etag, create: push.create)
            if status == 412 { conflict = true; conflicts.insert(push.record.href); continue }
            sent.append((push.record, push.text, etag))
            outcome.up += 1
        }
        // 5. The server's texts as the new bases (servers rewrite what they get; some send no ETag).
        // A text under another ETag than the PUT's was saved by someone else in between: the base
        // stays what kago sent, so the next round merges that change instead of taking it as known.
        var after: [SyncWrite] = gone.map { .dropRecord(uid: $0) }
        if !sent.isEmpty {
            let back = try client.fetch(sent.map(\.record.href), in: url)
            for (var record, pushed, putETag) in sent {
                guard let (etag, text) = back[record.href] else { continue }
                if let putETag, let etag, putETag != etag {
                    (record.etag, record.base) = (putETag, pushed)
                } else {
                    (record.etag, record.base) = (etag, text)
                }
                after.append(.record(record))
            }
        }
        // The ctag read before the pushes no longer holds: the next sync reports alone.
        let pushed = local.link.syncCollection && !(sent.isEmpty && gone.isEmpty)
        if !after.isEmpty || pushed {
            do { try store.applySync(list: id, after, ctag: pushed ? .some(ClientCtag.pushed) : nil, now: now) } catch {
                throw SyncError("cannot save: \(error)")
            }
        }
        recheck = conflicts
        return conflict
    }

    /// The text to send for an item: its base patched, or a new calendar object.
    func text(for fields: TodoFields, record: SyncRecord, now: Timestamp) -> [UInt8] {
        if let base = record.base, let todo = Todo(base, localOffset: offset(of: record)) {
            return todo.patched(fields, now: now, localOffset: localOffset)
        }
        return Todo.new(uid: record.uid, fields: fields, now: now)
    }

    /// How a record's base is read: with the offset its UTC DUE was read with when kago took
    /// it (the day the item got), else with the local zone.
    func offset(of record: SyncRecord) -> (Timestamp) -> Int {
        guard let fixed = record.baseOffset else { return localOffset }
        return { _ in fixed }
    }

    /// A random UUID (version 4) in lower case: unique without coordination.
    public static func randomUID() -> String {
        var g = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &g) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
    }
}
