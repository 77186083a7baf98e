@testable import KagoFormats
import KagoState
import XCTest

final class BytesTests: XCTestCase {
    func testDatesAndTimesAreWrittenAsDayAndTimestampWriteThem() {
        var times: [Timestamp] = [0, 1, 59, 86_399, 86_400, 951_782_400, 1_800_000_000, 253_402_300_799, -1, -86_400, -86_401]
        var state: UInt64 = 1
        for _ in 0..<2000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            times.append(Timestamp(state >> 31) % 253_402_300_799)
        }
        for t in times {
            var out: [UInt8] = []
            out.append(iso8601: t)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), t.iso8601, "\(t)")
            let day = Day(ordinal: Int(t / 86400))
            out.removeAll()
            out.append(iso: day)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), day.iso, "\(day.ordinal)")
        }
    }

    func testDecimals() {
        for n: Int64 in [0, 7, 10, 123_456, -42, .max, .min] {
            var out: [UInt8] = []
            out.append(decimal: n)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), String(n))
        }
    }
}
