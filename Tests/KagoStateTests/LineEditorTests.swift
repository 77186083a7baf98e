@testable import KagoState
import XCTest

final class LineEditorTests: XCTestCase {
    func assertLine(_ e: LineEditor, _ text: String, cursor: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(e.text, text, file: file, line: line)
        XCTAssertEqual(e.cursor, cursor, file: file, line: line)
        XCTAssertEqual(e.chars.count, Array(e.text).count, "characters stay whole graphemes", file: file, line: line)
    }

    func testInitPutsTheCursorAtTheEnd() {
        assertLine(LineEditor(), "", cursor: 0)
        assertLine(LineEditor("牛乳🥛"), "牛乳🥛", cursor: 3)
    }

    func testInsertAndMoveByCharacters() {
        var e = LineEditor()
        e.insert("牛乳")
        assertLine(e, "牛乳", cursor: 2)
        e.left()
        e.insert("🍓")
        assertLine(e, "牛🍓乳", cursor: 2)
        e.home()
        e.insert("a")
        assertLine(e, "a牛🍓乳", cursor: 1)
        e.end()
        e.insert("👨‍👩‍👧")
        assertLine(e, "a牛🍓乳👨‍👩‍👧", cursor: 5)
        e.left()
        e.left()
        assertLine(e, "a牛🍓乳👨‍👩‍👧", cursor: 3)
        e.right()
        e.right()
        e.right()
        assertLine(e, "a牛🍓乳👨‍👩‍👧", cursor: 5, line: #line)
        e.home()
        e.left()
        assertLine(e, "a牛🍓乳👨‍👩‍👧", cursor: 0)
    }

    func testBackspaceAndDelete() {
        var e = LineEditor("a🇯🇵牛乳")
        e.backspace()
        assertLine(e, "a🇯🇵牛", cursor: 3)
        e.left()
        e.backspace()
        assertLine(e, "a牛", cursor: 1, line: #line)
        e.deleteForward()
        assertLine(e, "a", cursor: 1)
        e.deleteForward()
        assertLine(e, "a", cursor: 1)
        e.home()
        e.backspace()
        assertLine(e, "a", cursor: 0)
        e.deleteForward()
        assertLine(e, "", cursor: 0)
        e.backspace()
        e.deleteForward()
        assertLine(e, "", cursor: 0)
    }

    func testKills() {
        var e = LineEditor("牛乳 x2 #乳製品")
        e.left()
        e.left()
        e.left()
        e.killToEnd()
        assertLine(e, "牛乳 x2 #", cursor: 7)
        e.left()
        e.left()
        e.killToStart()
        assertLine(e, " #", cursor: 0)
        e.killToStart()
        assertLine(e, " #", cursor: 0)
        e.end()
        e.killToEnd()
        assertLine(e, " #", cursor: 2)
    }

    func testKillWord() {
        var e = LineEditor("buy 牛乳  ")
        e.killWord()
        assertLine(e, "buy ", cursor: 4)
        e.killWord()
        assertLine(e, "", cursor: 0)
        e.killWord()
        assertLine(e, "", cursor: 0)

        var j = LineEditor("牛乳\u{3000}パン\u{3000}卵")
        j.left()
        j.left()
        j.killWord()
        assertLine(j, "牛乳\u{3000}\u{3000}卵", cursor: 3)

        var m = LineEditor("milk x2 #dairy")
        m.left()
        m.left()
        m.killWord()
        assertLine(m, "milk x2 ry", cursor: 8)
    }

    func testCombiningMarkMergesWithThePreviousLetter() {
        var e = LineEditor("cafe")
        e.insert("\u{301}")
        assertLine(e, "cafe\u{301}", cursor: 4)
        XCTAssertEqual(e.chars.last, "e\u{301}")
        e.backspace()
        assertLine(e, "caf", cursor: 3)

        // In the middle of the line.
        var m = LineEditor("naive")
        m.left()
        m.left()
        m.insert("\u{308}")
        assertLine(m, "nai\u{308}ve", cursor: 3)
        m.insert("x")
        assertLine(m, "nai\u{308}xve", cursor: 4)

        // Dakuten typed separately (か + ゙ = が) and a flag built from two regional indicators.
        var k = LineEditor("か")
        k.insert("\u{3099}")
        assertLine(k, "か\u{3099}", cursor: 1)
        var f = LineEditor()
        f.insert("🇯")
        f.insert("🇵")
        assertLine(f, "🇯🇵", cursor: 1)
        f.insert("!")
        assertLine(f, "🇯🇵!", cursor: 2)
    }

    func testControlCharactersAreNotInserted() {
        var e = LineEditor("a")
        e.insert("\u{1B}[31mred\u{7}")
        assertLine(e, "a[31mred", cursor: 8)
        e.insert("\u{9B}2J\u{7F}\u{0}")
        assertLine(e, "a[31mred2J", cursor: 10)
        e.insert("\u{202E}evil")
        assertLine(e, "a[31mred2Jevil", cursor: 14)
        e.insert("\u{1B}")
        assertLine(e, "a[31mred2Jevil", cursor: 14)
    }

    func testPastedLineBreaksAndTabsBecomeSpaces() {
        var e = LineEditor()
        e.insert("milk\nbread\r\neggs\tx2")
        assertLine(e, "milk bread eggs x2", cursor: 18)
    }

    func testReplace() {
        var e = LineEditor("mi #da")
        e.replace(3..<6, with: "#dairy")
        assertLine(e, "mi #dairy", cursor: 9)
        e.replace(0..<2, with: "牛乳")
        assertLine(e, "牛乳 #dairy", cursor: 2)
    }
}
