@testable import KagoState
import XCTest

/// `@when` words, counted from Wednesday 2026-12-02.
final class ShoppingDateTests: XCTestCase {
    func check(_ table: [(String, String?)], today: Day = wednesday, file: StaticString = #filePath, line: UInt = #line) {
        for (text, expected) in table {
            XCTAssertEqual(ShoppingDate.parse(text, today: today)?.iso, expected, "@\(text)", file: file, line: line)
        }
    }

    func testTodayIsAWednesday() {
        XCTAssertEqual(wednesday.weekday, 3)
    }

    func testRelativeWords() {
        check([
            ("today", "2026-12-02"), ("Today", "2026-12-02"), ("TODAY", "2026-12-02"), ("tod", "2026-12-02"),
            ("tomorrow", "2026-12-03"), ("Tomorrow", "2026-12-03"), ("tom", "2026-12-03"), ("tmr", "2026-12-03"),
            ("tmrw", "2026-12-03"),
            ("yesterday", "2026-12-01"),
            ("今日", "2026-12-02"), ("きょう", "2026-12-02"), ("本日", "2026-12-02"),
            ("明日", "2026-12-03"), ("あした", "2026-12-03"), ("あす", "2026-12-03"),
            ("明後日", "2026-12-04"), ("あさって", "2026-12-04"),
            ("明々後日", "2026-12-05"), ("しあさって", "2026-12-05"),
            ("昨日", "2026-12-01"), ("きのう", "2026-12-01"),
            ("一昨日", "2026-11-30"), ("おととい", "2026-11-30"),
        ])
    }

    /// Decision: a weekday is its next occurrence, today included (`@wed` on a Wednesday is today).
    func testEnglishWeekdaysAreTheNextOccurrenceTodayIncluded() {
        check([
            ("wed", "2026-12-02"), ("thu", "2026-12-03"), ("fri", "2026-12-04"), ("sat", "2026-12-05"),
            ("sun", "2026-12-06"), ("mon", "2026-12-07"), ("tue", "2026-12-08"),
            ("wednesday", "2026-12-02"), ("thursday", "2026-12-03"), ("friday", "2026-12-04"),
            ("saturday", "2026-12-05"), ("sunday", "2026-12-06"), ("monday", "2026-12-07"), ("tuesday", "2026-12-08"),
            ("Fri", "2026-12-04"), ("FRIDAY", "2026-12-04"), ("tues", "2026-12-08"), ("weds", "2026-12-02"),
            ("thur", "2026-12-03"), ("thurs", "2026-12-03"),
        ])
        // Counting from a Saturday wraps into the next week.
        check([("fri", "2026-12-11"), ("sat", "2026-12-05"), ("sun", "2026-12-06")], today: day("2026-12-05"))
        // Across a year end.
        check([("fri", "2027-01-01"), ("thu", "2026-12-31")], today: day("2026-12-31"))
    }

    func testJapaneseWeekdays() {
        let expected = ["日": "2026-12-06", "月": "2026-12-07", "火": "2026-12-08", "水": "2026-12-02",
                        "木": "2026-12-03", "金": "2026-12-04", "土": "2026-12-05"]
        for (kanji, iso) in expected {
            check([(kanji, iso), (kanji + "曜", iso), (kanji + "曜日", iso)])
        }
        check([("金よう", nil), ("金曜日日", nil), ("曜日", nil), ("金金", nil)])
    }

    func testOffsets() {
        check([
            ("+0", "2026-12-02"), ("+1", "2026-12-03"), ("+3", "2026-12-05"), ("+30", "2027-01-01"),
            ("+3d", "2026-12-05"), ("+3D", "2026-12-05"), ("+2w", "2026-12-16"), ("+2W", "2026-12-16"),
            ("+1日", "2026-12-03"), ("+1週", "2026-12-09"), ("+2週間", "2026-12-16"),
            ("＋３", "2026-12-05"), ("＋２ｗ", "2026-12-16"),
            ("3d", "2026-12-05"), ("2w", "2026-12-16"), ("2W", "2026-12-16"),
            ("3日後", "2026-12-05"), ("１週間後", "2026-12-09"), ("2週後", "2026-12-16"),
        ])
        check([("3後", nil), ("後", nil), ("日後", nil), ("d", nil), ("w", nil), ("-3d", nil), ("3dd", nil)])
    }

    func testFullDates() {
        check([
            ("2026-12-24", "2026-12-24"), ("2025-01-01", "2025-01-01"), ("2026/12/24", "2026-12-24"),
            ("2027/1/5", "2027-01-05"), ("２０２６－１２－２４", "2026-12-24"), ("２０２６／１２／２４", "2026-12-24"),
            ("2026年12月24日", "2026-12-24"), ("2027年1月5日", "2027-01-05"), ("２０２７年１月５日", "2027-01-05"),
        ])
    }

    /// Month and day without a year: the next time it comes round, today included.
    func testMonthDayIsUpcoming() {
        check([
            ("12/24", "2026-12-24"), ("12/2", "2026-12-02"), ("12/02", "2026-12-02"), ("12/1", "2027-12-01"),
            ("1/5", "2027-01-05"), ("01/05", "2027-01-05"), ("11/30", "2027-11-30"), ("12/31", "2026-12-31"),
            ("１２／２４", "2026-12-24"),
            ("12月24日", "2026-12-24"), ("12月24", "2026-12-24"), ("1月5日", "2027-01-05"), ("１２月２４日", "2026-12-24"),
            ("2/29", "2028-02-29"), ("2月29日", "2028-02-29"),
        ])
        // On a leap day itself, and after it.
        check([("2/29", "2028-02-29"), ("3/1", "2028-03-01")], today: day("2028-02-29"))
        check([("2/29", "2032-02-29")], today: day("2028-03-01"))
        // 2100 is not a leap year: the next 29 February after 2096's is in 2104.
        check([("2/29", "2104-02-29")], today: day("2096-03-01"))
    }

    /// `25日`: the next such day of a month, today included, skipping months too short for it.
    func testDayOfMonth() {
        check([("2日", "2026-12-02"), ("25日", "2026-12-25"), ("1日", "2027-01-01"), ("31日", "2026-12-31"),
               ("０５日", "2026-12-05"), ("0日", nil), ("32日", nil)])
        check([("31日", "2026-12-31"), ("30日", "2026-11-30")], today: day("2026-11-05"))
        check([("30日", "2027-03-30"), ("29日", "2027-03-29"), ("28日", "2027-02-28")], today: day("2027-02-05"))
    }

    func testFullWidthFolding() {
        XCTAssertEqual(foldFullWidth("＠１２／２４ ＃ｆｏｏ ＋３ －"), "@12/24 #foo +3 -")
        XCTAssertEqual(foldFullWidth("牛乳\u{3000}ｘ２"), "牛乳\u{3000}x2", "the ideographic space stays")
        XCTAssertEqual(foldFullWidth("plain"), "plain")
        check([("ｆｒｉ", "2026-12-04"), ("ＴＯＭＯＲＲＯＷ", "2026-12-03")])
    }

    func testRefusals() {
        check([
            ("someday", nil), ("", nil), ("13/45", nil), ("2/30", nil), ("0/1", nil), ("12/0", nil), ("12/", nil),
            ("/24", nil), ("1/2/3/4", nil), ("+x", nil), ("+", nil), ("++3", nil), ("+-3", nil), ("-1", nil),
            ("+3x", nil), ("+ 3", nil), ("2026-02-30", nil), ("2026-13-01", nil), ("2026/02/30", nil),
            ("13月1日", nil), ("12月32日", nil), ("月日", nil), ("12月", nil), ("2026年2月30日", nil),
            ("next", nil), ("fr", nil), ("fridays", nil), ("99999999999999999999/1", nil),
            ("99999999999999999999-01-01", nil), ("+99999999999999999999", nil), ("+99999999999999999999w", nil),
            ("-1/5", nil), ("1/-5", nil), ("+1/5", nil),
        ])
    }
}
