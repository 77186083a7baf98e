import KagoState

/// The purchase history (SPEC §10). Every write follows the item changes it recorded (see
/// `write`): whichever command checks an item off (the list, `kago check`, an import, a sync),
/// the purchase is recorded the same way, and recorded in the change set, so undo and redo put
/// it back exactly as they put back the item.
extension Store {
    static let purchaseColumns = "id, list_id, item_id, key, name, quantity, category, purchased_at, day, hidden"

    static func purchase(_ row: Row) -> Purchase {
        Purchase(id: row.int64(0), listID: row.int64(1), itemID: row.optionalInt64(2), key: row.text(3), name: row.text(4),
                 quantity: row.optionalText(5), category: row.optionalText(6), purchasedAt: row.int64(7),
                 day: Day(ordinal: Int(row.int64(8))), hidden: row.int64(9) != 0)
    }

    /// The UTC day of a moment: the local day where no time zone is given (tests, tools).
    @Sendable public static func utcDay(_ t: Timestamp) -> Day { LocalClock(today: Day(ordinal: 0)).day(of: t) }

    /// The purchases of the store's list (or of every list), oldest first.
    public func purchases(allLists: Bool = false) throws(StoreError) -> [Purchase] {
        try read {
            try db.rows("SELECT \(Self.purchaseColumns) FROM purchases WHERE \(allLists ? "1" : "list_id = \(listID)") "
                        + "ORDER BY purchased_at, id", [], Self.purchase)
        }
    }

    /// The store's list's purchases by name (SPEC §10).
    public func history() throws(StoreError) -> PurchaseHistory {
        try read { try fetchHistory() }
    }

    /// The store's list's history, 10,000 purchases read before the first key: in the table's
    /// order (a scan, where the index by name would look every row up again), each taken into
    /// the history as it is read.
    func fetchHistory() throws -> PurchaseHistory {
        try PurchaseHistory { take in
            try db.query("SELECT \(Self.purchaseColumns) FROM purchases NOT INDEXED WHERE list_id = \(listID)") { take(Self.purchase($0)) }
        }
    }

    /// A purchase of the store's list by id.
    func fetchPurchase(_ id: Int64) throws -> Purchase? {
        try db.rows("SELECT \(Self.purchaseColumns) FROM purchases WHERE id = ? AND list_id = \(listID)", [.integer(id)], Self.purchase).first
    }

    /// A purchase by id on whichever list it is.
    func fetchPurchaseOnAnyList(_ id: Int64) throws -> Purchase? {
        try db.rows("SELECT \(Self.purchaseColumns) FROM purchases WHERE id = ?", [.integer(id)], Self.purchase).first
    }

    /// Writes a purchase exactly as given, inserting it under its id or replacing the row.
    func writePurchase(_ p: Purchase) throws {
        try db.run("""
            INSERT INTO purchases(\(Self.purchaseColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET list_id = excluded.list_id, item_id = excluded.item_id, key = excluded.key,
                name = excluded.name, quantity = excluded.quantity, category = excluded.category,
                purchased_at = excluded.purchased_at, day = excluded.day, hidden = excluded.hidden
            """, .integer(p.id), .integer(p.listID), .integer(p.itemID), .text(p.key), .text(p.name), .text(p.quantity),
            .text(p.category), .integer(p.purchasedAt), .integer(Int64(p.day.ordinal)), .integer(p.hidden ? 1 : 0))
    }

    func deletePurchase(_ id: Int64) throws {
        try db.run("DELETE FROM purchases WHERE id = ?", .integer(id))
    }

    /// Records a purchase for each item the transaction checked off, and forgets the purchase
    /// of each it unchecked when this session made it (the check was a slip; an item bought
    /// last week and put back on the list stays bought last week). Deleting an item keeps its
    /// purchases.
    func followChecks(into changes: inout ChangeRecorder) throws {
        for change in changes.items.changes {
            let was = change.before?.purchasedAt, now = change.after?.purchasedAt
            guard was != now else { continue }
            if let item = change.before, let time = was, change.after != nil {
                for p in try db.rows("SELECT \(Self.purchaseColumns) FROM purchases WHERE item_id = ? AND purchased_at = ?",
                                     [.integer(item.id), .integer(time)], Self.purchase) where sessionPurchases.contains(p.id) {
                    try deletePurchase(p.id)
                    sessionPurchases.remove(p.id)
                    changes.purchases.record(p.id, before: p, after: nil)
                }
            }
            if let item = change.after, let time = now {
                let category = try item.categoryID.map { try fetchCategoryOfAnyList($0) } ?? nil
                var p = Purchase(id: 0, listID: item.listID, itemID: item.id, name: item.name, quantity: item.quantity,
                                 category: category?.name, purchasedAt: time, day: localDay(time))
                try db.run("INSERT INTO purchases(list_id, item_id, key, name, quantity, category, purchased_at, day) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           .integer(p.listID), .integer(p.itemID), .text(p.key), .text(p.name), .text(p.quantity), .text(p.category),
                           .integer(p.purchasedAt), .integer(Int64(p.day.ordinal)))
                p.id = db.lastInsertRowID
                sessionPurchases.insert(p.id)
                changes.purchases.record(p.id, before: nil, after: p)
            }
        }
    }

    /// Hides a name from Due again until it is bought again: marks its last purchase.
    func hideDue(key: String, into changes: inout ChangeRecorder) throws {
        guard let last = try db.rows("SELECT \(Self.purchaseColumns) FROM purchases WHERE list_id = \(listID) AND key = ? "
                                     + "ORDER BY purchased_at DESC, id DESC LIMIT 1", [.text(key)], Self.purchase).first,
              !last.hidden else { return }
        var hidden = last
        hidden.hidden = true
        try writePurchase(hidden)
        changes.purchases.record(last.id, before: last, after: hidden)
    }

    /// Moves a list's history to another (a merge of lists), so its habits carry on there.
    func movePurchases(from source: Int64, to target: Int64, into changes: inout ChangeRecorder) throws {
        for before in try db.rows("SELECT \(Self.purchaseColumns) FROM purchases WHERE list_id = ?", [.integer(source)], Self.purchase) {
            var moved = before
            moved.listID = target
            try writePurchase(moved)
            changes.purchases.record(before.id, before: before, after: moved)
        }
    }
}
