import KagoState
import XCTest

/// `contains(text:)` stands in for `contains(_:)` of _StringProcessing (its `firstRange(of:)`),
/// which kago does not link; the tests do, so the two are compared here. (Foundation, which
/// XCTest brings in, has a `contains` of its own with other answers, so it is not used.)
final class TextSearchTests: XCTestCase {
    func testAgreesWithTheRegexLibrarysContains() {
        let texts = ["", "milk", "oat milk", "牛乳", "ミルク 2本", "🍎 apples", "café", "cafe\u{301}", "e\u{301}", "a\r\nb",
                     "ｍｉｌｋ", "👨‍👩‍👧 family", "aaab", "abab", "ababab", "x"]
        let needles = ["", "m", "milk", "lk", "乳", "ミル", "🍎", "é", "e\u{301}", "e", "caf", "cafe", "\r", "\n", "\r\n",
                       "👨", "👨‍👩‍👧", "aab", "abab", "bab", "xy", "milkshake"]
        for text in texts {
            for needle in needles {
                XCTAssertEqual(text.contains(text: needle), text.firstRange(of: needle) != nil, "'\(text)' contains '\(needle)'")
            }
        }
    }
}
