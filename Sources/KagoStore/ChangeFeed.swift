import KagoState

/// The rows other programs changed since a point in the change feed (`Schema.version6`).
public struct ChangeFeed: Equatable, Sendable {
    /// The feed's `tab` values.
    static let items = 0, categories = 1, purchases = 2

    /// The last sequence number read; pass it to the next `changes(since:)`.
    public var sequence: Int64
    /// The changed rows as they are now (nil: deleted), or nil when the feed no longer reaches
    /// back to the sequence asked for (pruned, or a file older than the feed): read everything.
    public var rows: (items: [Int64: Item?], categories: [Int64: Category?], purchases: [Int64: Purchase?])?

    public static func == (a: ChangeFeed, b: ChangeFeed) -> Bool {
        a.sequence == b.sequence && a.rows?.items == b.rows?.items && a.rows?.categories == b.rows?.categories
            && a.rows?.purchases == b.rows?.purchases
    }
}

extension Store {
    /// The newest sequence number of the change feed (0 when empty).
    public func changeSequence() throws(StoreError) -> Int64 {
        try read { try db.integer("SELECT coalesce(max(seq), 0) FROM changes") ?? 0 }
    }

    /// Whether no item and no category (of any list) changed after `sequence`; false when the
    /// feed no longer reaches back that far.
    public func itemsUnchanged(since sequence: Int64) throws(StoreError) -> Bool {
        try read {
            if let oldest = try db.integer("SELECT min(seq) FROM changes"), oldest > sequence + 1 { return false }
            return try db.integer("SELECT count(*) FROM changes WHERE seq > ? AND tab IN (?, ?)", .integer(sequence),
                                  .integer(Int64(ChangeFeed.items)), .integer(Int64(ChangeFeed.categories))) == 0
        }
    }

    /// The rows changed after `sequence`, read in one transaction as they are now.
    public func changes(since sequence: Int64) throws(StoreError) -> ChangeFeed {
        try read {
            let newest = try db.integer("SELECT coalesce(max(seq), 0) FROM changes") ?? 0
            guard newest > sequence else { return ChangeFeed(sequence: newest, rows: ([:], [:], [:])) }
            let oldest = try db.integer("SELECT min(seq) FROM changes") ?? 0
            guard oldest <= sequence + 1 else { return ChangeFeed(sequence: newest, rows: nil) }
            var ids = [Set<Int64>](repeating: [], count: 3)
            try db.query("SELECT tab, row FROM changes WHERE seq > ?", [.integer(sequence)]) {
                let tab = Int($0.int64(0))
                if ids.indices.contains(tab) { ids[tab].insert($0.int64(1)) }
            }
            var items: [Int64: Item?] = [:], categories: [Int64: Category?] = [:], purchases: [Int64: Purchase?] = [:]
            for id in ids[ChangeFeed.items] { items[id] = .some(try fetchItem(id)) }
            for id in ids[ChangeFeed.categories] { categories[id] = .some(try fetchCategory(id)) }
            for id in ids[ChangeFeed.purchases] { purchases[id] = .some(try fetchPurchase(id)) }
            return ChangeFeed(sequence: newest, rows: (items, categories, purchases))
        }
    }
}
