import Glibc
import KagoApp
import KagoState
import XCTest

/// The clock the store records purchase days with: the offset in force at each moment.
final class SystemClockTests: XCTestCase {
    /// Berlin's rules as a POSIX TZ string (no zoneinfo files needed): summer time from the last
    /// Sunday of March, 01:00 UTC.
    func testLocalDaysFollowDaylightSavingTime() {
        let saved = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", "CET-1CEST,M3.5.0,M10.5.0/3", 1)
        tzset()
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        func at(_ iso: String) -> String { SystemClock.localDay(Timestamp(iso8601: iso)!).iso }
        XCTAssertEqual(at("2026-03-20T23:30:00Z"), "2026-03-21", "00:30 winter time")
        XCTAssertEqual(at("2026-04-03T22:30:00Z"), "2026-04-04", "00:30 summer time")
        XCTAssertEqual(at("2026-04-03T21:30:00Z"), "2026-04-03")
    }
}
