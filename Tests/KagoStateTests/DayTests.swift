@testable import KagoState
import XCTest

final class DayTests: XCTestCase {
    // MARK: - Civil conversions

    func testEveryDayFrom1900To2100RoundTrips() {
        var previous: Day?
        var count = 0
        for year in 1900...2100 {
            for month in 1...12 {
                let length = Day.daysIn(month: month, year: year)
                XCTAssertNil(Day(year: year, month: month, day: length + 1), "\(year)-\(month)-\(length + 1)")
                for dayOfMonth in 1...length {
                    guard let d = Day(year: year, month: month, day: dayOfMonth) else {
                        XCTFail("\(year)-\(month)-\(dayOfMonth) should exist")
                        return
                    }
                    let c = d.components
                    if c.year != year || c.month != month || c.day != dayOfMonth {
                        XCTFail("\(year)-\(month)-\(dayOfMonth) came back as \(c)")
                        return
                    }
                    if let p = previous {
                        if d.ordinal != p.ordinal + 1 { XCTFail("gap after \(p)"); return }
                        if d.weekday != (p.weekday + 1) % 7 { XCTFail("weekday jumps at \(d)"); return }
                    }
                    if Day(iso: d.iso) != d { XCTFail("ISO round trip of \(d.iso)"); return }
                    previous = d
                    count += 1
                }
            }
        }
        // 201 years, 49 of them leap (1900 and 2100 are not).
        XCTAssertEqual(count, 201 * 365 + 49)
    }

    func testKnownOrdinalsAndWeekdays() {
        let table: [(String, Int, Int)] = [  // (date, days since 1970-01-01, weekday 0 = Sunday)
            ("1970-01-01", 0, 4),
            ("1969-12-31", -1, 3),
            ("1900-01-01", -25567, 1),
            ("2000-01-01", 10957, 6),
            ("2000-03-01", 11017, 3),
            ("2026-12-02", 20789, 3),
            ("2100-12-31", 47846, 5),
        ]
        for (iso, ordinal, weekday) in table {
            let d = day(iso)
            XCTAssertEqual(d.ordinal, ordinal, iso)
            XCTAssertEqual(d.weekday, weekday, iso)
            XCTAssertEqual(Day(ordinal: ordinal).iso, iso)
            XCTAssertEqual(d.description, iso)
        }
    }

    func testLeapYears() {
        for (year, leap) in [(2000, true), (1900, false), (2100, false), (2024, true), (2026, false), (2028, true), (1600, true)] {
            XCTAssertEqual(Day(year: year, month: 2, day: 29) != nil, leap, "\(year)")
            XCTAssertEqual(Day.daysIn(month: 2, year: year), leap ? 29 : 28, "\(year)")
        }
    }

    func testInvalidComponentsAreRefused() {
        for (y, m, d) in [(2026, 0, 1), (2026, 13, 1), (2026, 1, 0), (2026, 1, 32), (2026, 4, 31), (2026, 6, 31),
                          (2026, 9, 31), (2026, 11, 31), (0, 1, 1), (10000, 1, 1), (-1, 1, 1)] {
            XCTAssertNil(Day(year: y, month: m, day: d), "\(y)-\(m)-\(d)")
        }
    }

    func testArithmeticAndOrder() {
        XCTAssertEqual(day("2026-12-31").adding(days: 1), day("2027-01-01"))
        XCTAssertEqual(day("2028-03-01").adding(days: -1), day("2028-02-29"))
        XCTAssertEqual(day("2026-12-02").adding(days: -20789), Day(ordinal: 0))
        XCTAssertLessThan(day("2026-12-01"), day("2026-12-02"))
        XCTAssertEqual([day("2027-01-01"), day("1999-12-31"), day("2026-12-02")].sorted().map(\.iso),
                       ["1999-12-31", "2026-12-02", "2027-01-01"])
    }

    // MARK: - ISO parsing

    func testISOParseAcceptsDates() {
        XCTAssertEqual(Day(iso: "2026-12-24")?.components.day, 24)
        XCTAssertEqual(Day(iso: "0001-01-01")?.components.year, 1)
        XCTAssertEqual(Day(iso: "9999-12-31")?.iso, "9999-12-31")
        XCTAssertEqual(Day(iso: "2026-1-5"), day("2026-01-05"), "single-digit month and day are read")
        XCTAssertEqual(Day(iso: "2026-12-24"[...]), day("2026-12-24"), "substrings work too")
    }

    func testISOParseRejectsBadInput() {
        let bad = ["2026-02-30", "2026-13-01", "2026-00-10", "2026-01-00", "2026-1-1x", "", "-", "--", "2026",
                   "2026-12", "2026-12-", "-12-24", "26-12-24", "02026-12-24", "2026-123-01", "2026-12-024",
                   "2026-12-24-", "2026-12-24 ", " 2026-12-24", "2026/12/24", "2026-12-24T00:00:00Z",
                   "２０２６-12-24", "+2026-12-24", "2026-+1-01", "0000-01-01",
                   "99999999999999999999-01-01", "2026-99999999999999999999-01", "2026-01-99999999999999999999",
                   "2026-00000000000000000001-01"]
        for text in bad {
            XCTAssertNil(Day(iso: text), "\(text.debugDescription) should be refused")
        }
    }

    // MARK: - Timestamps

    func testTimestampFormatting() {
        let table: [(Timestamp, String)] = [
            (0, "1970-01-01T00:00:00Z"),
            (-1, "1969-12-31T23:59:59Z"),
            (-86400, "1969-12-31T00:00:00Z"),
            (-86401, "1969-12-30T23:59:59Z"),
            (1_796_206_830, "2026-12-02T10:20:30Z"),
            (1_796_212_800, "2026-12-02T12:00:00Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
        ]
        for (t, text) in table {
            XCTAssertEqual(t.iso8601, text)
            XCTAssertEqual(Timestamp(iso8601: text), t, text)
        }
    }

    func testTimestampRoundTripsOverAWideRange() {
        var t: Timestamp = -2_208_988_800  // 1900-01-01
        while t < 4_133_980_800 {          // 2101-01-01
            let text = t.iso8601
            if Timestamp(iso8601: text) != t { XCTFail("\(t) → \(text)"); return }
            t += 86_399 * 7 + 3_601
        }
    }

    func testTimestampParsingWithOffsetsAndFractions() {
        let t: Timestamp = 1_796_206_830  // 2026-12-02T10:20:30Z
        let table: [(String, Timestamp)] = [
            ("2026-12-02T10:20:30Z", t),
            ("2026-12-02T10:20:30z", t),
            ("2026-12-02t10:20:30Z", t),
            ("2026-12-02 10:20:30", t),
            ("2026-12-02T10:20:30", t),
            ("2026-12-02T10:20:30.5Z", t),
            ("2026-12-02T10:20:30.123456789Z", t),
            ("2026-12-02T10:20:30,25Z", t),
            ("2026-12-02T19:20:30+09:00", t),
            ("2026-12-02T19:20:30.999+09:00", t),
            ("2026-12-02T19:20:30+0900", t),
            ("2026-12-02T19:20:30+09", t),
            ("2026-12-02T05:20:30-05:00", t),
            ("2026-12-02T04:50:30-05:30", t),
            ("2026-12-03T00:20:30+14:00", t),
            ("2026-12-02T10:20:30+00:00", t),
            ("2026-12-02T10:20:30-00:00", t),
            ("2026-12-02", 1_796_169_600),
            ("1969-12-31T23:59:59Z", -1),
            ("1970-01-01T09:00:00+09:00", 0),
        ]
        for (text, expected) in table {
            XCTAssertEqual(Timestamp(iso8601: text), expected, text)
        }
    }

    func testTimestampParsingRejectsBadInput() {
        let bad = ["", "2026-12-02T", "2026-12-02T10:20Z", "2026-12-02T10:20:30X", "2026-12-02T10:20:30+09:00x",
                   "2026-12-02T24:00:00Z", "2026-12-02T10:60:00Z", "2026-12-02T10:20:61Z", "2026-12-02X10:20:30Z",
                   "2026-02-30T10:20:30Z", "2026-12-02T10-20-30Z", "2026-12-02T10:20:30.Z", "2026-12-02T10:20:30+9:00",
                   "2026-12-02T10:20:30+25:00", "2026-12-02T10:20:30+09:60", "2026-12-02T10:20:30 Z",
                   "2026-12-02T1a:20:30Z", "2026-12-02T10:20:30ZZ", "2026-12-02T10:20:30+", "日本-12-02T10:20:30Z",
                   "2026-12-02T10:20:30+09:00:00"]
        for text in bad {
            XCTAssertNil(Timestamp(iso8601: text), "\(text.debugDescription) should be refused")
        }
    }

    // MARK: - Local clock

    func testLocalClockDayAndTime() {
        let table: [(Timestamp, Int, String, Int, Int)] = [  // (t, offset, local day, hour, minute)
            (0, 0, "1970-01-01", 0, 0),
            (-1, 0, "1969-12-31", 23, 59),
            (-86400, 0, "1969-12-31", 0, 0),
            (-86401, 0, "1969-12-30", 23, 59),
            (0, -5 * 3600, "1969-12-31", 19, 0),
            (0, 9 * 3600, "1970-01-01", 9, 0),
            (-9 * 3600, 9 * 3600, "1970-01-01", 0, 0),
            (-9 * 3600 - 60, 9 * 3600, "1969-12-31", 23, 59),
            (1_796_137_200, 9 * 3600, "2026-12-02", 0, 0),       // 2026-12-01T15:00Z in Tokyo
            (1_796_137_199, 9 * 3600, "2026-12-01", 23, 59),
            (1_796_206_830, -(3 * 3600 + 30 * 60), "2026-12-02", 6, 50),  // Newfoundland
            (1_796_206_830, 5 * 3600 + 45 * 60, "2026-12-02", 16, 5),     // Nepal
            (-2_208_988_800, 0, "1900-01-01", 0, 0),
        ]
        for (t, offset, expectedDay, hour, minute) in table {
            let clock = LocalClock(today: wednesday, utcOffset: offset)
            XCTAssertEqual(clock.day(of: t).iso, expectedDay, "t=\(t) offset=\(offset)")
            let time = clock.time(of: t)
            XCTAssertEqual(time.hour, hour, "t=\(t) offset=\(offset)")
            XCTAssertEqual(time.minute, minute, "t=\(t) offset=\(offset)")
        }
    }

    func testExtremeTimestampsDoNotTrap() {
        for t in [Timestamp.min, Timestamp.min + 1, Timestamp.max, Timestamp.max - 1] {
            for offset in [0, 14 * 3600, -12 * 3600] {
                let clock = LocalClock(today: wednesday, utcOffset: offset)
                let d = clock.day(of: t)
                XCTAssertEqual(t < 0, d.ordinal < 0)
                let time = clock.time(of: t)
                XCTAssertTrue((0..<24).contains(time.hour) && (0..<60).contains(time.minute))
            }
            XCTAssertFalse(t.iso8601.isEmpty)
        }
        XCTAssertEqual(LocalClock(today: wednesday).day(of: Timestamp.min).ordinal, Int(Timestamp.min / 86400) - 1)
    }
}
