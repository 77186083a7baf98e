/// Parses the `@when` part of the quick-add syntax into a day, relative to today.
///
/// Decisions: a weekday (`fri`, `金曜`) is its next occurrence with today included, so `@wed` on a
/// Wednesday is today; a month and day without a year (`12/24`, `12月24日`) is the next time it comes
/// round, today included (`@2/29` waits for the next leap year). Full-width forms (`＠１２／２４`,
/// `ｆｒｉ`) read like their ASCII twins, since a Japanese input method produces them.
public enum ShoppingDate {
    /// Parses a date word such as `today`, `fri`, `+3`, `+2w`, `2w`, `2026-12-24`, `12/24`, `今日`,
    /// `金曜`, `3日後`, `25日`, `12月24日` or `2026年12月24日`.
    /// - Returns: the day, or nil when the text is not a date kago understands.
    public static func parse(_ raw: String, today: Day) -> Day? {
        let text = foldFullWidth(raw).lowercased()
        if let n = relativeWords[text] { return today.adding(days: n) }
        if let wd = weekday(text) { return today.adding(days: (wd - today.weekday + 7) % 7) }
        if text.hasPrefix("+") { return offset(text.dropFirst()).map { today.adding(days: $0) } }
        // `3日後`, `2週間後` ("3 days later"), and `3d`, `2w` without the plus.
        if text.hasSuffix("後"), let n = offset(text.dropLast()), !text.dropLast().last!.isNumber {
            return today.adding(days: n)
        }
        if let unit = text.last, unit == "d" || unit == "w", let n = offset(Substring(text)) { return today.adding(days: n) }
        // `25日`: the next 25th of a month, today included.
        if text.hasSuffix("日"), let d = number(text.dropLast()) { return upcoming(dayOfMonth: d, today: today) }
        if let day = Day(iso: text) { return day }
        let slashParts = text.split(separator: "/", omittingEmptySubsequences: false)
        if slashParts.count == 3, let y = number(slashParts[0]), slashParts[0].count == 4,
           let m = number(slashParts[1]), let d = number(slashParts[2]) {
            return Day(year: y, month: m, day: d)
        }
        if slashParts.count == 2, let m = number(slashParts[0]), let d = number(slashParts[1]) {
            return upcoming(month: m, day: d, today: today)
        }
        return japaneseDate(text, today: today)
    }

    static let relativeWords: [String: Int] = [
        "today": 0, "tod": 0, "今日": 0, "きょう": 0, "本日": 0,
        "tomorrow": 1, "tmr": 1, "tmrw": 1, "tom": 1, "明日": 1, "あした": 1, "あす": 1,
        "明後日": 2, "あさって": 2,
        "明々後日": 3, "明明後日": 3, "しあさって": 3,
        "yesterday": -1, "昨日": -1, "きのう": -1,
        "一昨日": -2, "おととい": -2, "おとつい": -2,
    ]

    static let englishWeekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    static let englishWeekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    static let weekdayAliases = ["tues": 2, "weds": 3, "wednes": 3, "thur": 4, "thurs": 4]
    static let japaneseWeekdays: [Character] = ["日", "月", "火", "水", "木", "金", "土"]

    /// 0 = Sunday … 6 = Saturday for `fri`, `friday`, `tues`, `金`, `金曜`, `金曜日`.
    static func weekday(_ text: String) -> Int? {
        if let i = englishWeekdayNames.firstIndex(of: text) { return i }
        if let i = englishWeekdays.firstIndex(of: text) { return i }
        if let i = weekdayAliases[text] { return i }
        guard let first = text.first, let i = japaneseWeekdays.firstIndex(of: first) else { return nil }
        return ["", "曜", "曜日"].contains(String(text.dropFirst())) ? i : nil
    }

    /// `3`, `3d`/`3日` (days) or `2w`/`2週`/`2週間` (weeks) after a `+`.
    static func offset(_ text: Substring) -> Int? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 5, let n = Int(digits) else { return nil }
        switch text.dropFirst(digits.count) {
        case "", "d", "日": return n
        case "w", "週", "週間": return n * 7
        default: return nil
        }
    }

    /// A run of one to four ASCII digits, without the sign `Int(_:)` would accept.
    static func number(_ s: Substring) -> Int? {
        guard (1...4).contains(s.utf8.count), s.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(s)
    }

    /// `12月24日`, `12月24` (upcoming) or `2026年12月24日`.
    static func japaneseDate(_ text: String, today: Day) -> Day? {
        var rest = Substring(text)
        var year: Int?
        if let nen = rest.firstIndex(of: "年") {
            guard rest[..<nen].count == 4, let y = number(rest[..<nen]) else { return nil }
            year = y
            rest = rest[rest.index(after: nen)...]
        }
        let parts = rest.split(separator: "月", omittingEmptySubsequences: false)
        guard parts.count == 2, let m = number(parts[0]) else { return nil }
        let dayText = parts[1].hasSuffix("日") ? parts[1].dropLast() : parts[1]
        guard let d = number(dayText) else { return nil }
        if let year { return Day(year: year, month: m, day: d) }
        return upcoming(month: m, day: d, today: today)
    }

    /// The next day of the month `day` (1–31), today included; months too short are skipped.
    static func upcoming(dayOfMonth day: Int, today: Day) -> Day? {
        guard (1...31).contains(day) else { return nil }
        var (y, m, _) = today.components
        for _ in 0..<3 {
            if let d = Day(year: y, month: m, day: day), d >= today { return d }
            (y, m) = m == 12 ? (y + 1, 1) : (y, m + 1)
        }
        return nil
    }

    /// The next time a month and day comes round, today included; nil when it never does.
    static func upcoming(month: Int, day: Int, today: Day) -> Day? {
        guard (1...12).contains(month), day >= 1, day <= Day.daysIn(month: month, year: 2000) else { return nil }
        let year = today.components.year
        // 29 February can be eight years away (2096 → 2104); any other date is at most one.
        for y in year...(year + 8) {
            if let d = Day(year: y, month: month, day: day), d >= today { return d }
        }
        return nil
    }
}

/// Replaces full-width ASCII forms (`０`-`９`, `Ａ`-`ｚ`, `＋`, `／`, `－`, `＃`, `＠`, …) with their ASCII
/// twins; everything else, the ideographic space included, is unchanged.
func foldFullWidth(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: { (0xFF01...0xFF5E).contains($0.value) }) else { return s }
    var out = String.UnicodeScalarView()
    for u in s.unicodeScalars {
        if (0xFF01...0xFF5E).contains(u.value) {
            out.append(Unicode.Scalar(u.value - 0xFEE0)!)
        } else {
            out.append(u)
        }
    }
    return String(out)
}
