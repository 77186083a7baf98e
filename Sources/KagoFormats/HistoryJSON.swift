import KagoState

/// The JSON of `kago export --history`: an array of purchases, oldest first.
///
/// Its keys are item keys, so `kago import` reads the file back as purchased items, each a
/// purchase again.
public enum HistoryJSON {
    /// One object per line with the keys `name, quantity, category, purchased_at, list`; `[]` when empty.
    public static func encode(_ purchases: [(purchase: Purchase, list: String)]) -> [UInt8] {
        guard !purchases.isEmpty else { return Array("[]\n".utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(purchases.count * 120)
        out.append(literal: "[\n")
        for (i, entry) in purchases.enumerated() {
            let p = entry.purchase
            out.append(literal: "  {\"name\": ")
            JSON.appendString(p.name, to: &out)
            out.append(literal: ", \"quantity\": ")
            JSON.appendString(p.quantity, orNullTo: &out)
            out.append(literal: ", \"category\": ")
            JSON.appendString(p.category, orNullTo: &out)
            out.append(literal: ", \"purchased_at\": \"")
            out.append(iso8601: p.purchasedAt)
            out.append(literal: "\", \"list\": ")
            JSON.appendString(entry.list, to: &out)
            out.append(literal: i == purchases.count - 1 ? "}\n" : "},\n")
        }
        out.append(literal: "]\n")
        return out
    }
}
