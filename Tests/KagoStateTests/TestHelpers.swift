@testable import KagoState
import XCTest

/// A day from `YYYY-MM-DD`; fails the test (and returns the epoch) when the text is not a date.
func day(_ iso: String, file: StaticString = #filePath, line: UInt = #line) -> Day {
    guard let d = Day(iso: iso) else {
        XCTFail("not a date: \(iso)", file: file, line: line)
        return Day(ordinal: 0)
    }
    return d
}

/// Wednesday 2 December 2026, the fixed "today" of the date tests.
let wednesday = Day(year: 2026, month: 12, day: 2)!
