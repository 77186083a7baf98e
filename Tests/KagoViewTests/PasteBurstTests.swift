import KagoView
import XCTest

/// Terminals without bracketed paste (issue 10.1): a burst with line breaks is a paste.
final class PasteBurstTests: XCTestCase {
    func keys(_ s: String) -> [Key] { s.map { $0 == "\r" ? .enter : .char($0) } }

    func testABurstWithLineBreaksIsAPasteUpToTheLastBreak() {
        let burst = keys("eggs\rddddd\rmore")
        let paste = PasteBurst.paste(in: burst[...])
        XCTAssertEqual(paste?.text, "eggs\nddddd\n")
        XCTAssertEqual(paste?.count, 11, "`more` is left to be typed into the line, which stays open")
    }

    func testTypingAndEnterIsNotAPaste() {
        XCTAssertNil(PasteBurst.paste(in: keys("milk\r")[...]), "one line then Enter submits as typed")
        XCTAssertNil(PasteBurst.paste(in: keys("milk")[...]))
        XCTAssertNil(PasteBurst.paste(in: ([.char("a"), .enter, .down] as [Key])[...]), "a key after Enter is not text")
    }

    func testTwoCompleteLinesArePasted() {
        XCTAssertEqual(PasteBurst.paste(in: keys("a\rb\r")[...])?.text, "a\nb\n")
    }
}
