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

    static let noLineStart = "。、」）)ー・！？ぁぃぅぇぉっゃゅょァィゥェォッャュョ"

    /// Every text kago wraps: the tutorial lines and the empty-state messages, in Japanese.
    static let wrappedTexts: [String] = [StringKey.intro1Line, .intro2Line, .intro3Line, .emptyToBuy, .emptyPurchased,
                                         .emptyCategories, .noMatches].map { Strings(.ja)[$0] }

    /// What is wrong with a wrapping: a line starting with a character that must not start one,
    /// a line too wide, or text lost.
    static func problems(_ text: String, width: Int) -> [String] {
        let lines = TextWrap.lines(text, width: width)
        var out: [String] = []
        if lines.dropFirst().contains(where: { $0.first.map { noLineStart.contains($0) } ?? false }) {
            out.append("width \(width): a line starts with a closing mark or small kana: \(lines)")
        }
        if lines.contains(where: { DisplayWidth.of($0) > width }) { out.append("width \(width): too wide: \(lines)") }
        if lines.joined().filter({ $0 != " " }) != text.filter({ $0 != " " }) { out.append("width \(width): text lost: \(lines)") }
        return out
    }

    /// Japanese line breaking (kinsoku): a line never starts with closing punctuation, ー or a
    /// small kana, at the widths the tutorial and empty states use on a 30- to 80-column terminal.
    func testWrapKeepsClosingPunctuationOffTheLineStart() {
        XCTAssertEqual(TextWrap.lines("買い物リストにアイテムを追加できます。", width: 36),
                       ["買い物リストにアイテムを追加できま", "す。"])
        XCTAssertEqual(TextWrap.lines("予定に合わせて整理整頓しましょう。", width: 28),
                       ["予定に合わせて整理整頓しま", "しょう。"])
        for text in Self.wrappedTexts {
            for width in 28...78 {
                for p in Self.problems(text, width: width) { XCTFail(p) }
            }
        }
    }

    func testWrapOfNothingAndOfTinyWidths() {
        XCTAssertEqual(TextWrap.lines("", width: 10), [])
        XCTAssertEqual(TextWrap.lines("牛乳", width: 1), ["牛", "乳"], "a character wider than the line gets a line of its own")
        XCTAssertEqual(TextWrap.lines("ab", width: 0), ["a", "b"])
    }

    /// Two no-line-start characters in a row (」、 ェッ ー・) move the break back past both.
    /// From 8 cells up, since `「卵」、` cannot be broken at all and takes 8.
    func testWrapWithConsecutiveClosingPunctuation() {
        for text in ["「牛乳」、「卵」、「パン」を買う。", "コーヒー・トイレットペーパー"] + Self.wrappedTexts {
            for width in 8...40 {
                for p in Self.problems(text, width: width) { XCTFail(p) }
            }
        }
    }

    /// A Latin word inside Japanese text moves to the next line whole: at 28 cells (a 30-column
    /// terminal) `購入済みはまだありません。Space でチェック` once became `…ません。Sp` / `ace でチェック`.
    func testWrapDoesNotSplitALatinWordThatFitsOnTheNextLine() {
        for text in Self.wrappedTexts {
            let words = text.split(whereSeparator: { !$0.isASCII || $0 == " " }).map(String.init).filter { $0.count > 1 }
            for width in 10...40 {
                let lines = TextWrap.lines(text, width: width)
                for word in words where !lines.contains(where: { $0.contains(word) }) {
                    XCTFail("width \(width): \(word) split: \(lines)")
                }
            }
        }
    }

    func testOpeningBracketsStayWithWhatTheyOpen() {
        XCTAssertEqual(TextWrap.lines("牛乳と「卵」", width: 8), ["牛乳と", "「卵」"])
        XCTAssertEqual(TextWrap.lines("Press Space now", width: 8), ["Press", "Space", "now"])
    }

    /// A line breaks after 。 or 、 rather than mid-phrase when that keeps it at least half full.
    func testBreaksAfterAJapaneseStopWhenThatFillsHalfTheLine() {
        XCTAssertEqual(TextWrap.lines("まだ何もありません。a で最初のアイテムを追加", width: 38),
                       ["まだ何もありません。", "a で最初のアイテムを追加"])
        XCTAssertEqual(TextWrap.lines("はい。まだ何もありません", width: 16), ["はい。まだ何もあ", "りません"],
                       "a stop too early on the line is not worth a short line")
    }
}
