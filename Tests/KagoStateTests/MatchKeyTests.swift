import KagoState
import XCTest

/// `matchKey`'s shortcut (a name that is its own key comes back as it is) must give what the
/// long way gives.
final class MatchKeyTests: XCTestCase {
    func testTheShortcutAgreesWithLowerCasingEveryScalarItTakes() {
        var checked = 0
        for v in UInt32(0)...0x1FAFF {
            guard let u = Unicode.Scalar(v) else { continue }
            let s = String(u)
            guard s.matchKey == s else { continue }
            // Returned as it is: lower-casing (the long way) must not change it either.
            XCTAssertEqual(s.lowercased(), s, "U+\(String(v, radix: 16))")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 50_000)
    }

    func testKeys() {
        XCTAssertEqual("ＭＩＬＫ ２本".matchKey, "milk 2本")
        XCTAssertEqual("Äpfel".matchKey, "äpfel")
        XCTAssertEqual("Coffee BEANS 500g".matchKey, "coffee beans 500g")
        XCTAssertEqual("トイレットペーパー 🧻".matchKey, "トイレットペーパー 🧻")
        XCTAssertEqual("Ω".matchKey, "ω")
    }
}
