import KagoState

extension Store {
    /// Everything the screens show: all items (by id), categories in store-walk order, and
    /// the names for completion, most recently used first. The purchase history is read
    /// apart (`history()`), when nothing waits for it.
    public func load() throws(StoreError) -> Snapshot {
        try read {
            Snapshot(itemsByID: try fetchItemsByID(), categories: try fetchCategories(), knownNames: try Learned.names(list: listID, in: db),
                     checkOrder: try fetchCheckOrder())
        }
    }

    /// Items by id: all of them, only the to-buy ones (`false`) or only the purchased (`true`).
    public func items(purchased: Bool? = nil) throws(StoreError) -> [Item] {
        try read {
            switch purchased {
            case nil: try fetchAllItems()
            // Newest first; checks within one second, the last one first (as the TUI lists them).
            case true?: try fetchItems(where: "purchased_at IS NOT NULL", orderBy: "purchased_at DESC, check_order DESC, id DESC")
            case false?: try fetchItems(where: "purchased_at IS NULL")
            }
        }
    }

    /// The order purchased items were checked in (higher: later).
    func fetchCheckOrder() throws -> [Int64: Int] {
        var order: [Int64: Int] = [:]
        try db.query("SELECT id, check_order FROM items WHERE list_id = \(listID) AND check_order IS NOT NULL AND purchased_at IS NOT NULL") {
            order[$0.int64(0)] = Int($0.int64(1))
        }
        return order
    }

    /// Categories in store-walk order.
    public func categories() throws(StoreError) -> [Category] {
        try read { try fetchCategories() }
    }

    /// A number that changes whenever another connection commits; poll it to notice other kagos.
    ///
    /// This connection's own commits do not change it (`PRAGMA data_version`).
    public func dataVersion() throws(StoreError) -> Int64 {
        try read { try db.integer("PRAGMA data_version") ?? 0 }
    }
}
