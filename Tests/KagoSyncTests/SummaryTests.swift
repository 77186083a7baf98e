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

    /// Checks the contract sync relies on: what kago writes for a line's name and quantity reads back as them.
    private func assertWrittenReadsBack(_ line: String, file: StaticString = #filePath, line l: UInt = #line) {
        let r = Summary.read(line)
        let written = Summary.text(name: r.name, quantity: r.quantity)
        let back = Summary.read(written)
        XCTAssertEqual(back.name, r.name, "\(line.debugDescription) -> \(written.debugDescription)", file: file, line: l)
        XCTAssertEqual(back.quantity, r.quantity, "\(line.debugDescription) -> \(written.debugDescription)", file: file, line: l)
    }

    // Found by scripts/fuzz summary: `Milk x1.5` read as 1.5, written `Milk 1.5`, read back as a name.
    func testACountWithADecimalIsWrittenSoItReadsBack() {
        XCTAssertEqual(Summary.text(name: "Milk", quantity: "1.5"), "Milk ×1.5")
        XCTAssertEqual(Summary.text(name: "Milk", quantity: "1,5"), "Milk ×1,5")
        for line in ["Milk x1.5", "Milk x1,5", "牛乳×1.5", "1.5x flour", "\rX1,5 0$\u{FFFD}xpp+\u{FFFD}* "] {
            assertWrittenReadsBack(line)
        }
    }

    // Found by scripts/fuzz summary: `x"s~+"` read as the quantity `s~+`, written bare, read back as part of the name.
    func testAQuotedQuantityIsWrittenQuoted() {
        assertRead("bags x\"a~few\"", "bags", "a~few")
        XCTAssertEqual(Summary.text(name: "bags", quantity: "a~few"), "bags ×\"a~few\"")
        for line in ["\u{19D}a x\"s~+\"", "bags x\"a~few\"", "x\u{3000}x\"\u{1B}X0\"", "x\"\u{8}\"\u{FFFD}\"\t\"", "x\"\"\"\" a"] {
            assertWrittenReadsBack(line)
        }
    }

    // Found by scripts/fuzz summary: only spaces and tabs part words, so a line break beside the
    // quantity started the name, and the line kago wrote for it read back without it.
    func testANameKeepsNoWhiteSpaceAtItsEnds() {
        assertRead("x2 \nMilk", "Milk", "2")
        assertRead("Milk\u{B} x2", "Milk", "2")
        assertRead("Milk\u{C}×2", "Milk", "2")
        assertRead("X\u{FF12} \n\u{FFFD}1", "\u{FFFD}1", "2")
        for line in ["x2 \nMilk", "Milk \r\n x2", "66個\u{3000}\n\u{FFFD}\t\u{11}&", "2kg\t\u{C}\u{C}\u{FFFD}\u{C}x"] {
            assertWrittenReadsBack(line)
        }
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
