import KagoState

extension Store {
    /// The start of the to-buy list as `sort` orders it, with the categories and the counts of
    /// the whole list: all the first frame shows.
    ///
    /// SQLite hands the rows over in list order through indexes, so the cost hardly grows with
    /// the list, and with 100,000 items the first frame does not wait for the other 99,980.
    /// The items are exactly the first `limit` that `ListRows.toBuy` would list.
    ///
    /// - Returns: nil where SQL cannot order as kago does: by name (folded in Swift), or by
    ///   date while some item has a date in a form kago does not write. Read everything then.
    public func firstScreen(sort: SortMode, limit: Int) throws(StoreError) -> Snapshot? {
        let limit = max(0, limit)
        return try read { () throws -> Snapshot? in
            let toBuy = "purchased_at IS NULL"
            let categories = try fetchCategories()
            var items: [Item]
            switch sort {
            case .name:
                return nil
            case .added:
                items = try fetchItems(where: toBuy, limit: limit)
            case .date:
                guard try db.integer("SELECT EXISTS (SELECT 1 FROM items WHERE list_id = \(listID) AND \(Schema.oddDate))") == 0 else { return nil }
                // Dated first, earliest first; no date last. Ties go to the item added first.
                items = try fetchItems(where: "\(toBuy) AND date IS NOT NULL", orderBy: "date, id", limit: limit)
                items += try fetchItems(where: "\(toBuy) AND date IS NULL", limit: limit - items.count)
            case .category:
                // Store-walk order; items whose category is unknown count as uncategorised.
                items = []
                for category in categories where items.count < limit {
                    items += try fetchItems(where: "\(toBuy) AND category_id = ?", [.integer(category.id)],
                                            limit: limit - items.count)
                }
                items += try fetchItems(where: "\(toBuy) AND (category_id IS NULL OR category_id NOT IN (SELECT id FROM categories WHERE list_id = \(listID)))",
                                        limit: limit - items.count)
            }
            return Snapshot(items: items, categories: categories, totals: try totals())
        }
    }

    /// The counts the triggers keep (schema 4); counted afresh should their row be gone.
    func totals() throws -> ItemCounts {
        let kept = try db.rows("SELECT to_buy, purchased FROM item_counts WHERE list_id = \(listID)") {
            ItemCounts(toBuy: Int($0.int64(0)), purchased: Int($0.int64(1)))
        }
        if let kept = kept.first { return kept }
        let toBuy = Int(try db.integer("SELECT count(*) FROM items WHERE list_id = \(listID) AND purchased_at IS NULL") ?? 0)
        return ItemCounts(toBuy: toBuy, purchased: try itemCount() - toBuy)
    }
}
