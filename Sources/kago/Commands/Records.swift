import KagoFormats
import KagoState
import KagoStore

/// Conversions between stored items and the records the file formats carry.
enum Records {
    /// The records of `items`, with category names filled in.
    static func of(_ items: [Item], categories: [Int64: String], list: String) -> [ItemRecord] {
        items.map {
            var r = ItemRecord($0, category: $0.categoryID.flatMap { categories[$0] })
            r.list = list
            return r
        }
    }

    /// The row to insert for an imported record; a purchased record without a time was bought `now`.
    static func importRow(_ r: ItemRecord, now: Timestamp) -> ImportRow {
        ImportRow(name: r.name, quantity: r.quantity, category: r.category, date: r.date, note: r.note,
                  purchasedAt: r.purchased ? (r.purchasedAt ?? now) : nil, createdAt: r.createdAt, list: r.list)
    }
}
