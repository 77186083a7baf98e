import KagoState

/// iCalendar DATE and DATE-TIME values (RFC 5545 §3.3.4, §3.3.5).
public enum DateValue {
    /// The day a DUE names, in local days: a DATE as written, a UTC time in the local zone,
    /// a floating time or one with a TZID by its own date (kago has no zone database).
    public static func day(_ value: String, parameters: [String: String], localOffset: (Timestamp) -> Int) -> Day? {
        let v = value.trimmingCharacters()
        let digits = Array(v.utf8)
        guard digits.count >= 8, digits[..<8].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        if v.hasSuffix("Z"), let t = timestamp(v) {
            return Day(ordinal: Int((t + Timestamp(localOffset(t))).floorDiv(86_400)))
        }
        return Day(year: number(digits[0..<4]), month: number(digits[4..<6]), day: number(digits[6..<8]))
    }

    /// Seconds since the epoch of a DATE-TIME (a floating one read as UTC) or a DATE (its midnight UTC).
    public static func timestamp(_ value: String) -> Timestamp? {
        let d = Array(value.trimmingCharacters().utf8)
        guard d.count >= 8, d[..<8].allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let day = Day(year: number(d[0..<4]), month: number(d[4..<6]), day: number(d[6..<8])) else { return nil }
        var seconds = 0
        if d.count >= 15, d[8] == UInt8(ascii: "T"), d[9..<15].allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            seconds = number(d[9..<11]) * 3600 + number(d[11..<13]) * 60 + number(d[13..<15])
        }
        return Timestamp(day.ordinal) * 86_400 + Timestamp(seconds)
    }

    /// `20261204T101500Z`.
    public static func utc(_ t: Timestamp) -> String {
        let day = Day(ordinal: Int(t.floorDiv(86_400)))
        let s = Int(t - Timestamp(day.ordinal) * 86_400)
        return basic(day) + "T" + pad(s / 3600) + pad(s / 60 % 60) + pad(s % 60) + "Z"
    }

    /// `20261204`.
    public static func basic(_ day: Day) -> String {
        let c = day.components
        return String(repeating: "0", count: max(0, 4 - String(c.year).count)) + String(c.year) + pad(c.month) + pad(c.day)
    }

    static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static func number(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 * 10 + Int($1 - 48) } }
}

extension Timestamp {
    /// Division rounding towards minus infinity, so times before 1970 fall on the right day.
    func floorDiv(_ d: Timestamp) -> Timestamp {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}
