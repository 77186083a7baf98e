/// Parses the `@when` part of the quick-add syntax into a day, relative to today.
public enum ShoppingDate {
    /// Parses a date word such as `today`, `fri`, `+3`, `2026-12-24`, `12/24`, `今日`, `金曜`.
    /// - Returns: the day, or nil when the text is not a date kago understands.
    public static func parse(_ raw: String, today: Day) -> Day? {
        let text = normaliseDigits(raw).lowercased()
        if let n = relativeWords[text] { return today.adding(days: n) }
        if let wd = weekday(text) { return today.adding(days: (wd - today.weekday + 7) % 7) }
        if text.hasPrefix("+") { return offset(text.dropFirst()).map { today.adding(days: $0) } }
        if let day = Day(iso: text) { return day }
        let slashParts = text.split(separator: "/", omittingEmptySubsequences: false)
        if slashParts.count == 3, let day = Day(iso: slashParts.joined(separator: "-")) { return day }
        if slashParts.count == 2, let m = Int(slashParts[0]), let d = Int(slashParts[1]) {
            return upcoming(month: m, day: d, today: today)
        }
        if let (m, d) = japaneseMonthDay(text) { return upcoming(month: m, day: d, today: today) }
        return nil
    }

    static let relativeWords: [String: Int] = [
        "today": 0, "tod": 0, "今日": 0, "きょう": 0, "本日": 0,
        "tomorrow": 1, "tmr": 1, "tom": 1, "明日": 1, "あした": 1, "あす": 1,
        "明後日": 2, "あさって": 2,
        "yesterday": -1, "昨日": -1, "きのう": -1,
    ]

    static let englishWeekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    static let englishWeekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    static let weekdayAliases = ["tues": 2, "wednes": 3, "thur": 4, "thurs": 4]
    static let japaneseWeekdays: [Character] = ["日", "月", "火", "水", "木", "金", "土"]

    /// 0 = Sunday … 6 = Saturday for `fri`, `friday`, `tues`, `金`, `金曜`, `金曜日`.
    static func weekday(_ text: String) -> Int? {
        if let i = englishWeekdayNames.firstIndex(of: text) { return i }
        if let i = englishWeekdays.firstIndex(of: text) { return i }
        if let i = weekdayAliases[text] { return i }
        guard let first = text.first, let i = japaneseWeekdays.firstIndex(of: first) else { return nil }
        return ["", "曜", "曜日"].contains(String(text.dropFirst())) ? i : nil
    }

    /// `3`, `3d` (days) or `2w` (weeks) after a `+`.
    static func offset(_ text: Substring) -> Int? {
        if let n = Int(text), n >= 0, n < 36500 { return n }
        guard let unit = text.last, let n = Int(text.dropLast()), n >= 0, n < 5000 else { return nil }
        switch unit {
        case "d", "日": return n
        case "w": return n * 7
        default: return nil
        }
    }

    /// `12月24日` or `12月24`.
    static func japaneseMonthDay(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "月", omittingEmptySubsequences: false)
        guard parts.count == 2, let m = Int(parts[0]) else { return nil }
        let dayText = parts[1].hasSuffix("日") ? parts[1].dropLast() : parts[1]
        guard let d = Int(dayText) else { return nil }
        return (m, d)
    }

    /// The next time a month and day comes round, today included.
    static func upcoming(month: Int, day: Int, today: Day) -> Day? {
        let year = today.components.year
        guard let thisYear = Day(year: year, month: month, day: day) ?? Day(year: year + 1, month: month, day: day) else {
            return nil
        }
        if thisYear >= today { return thisYear }
        return Day(year: year + 1, month: month, day: day) ?? Day(year: year + 4 - year % 4, month: month, day: day)
    }
}

/// Replaces full-width digits and signs (０-９, ＋, ／, －) with their ASCII forms.
func normaliseDigits(_ s: String) -> String {
    var out = String.UnicodeScalarView()
    for u in s.unicodeScalars {
        switch u.value {
        case 0xFF10...0xFF19, 0xFF0B, 0xFF0F, 0xFF0D, 0xFF0E:
            out.append(Unicode.Scalar(u.value - 0xFEE0)!)
        default: out.append(u)
        }
    }
    return String(out)
}
