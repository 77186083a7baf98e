import KagoState
import XCTest

/// SUMMARY text to name and quantity and back (SPEC §9).
final class SummaryTests: XCTestCase {
    private func assertRead(_ line: String, _ name: String, _ quantity: String?, file: StaticString = #filePath, line l: UInt = #line) {
        let r = Summary.read(line)
        XCTAssertEqual(r.name, name, line, file: file, line: l)
        XCTAssertEqual(r.quantity, quantity, line, file: file, line: l)
    }

    func testQuantityAtTheEnd() {
        assertRead("Milk x2", "Milk", "2")
        assertRead("Milk X2", "Milk", "2")
        assertRead("牛乳 ×2", "牛乳", "2")
        assertRead("Oat milk 1.5L", "Oat milk", "1.5L")
        assertRead("牛乳　×２", "牛乳", "2")
    }

    func testQuantityAtTheStart() {
        assertRead("2本 ビール", "ビール", "2本")
        assertRead("500g flour", "flour", "500g")
        assertRead("2x eggs", "eggs", "2")
    }

    func testQuantityWrittenStraightAfterTheName() {
        assertRead("牛乳×2", "牛乳", "2")
    }

    func testNoQuantity() {
        assertRead("Milk", "Milk", nil)
        assertRead("  Milk  ", "Milk", nil)
        assertRead("Route 66", "Route 66", nil)
        assertRead("calendar 2027", "calendar 2027", nil)
        assertRead("", "", nil)
    }

    func testALineThatIsOnlyAQuantityStaysAName() {
        assertRead("42", "42", nil)
        assertRead("x2", "x2", nil)
        assertRead("500g", "500g", nil)
        assertRead("2本", "2本", nil)
    }

    func testTextAsKagoShowsIt() {
        XCTAssertEqual(Summary.text(name: "牛乳", quantity: "2"), "牛乳 ×2")
        XCTAssertEqual(Summary.text(name: "flour", quantity: "500g"), "flour 500g")
        XCTAssertEqual(Summary.text(name: "Milk", quantity: nil), "Milk")
        XCTAssertEqual(Summary.text(name: "Milk", quantity: ""), "Milk")
    }

    func testTextReadsBack() {
        for (name, quantity) in [("牛乳", "2"), ("Milk", "12"), ("flour", "500g"), ("ビール", "2本"), ("Oat milk", "1.5L")] {
            let r = Summary.read(Summary.text(name: name, quantity: quantity))
            XCTAssertEqual(r.name, name)
            XCTAssertEqual(r.quantity, quantity)
        }
        XCTAssertEqual(Summary.read(Summary.text(name: "Route 66", quantity: nil)).name, "Route 66")
    }
}
