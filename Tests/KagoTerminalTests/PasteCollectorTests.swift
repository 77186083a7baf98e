import CNCurses
import KagoTerminal
import XCTest

/// Bracketed paste (issue 10.1): what arrives between the markers is text, never keys.
final class PasteCollectorTests: XCTestCase {
    func collect(_ text: String, end: Bool = true) -> (text: String, ended: Bool) {
        var paste = PasteCollector()
        for u in text.unicodeScalars where paste.add(u.value, isKeyCode: false) { return (paste.text, true) }
        let ended = end && paste.add(UInt32(kago_key_paste_end), isKeyCode: true)
        return (paste.text, ended)
    }

    func testLinesAndTextUpToTheEndMarker() {
        let got = collect("eggs\rddddd\rmore")
        XCTAssertTrue(got.ended)
        XCTAssertEqual(got.text, "eggs\nddddd\nmore", "Enter inside a paste is a line break, not a key")
    }

    func testControlsAreDroppedTabsKeptJapaneseAndEmojiWhole() {
        XCTAssertEqual(collect("牛乳\t🛒\u{1b}[2J\u{7}x\u{9b}").text, "牛乳\t🛒[2Jx", "no control reaches the line")
    }

    func testAPasteKeepsAtMostTheLimit() {
        var paste = PasteCollector()
        for _ in 0..<(PasteCollector.limit + 10) { _ = paste.add(0x61, isKeyCode: false) }
        XCTAssertEqual(paste.text.utf8.count, PasteCollector.limit)
    }

    func testOtherKeyCodesInsideAPasteAreNotKeys() {
        var paste = PasteCollector()
        XCTAssertFalse(paste.add(UInt32(kago_key_dc), isKeyCode: true))
        XCTAssertFalse(paste.add(UInt32(kago_key_enter), isKeyCode: true))
        XCTAssertEqual(paste.text, "\n")
    }
}
