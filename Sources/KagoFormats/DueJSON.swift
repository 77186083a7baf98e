import KagoState

/// The JSON of `kago suggest --json` (SPEC §10): an array of the names due again.
public enum DueJSON {
    /// One object per line with the keys `name, quantity, category, interval_days,
    /// last_purchased, days_since`; `[]` when nothing is due.
    public static func encode(_ items: [DueItem]) -> [UInt8] {
        guard !items.isEmpty else { return Array("[]\n".utf8) }
        var out: [UInt8] = []
        out.append(literal: "[\n")
        for (i, item) in items.enumerated() {
            out.append(literal: "  {\"name\": ")
            JSON.appendString(item.name, to: &out)
            out.append(literal: ", \"quantity\": ")
            JSON.appendString(item.quantity, orNullTo: &out)
            out.append(literal: ", \"category\": ")
            JSON.appendString(item.category, orNullTo: &out)
            out.append(literal: ", \"interval_days\": ")
            out.append(decimal: Int64(item.intervalDays))
            out.append(literal: ", \"last_purchased\": \"")
            out.append(iso8601: item.lastPurchased)
            out.append(literal: "\", \"days_since\": ")
            out.append(decimal: Int64(item.daysSince))
            out.append(literal: i == items.count - 1 ? "}\n" : "},\n")
        }
        out.append(literal: "]\n")
        return out
    }
}
