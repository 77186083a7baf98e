import KagoState

/// A list linked to a CalDAV collection (SPEC §9).
public struct SyncLink: Equatable, Sendable {
    public var listID: Int64
    public var url: String
    /// The sync-collection token of the last sync that applied everything.
    public var token: String?
    public var syncCollection: Bool
    /// The collection's ctag at the last sync, for servers without sync-collection.
    public var ctag: String?
    /// When a sync of it last went through.
    public var syncedAt: Timestamp?
    /// The change feed's sequence when that sync read the list.
    public var feedSequence: Int64?

    public init(listID: Int64, url: String, token: String? = nil, syncCollection: Bool, ctag: String? = nil,
                syncedAt: Timestamp? = nil) {
        self.listID = listID
        self.syncedAt = syncedAt
        self.url = url
        self.token = token
        self.syncCollection = syncCollection
        self.ctag = ctag
    }
}

/// What kago knows of one synced item: keyed by UID, never by href.
public struct SyncRecord: Equatable, Sendable {
    public var uid: String
    /// The local item; nil once a sync has seen it deleted on neither side yet (not used today).
    public var itemID: Int64?
    /// The member's path in the collection.
    public var href: String
    /// The server's ETag of `base`; nil while a create has not been confirmed.
    public var etag: String?
    /// The server's text at the last sync: the merge base. Nil before the first upload.
    public var base: [UInt8]?
    /// When the item last changed here (kept by a trigger).
    public var localAt: Timestamp
    /// The sync token stored when kago made the item on the server: a report since that token
    /// that does not mention it means it is gone.
    public var createdToken: String?
    /// The UTC offset a DUE in UTC in `base` was read with, so that it is read as the same day
    /// after the machine's time zone changed (else the item would look changed here). Nil: read
    /// it with today's zone.
    public var baseOffset: Int?
    /// The text a sync is about to send, written before it goes: a sync killed after the server
    /// took it finds the server holding it and knows the change for its own, not a phone's.
    public var pending: [UInt8]?

    public init(uid: String, itemID: Int64?, href: String, etag: String?, base: [UInt8]?, localAt: Timestamp = 0) {
        self.uid = uid
        self.itemID = itemID
        self.href = href
        self.etag = etag
        self.base = base
        self.localAt = localAt
    }
}

/// An item's fields as a sync sets them.
public struct SyncValues: Equatable, Sendable {
    public var name: String
    public var quantity: String?
    public var note: String?
    public var category: String?
    public var date: Day?
    public var purchasedAt: Timestamp?

    public init(name: String, quantity: String?, note: String?, category: String?, date: Day?, purchasedAt: Timestamp?) {
        self.name = name
        self.quantity = quantity
        self.note = note
        self.category = category
        self.date = date
        self.purchasedAt = purchasedAt
    }
}

/// A linked list as a sync starts from.
public struct SyncLocal: Sendable {
    public var link: SyncLink
    public var records: [SyncRecord]
    public var items: [Item]
    /// Category names by id, for the list's items.
    public var categoryNames: [Int64: String]
}

/// One change a sync makes here. Item changes carry the item as the sync read it: one that
/// changed since (the user, another process) is left for the next sync, never overwritten.
public enum SyncWrite: Sendable {
    /// Sets an item's fields (a new item when `expected` is nil) and its record.
    case item(expected: Item?, values: SyncValues, record: SyncRecord)
    /// Deletes an item and its record.
    case removeItem(expected: Item, uid: String)
    /// Writes a record only.
    case record(SyncRecord)
    /// Forgets a record.
    case dropRecord(uid: String)
    /// Notes the text about to be sent for a record (see `SyncRecord.pending`).
    case pending(uid: String, text: [UInt8])
}

extension Store {
    /// Every linked list.
    public func syncLinks() throws(StoreError) -> [SyncLink] {
        try read { try fetchLinks("1") }
    }

    func fetchLinks(_ condition: String, _ args: [SQLValue] = []) throws -> [SyncLink] {
        // A removed list keeps its link (an undo brings both back) but is not synced.
        try db.rows("""
            SELECT list_id, url, token, sync_collection, ctag, synced_at, feed_seq FROM sync_lists
            WHERE list_id IN (SELECT id FROM lists) AND \(condition) ORDER BY list_id
            """, args) {
            var link = SyncLink(listID: $0.int64(0), url: $0.text(1), token: $0.optionalText(2), syncCollection: $0.int64(3) != 0,
                                ctag: $0.optionalText(4), syncedAt: $0.optionalInt64(5))
            link.feedSequence = $0.optionalInt64(6)
            return link
        }
    }

    /// A linked list's link alone (without its records and items).
    public func syncLink(list id: Int64) throws(StoreError) -> SyncLink? {
        try read { try fetchLinks("list_id = ?", [.integer(id)]).first }
    }

    /// Links a list to a collection (replacing an earlier link). Records of members at that
    /// collection's path stay, so that linking it again after an unlink carries on with the same
    /// UIDs; records elsewhere go. A kept record loses its ETag: the first sync merges each
    /// member still there against its base and uploads again what is missing, never deleting an
    /// item here (the path may now hold another collection, recreated or on another server).
    /// - Parameter collectionPath: the collection's path, which its members' hrefs start with.
    public func link(_ link: SyncLink, collectionPath: String) throws(StoreError) {
        _ = try write { _ in
            let path = Array(collectionPath.utf8)
            try db.run("DELETE FROM sync_items WHERE list_id = ? AND substr(CAST(href AS BLOB), 1, ?) IS NOT ?",
                       .integer(link.listID), .integer(Int64(path.count)), .blob(path))
            try db.run("UPDATE sync_items SET etag = NULL, created_token = NULL WHERE list_id = ?", .integer(link.listID))
            try db.run("INSERT OR REPLACE INTO sync_lists(list_id, url, token, sync_collection, ctag) VALUES (?, ?, NULL, ?, NULL)",
                       .integer(link.listID), .text(link.url), .integer(link.syncCollection ? 1 : 0))
        }
    }

    /// Stops syncing a list; its items stay, and so do its records (see `link`).
    public func unlink(list id: Int64) throws(StoreError) {
        _ = try write { _ in
            try db.run("DELETE FROM sync_lists WHERE list_id = ?", .integer(id))
        }
    }

    /// Notes that a sync of the list went through, having read the list at `feed` in the
    /// change feed.
    public func markSynced(list id: Int64, now: Timestamp, feed: Int64) throws(StoreError) {
        _ = try write { _ in
            try db.run("UPDATE sync_lists SET synced_at = ?, feed_seq = ? WHERE list_id = ?", .integer(now), .integer(feed),
                       .integer(id))
        }
    }

    /// A linked list's records and items, read together.
    public func syncLocal(list id: Int64) throws(StoreError) -> SyncLocal? {
        try read {
            guard let link = try fetchLinks("list_id = ?", [.integer(id)]).first else { return nil }
            let records = try db.rows("""
                SELECT uid, item_id, href, etag, base, local_at, created_token, base_offset, pending FROM sync_items
                WHERE list_id = ?
                """, [.integer(id)]) {
                var r = SyncRecord(uid: $0.text(0), itemID: $0.optionalInt64(1), href: $0.text(2), etag: $0.optionalText(3),
                                   base: $0.bytes(4).map { Array($0) }, localAt: $0.int64(5))
                r.createdToken = $0.optionalText(6)
                r.baseOffset = $0.optionalInt64(7).map { Int($0) }
                r.pending = $0.bytes(8).map { Array($0) }
                return r
            }
            let (items, names) = try onList(id) { () throws -> ([Item], [Int64: String]) in
                let categories = try fetchCategories()
                return (try fetchAllItems(), Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a }))
            }
            return SyncLocal(link: link, records: records, items: items, categoryNames: names)
        }
    }

    /// Applies a sync's changes to a list in one transaction. The token (and ctag) are stored
    /// only when every change applied: a change left for later must come again.
    /// - Returns: how many item changes were left because the item changed meanwhile.
    @discardableResult
    public func applySync(list id: Int64, _ writes: [SyncWrite], token: String?? = nil, ctag: String?? = nil,
                          now: Timestamp) throws(StoreError) -> Int {
        var skipped = 0
        _ = try write { changes in
            try onList(id) {
                for w in writes {
                    switch w {
                    case .item(let expected, let values, var record):
                        if let expected {
                            guard try fetchItemOnAnyList(expected.id) == expected else { skipped += 1; continue }
                            var item = expected
                            try set(values, on: &item, into: &changes)
                            try writeItem(item)
                            // Recorded so that a check from the phone is a purchase here (SPEC §10).
                            changes.items.record(item.id, before: expected, after: item)
                        } else {
                            var item = Item(id: 0, name: values.name, createdAt: now, listID: id)
                            try set(values, on: &item, into: &changes)
                            let inserted = try insertItem(item)
                            record.itemID = inserted.id
                            changes.items.record(inserted.id, before: nil, after: inserted)
                        }
                        try writeRecord(record, list: id)
                    case .removeItem(let expected, let uid):
                        guard try fetchItemOnAnyList(expected.id) == expected else { skipped += 1; continue }
                        try deleteItem(expected.id)
                        try db.run("DELETE FROM sync_items WHERE list_id = ? AND uid = ?", .integer(id), .text(uid))
                    case .record(let record):
                        try writeRecord(record, list: id)
                    case .dropRecord(let uid):
                        try db.run("DELETE FROM sync_items WHERE list_id = ? AND uid = ?", .integer(id), .text(uid))
                    case .pending(let uid, let text):
                        try db.run("UPDATE sync_items SET pending = ? WHERE list_id = ? AND uid = ?", .blob(text), .integer(id), .text(uid))
                    }
                }
                if skipped == 0, let token {
                    try db.run("UPDATE sync_lists SET token = ? WHERE list_id = ?", .text(token), .integer(id))
                }
                if skipped == 0, let ctag {
                    try db.run("UPDATE sync_lists SET ctag = ? WHERE list_id = ?", .text(ctag), .integer(id))
                }
            }
        }
        return skipped
    }

    private func set(_ v: SyncValues, on item: inout Item, into changes: inout ChangeRecorder) throws {
        item.name = v.name
        item.quantity = v.quantity
        item.note = v.note
        item.date = v.date
        item.purchasedAt = v.purchasedAt
        if let name = v.category, !Category.isReserved(name), !ItemLimits.isOver(name, .category) {
            item.categoryID = try ensureCategory(named: name, into: &changes).id
        } else {
            item.categoryID = nil
        }
    }

    private func writeRecord(_ r: SyncRecord, list id: Int64) throws {
        try db.run("""
            INSERT INTO sync_items(list_id, uid, item_id, href, etag, base, local_at, created_token, base_offset, pending)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(list_id, uid) DO UPDATE SET item_id = excluded.item_id, href = excluded.href,
                etag = excluded.etag, base = excluded.base, local_at = excluded.local_at, created_token = excluded.created_token,
                base_offset = excluded.base_offset, pending = excluded.pending
            """, .integer(id), .text(r.uid), .integer(r.itemID), .text(r.href), .text(r.etag),
            r.base.map { .blob($0) } ?? .null, .integer(r.localAt), .text(r.createdToken), .integer(r.baseOffset.map { Int64($0) }),
            r.pending.map { .blob($0) } ?? .null)
    }
}
