import KagoState
@testable import KagoView
import XCTest

/// Line wrapping for the tutorial and the empty-state messages, in English and Japanese.
final class TextWrapTests: XCTestCase {
    func testWrapEnglishAtSpaces() {
        let text = "Add what you need to your shopping list. Press a."
        XCTAssertEqual(TextWrap.lines(text, width: 36), ["Add what you need to your shopping", "list. Press a."])
        XCTAssertEqual(TextWrap.lines(text, width: 60), [text])
        XCTAssertEqual(TextWrap.lines(text, width: text.count), [text])
        for width in 8...60 {  // the longest word, "shopping", is 8 cells
            let lines = TextWrap.lines(text, width: width)
            XCTAssertEqual(lines.joined(separator: " "), text, "width \(width): no word lost or split")
            for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), width, "width \(width): \(line)") }
        }
    }

    func testWrapCutsAWordLongerThanTheLine() {
        let lines = TextWrap.lines("Supercalifragilistic", width: 8)
        XCTAssertEqual(lines, ["Supercal", "ifragili", "stic"])
    }

    func testWrapJapaneseBetweenCharacters() {
        let text = "買い物リストにアイテムを追加できます。"  // 38 cells
        XCTAssertEqual(TextWrap.lines(text, width: 40), [text])
        XCTAssertEqual(TextWrap.lines(text, width: 20), ["買い物リストにアイテ", "ムを追加できます。"])
        for width in 2...40 {
            let lines = TextWrap.lines(text, width: width)
            XCTAssertEqual(lines.joined(), text, "width \(width)")
            for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), width, "width \(width): \(line)") }
        }
    }

    func testWrapMixedScriptsAndEmoji() {
        let lines = TextWrap.lines("🛒 牛乳 x2 と卵を買う", width: 10)
        for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), 10, line) }
        XCTAssertEqual(lines.joined().filter { $0 != " " }, "🛒牛乳x2と卵を買う", "only spaces at breaks disappear")
    }

    /// Japanese line breaking (kinsoku): a line never starts with closing punctuation or ー.
    func testWrapKeepsClosingPunctuationOffTheLineStart() {
        XCTAssertEqual(TextWrap.lines("買い物リストにアイテムを追加できます。", width: 36),
                       ["買い物リストにアイテムを追加できま", "す。"])
        // Every text kago wraps: the tutorial lines and the empty-state messages.
        let keys: [StringKey] = [.intro1Line, .intro2Line, .intro3Line, .emptyToBuy, .emptyPurchased, .emptyCategories,
                                 .noMatches]
        for text in keys.map({ Strings(.ja)[$0] }) {
            for width in 4...40 {
                let lines = TextWrap.lines(text, width: width)
                for line in lines.dropFirst() {
                    XCTAssertFalse(line.first.map { "。、」）)ー・！？".contains($0) } ?? false, "width \(width): \(lines)")
                }
                for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), width, "width \(width): \(lines)") }
                XCTAssertEqual(lines.joined().filter { $0 != " " }, text.filter { $0 != " " }, "width \(width)")
            }
        }
    }

    func testWrapOfNothingAndOfTinyWidths() {
        XCTAssertEqual(TextWrap.lines("", width: 10), [])
        XCTAssertEqual(TextWrap.lines("牛乳", width: 1), ["牛", "乳"], "a character wider than the line gets a line of its own")
        XCTAssertEqual(TextWrap.lines("ab", width: 0), ["a", "b"])
    }

    /// Two no-line-start characters in a row (」、 or ー・) need the break moved back further.
    func testWrapWithConsecutiveClosingPunctuation() {
        expectKnownBug("TextWrap.lines moves back only one character, so 」、 or ー・ can still start a line") {
            var found: [String] = []
            for text in ["「牛乳」、「卵」、「パン」を買う。", "コーヒー・トイレットペーパー"] {
                for width in 4...30 {
                    let lines = TextWrap.lines(text, width: width)
                    if lines.dropFirst().contains(where: { $0.first.map { "。、」ー・".contains($0) } ?? false }) {
                        found.append("width \(width): \(lines)")
                    }
                }
            }
            return found
        }
    }
}
