@testable import KagoSync
import KagoState
import XCTest

/// iCalendar DATE and DATE-TIME values to days and timestamps and back.
final class DateValueTests: XCTestCase {
    func testBasicAndUTCFormatting() {
        XCTAssertEqual(DateValue.basic(day(2026, 12, 4)), "20261204")
        XCTAssertEqual(DateValue.basic(day(987, 1, 2)), "09870102")
        XCTAssertEqual(DateValue.utc(0), "19700101T000000Z")
        XCTAssertEqual(DateValue.utc(-1), "19691231T235959Z")
        XCTAssertEqual(DateValue.utc(utcTime(day(2026, 12, 4), 10, 15, 7)), "20261204T101507Z")
    }

    func testTimestampOfDateTimeAndDate() {
        XCTAssertEqual(DateValue.timestamp("20261204T101500Z"), utcTime(day(2026, 12, 4), 10, 15))
        XCTAssertEqual(DateValue.timestamp("20261204T101500"), utcTime(day(2026, 12, 4), 10, 15), "floating read as UTC")
        XCTAssertEqual(DateValue.timestamp("20261204"), utcTime(day(2026, 12, 4)))
        XCTAssertEqual(DateValue.timestamp(" 19691231T235959Z "), -1)
    }

    func testTimestampRefusesWhatIsNotADate() {
        for bad in ["", "2026", "2026-12-04", "abcdefgh", "20261304", "20260230", "00000101"] {
            XCTAssertNil(DateValue.timestamp(bad), bad)
        }
    }

    func testUTCRoundTrips() {
        var t: Timestamp = -2_000_000_000
        while t < 4_000_000_000 {
            XCTAssertEqual(DateValue.timestamp(DateValue.utc(t)), t, "\(t)")
            t += 86_399 * 37 + 13
        }
    }

    func testDayOfDateUTCFloatingAndZoned() {
        XCTAssertEqual(DateValue.day("20261204", parameters: ["VALUE": "DATE"], localOffset: tokyoOffset), day(2026, 12, 4))
        XCTAssertEqual(DateValue.day("20261204T200000Z", parameters: [:], localOffset: tokyoOffset), day(2026, 12, 5))
        XCTAssertEqual(DateValue.day("20261204T200000Z", parameters: [:], localOffset: utcOffset), day(2026, 12, 4))
        XCTAssertEqual(DateValue.day("20261204T200000", parameters: [:], localOffset: tokyoOffset), day(2026, 12, 4))
        XCTAssertEqual(DateValue.day("20261204T233000", parameters: ["TZID": "Europe/Berlin"], localOffset: tokyoOffset),
                       day(2026, 12, 4))
        XCTAssertEqual(DateValue.day("19700101T010000Z", parameters: [:], localOffset: { _ in -2 * 3600 }), day(1969, 12, 31))
    }

    func testDayRefusesWhatIsNotADate() {
        for bad in ["", "tomorrow", "2026-12-04", "20261232", "2026120"] {
            XCTAssertNil(DateValue.day(bad, parameters: [:], localOffset: utcOffset), bad)
        }
    }

    func testFloorDivision() {
        XCTAssertEqual(Timestamp(-1).floorDiv(86_400), -1)
        XCTAssertEqual(Timestamp(-86_400).floorDiv(86_400), -1)
        XCTAssertEqual(Timestamp(-86_401).floorDiv(86_400), -2)
        XCTAssertEqual(Timestamp(86_399).floorDiv(86_400), 0)
    }
}
