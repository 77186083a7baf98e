/// A calendar day (proleptic Gregorian), the unit of shopping dates.
///
/// Stored as days since 1970-01-01 so comparisons and arithmetic are integer operations;
/// the civil conversions follow Howard Hinnant's `days_from_civil` algorithms.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public var ordinal: Int

    /// Creates a day from its ordinal (days since 1970-01-01).
    public init(ordinal: Int) { self.ordinal = ordinal }

    /// Creates a day from a year, month (1–12) and day of month; nil when the date does not exist.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Day.daysIn(month: month, year: year),
              (1...9999).contains(year) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        ordinal = era * 146097 + doe - 719468
    }

    /// The year, month and day of month.
    public var components: (year: Int, month: Int, day: Int) {
        let z = ordinal + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Day of the week, 0 = Sunday … 6 = Saturday.
    public var weekday: Int { ((ordinal % 7) + 7 + 4) % 7 }

    /// The day `n` days later (or earlier for negative `n`).
    public func adding(days n: Int) -> Day { Day(ordinal: ordinal + n) }

    /// ISO 8601 calendar date, `YYYY-MM-DD`.
    public var iso: String {
        let c = components
        return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))"
    }

    public var description: String { iso }

    /// Parses `YYYY-MM-DD` exactly; nil for anything else.
    @inlinable
    public init?(iso text: some StringProtocol) {
        self.init(isoBytes: text.utf8)
    }

    /// Parses `YYYY-MM-DD` from UTF-8 bytes, so the store reads a row's date without making a
    /// String (there is a date in most rows, on the start-up path).
    @inlinable
    public init?(isoBytes bytes: some Sequence<UInt8>) {
        var y = 0, m = 0, d = 0, field = 0
        var yDigits = 0, mDigits = 0, dDigits = 0
        for byte in bytes {
            if byte == UInt8(ascii: "-") {
                field += 1
                guard field < 3 else { return nil }
            } else if byte >= 48 && byte <= 57 {
                let v = Int(byte - 48)
                // Counting digits before adding keeps a long run of digits from overflowing.
                switch field {
                case 0: guard yDigits < 4 else { return nil }; y = y * 10 + v; yDigits += 1
                case 1: guard mDigits < 2 else { return nil }; m = m * 10 + v; mDigits += 1
                default: guard dDigits < 2 else { return nil }; d = d * 10 + v; dDigits += 1
                }
            } else {
                return nil
            }
        }
        guard field == 2, yDigits == 4, (1...2).contains(mDigits), (1...2).contains(dDigits) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public static func < (a: Day, b: Day) -> Bool { a.ordinal < b.ordinal }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// Zero-pads a non-negative number to `width` digits.
func pad(_ n: Int, _ width: Int) -> String {
    let s = String(n)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}

/// A moment in time as whole seconds since the Unix epoch (UTC).
public typealias Timestamp = Int64

/// Converts timestamps to local calendar terms with a fixed UTC offset supplied by the caller,
/// which keeps views and the reducer free of time-zone lookups.
public struct LocalClock: Equatable, Sendable {
    /// Today's date in the local time zone.
    public var today: Day
    /// Seconds east of UTC.
    public var utcOffset: Int

    public init(today: Day, utcOffset: Int = 0) {
        self.today = today
        self.utcOffset = utcOffset
    }

    /// The local day a timestamp falls on.
    public func day(of t: Timestamp) -> Day {
        let local = localSeconds(t)
        // Floor division that cannot overflow, even for a timestamp near Int64.min.
        return Day(ordinal: local >= 0 ? local / 86400 : -((-(local + 1)) / 86400) - 1)
    }

    /// The local hour and minute of a timestamp.
    public func time(of t: Timestamp) -> (hour: Int, minute: Int) {
        let local = (localSeconds(t) % 86400 + 86400) % 86400
        return (local / 3600, (local % 3600) / 60)
    }

    /// Seconds since the epoch in local terms, clamped rather than trapping at the extremes
    /// (a timestamp can come from an edited or imported file).
    func localSeconds(_ t: Timestamp) -> Int {
        let (sum, overflow) = Int(t).addingReportingOverflow(utcOffset)
        return overflow ? (utcOffset > 0 ? Int.max : Int.min) : sum
    }
}

extension Timestamp {
    /// ISO 8601 in UTC, `YYYY-MM-DDTHH:MM:SSZ`.
    public var iso8601: String {
        let clock = LocalClock(today: Day(ordinal: 0))
        let day = clock.day(of: self)
        let secs = ((Int(self) % 86400) + 86400) % 86400
        return "\(day.iso)T\(pad(secs / 3600, 2)):\(pad(secs % 3600 / 60, 2)):\(pad(secs % 60, 2))Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS` (`T`, `t` or a space between) with `Z`, a `±HH:MM`, `±HHMM` or `±HH`
    /// offset, or none (UTC); a fraction of a second (`.5`, `,25`) is read and dropped. A date alone
    /// is its midnight UTC.
    public init?(iso8601 text: String) {
        let s = Array(text.utf8)
        if let day = Day(iso: text) { self = Timestamp(day.ordinal) * 86400; return }
        guard s.count >= 19, s[10] == UInt8(ascii: "T") || s[10] == UInt8(ascii: "t") || s[10] == UInt8(ascii: " "),
              let day = Day(iso: text.prefix(10))
        else { return nil }
        func num(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r { guard s[i] >= 48 && s[i] <= 57 else { return nil }; v = v * 10 + Int(s[i] - 48) }
            return v
        }
        guard s[13] == 58, s[16] == 58, let h = num(11..<13), let m = num(14..<16), let sec = num(17..<19),
              h < 24, m < 60, sec < 61 else { return nil }
        var i = 19
        if i < s.count, s[i] == UInt8(ascii: ".") || s[i] == UInt8(ascii: ",") {
            i += 1
            let digits = i
            while i < s.count, s[i] >= 48, s[i] <= 57 { i += 1 }
            guard i > digits else { return nil }
        }
        var offset = 0
        let rest = s.count - i
        if rest == 0 || (rest == 1 && (s[i] == UInt8(ascii: "Z") || s[i] == UInt8(ascii: "z"))) {
            offset = 0
        } else if rest == 6 || rest == 5 || rest == 3, s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-"),
                  let oh = num(i + 1..<i + 3), oh < 24 {
            var om = 0
            if rest == 6 {
                guard s[i + 3] == 58, let v = num(i + 4..<i + 6) else { return nil }
                om = v
            } else if rest == 5 {
                guard let v = num(i + 3..<i + 5) else { return nil }
                om = v
            }
            guard om < 60 else { return nil }
            offset = (oh * 3600 + om * 60) * (s[i] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        let time = Timestamp(day.ordinal * 86400 + h * 3600 + m * 60 + sec - offset)
        // An offset can carry 0001-01-01 back into year 0, or 9999-12-31 on into year 10000: in UTC
        // that has no four-digit year, so `iso8601` would write a time this parser refuses.
        guard (1...9999).contains(LocalClock(today: day).day(of: time).components.year) else { return nil }
        self = time
    }
}
