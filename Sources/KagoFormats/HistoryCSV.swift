import KagoState

/// The CSV of `kago export --history --format csv`: `name,quantity,category,purchased_at`, and
/// `list` last for every list's history. `kago import` reads it back as purchased items.
public enum HistoryCSV {
    public static let columns = ["name", "quantity", "category", "purchased_at"]

    /// The header and one row per purchase, each ending in LF.
    /// - Parameters:
    ///   - sanitized: control characters shown as U+FFFD (CSV on a terminal), as `ItemsCSV` does.
    ///   - withList: add the `list` column.
    public static func encode(_ purchases: [(purchase: Purchase, list: String)], sanitized: Bool = false,
                              withList: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + purchases.count * 60)
        CSV.appendRecord(withList ? columns + ["list"] : columns, to: &out)
        func field(_ text: String?) {
            guard let text else { return }
            CSV.appendField(sanitized ? SafeText.sanitize(text) : text, to: &out)
        }
        for (p, list) in purchases {
            field(p.name)
            out.append(0x2C)
            field(p.quantity)
            out.append(0x2C)
            field(p.category)
            out.append(0x2C)
            out.append(iso8601: p.purchasedAt)
            if withList {
                out.append(0x2C)
                field(list)
            }
            out.append(0x0A)
        }
        return out
    }
}
