import KagoTestSupport
import KagoState
@testable import KagoView
import XCTest

final class ScreenBufferTests: XCTestCase {
    /// A one-row buffer with `text` written at x = 0.
    func row(_ width: Int, _ text: String = "") -> ScreenBuffer {
        var b = ScreenBuffer(width: width, height: 1)
        b.write(text, x: 0, y: 0)
        return b
    }

    /// The texts of a row's cells ("" for the right half of a wide character).
    func cells(_ b: ScreenBuffer, y: Int = 0) -> [String] { (0..<b.width).map { b[$0, y].text } }

    // MARK: - Clipping and truncation

    func testPlainWrite() {
        var b = ScreenBuffer(width: 10, height: 2)
        XCTAssertEqual(b.write("milk", x: 1, y: 1), 4)
        XCTAssertEqual(b.lines, ["", " milk"])
    }

    /// ratatui's `set_stringn` example: "コンピ" in 5 columns. kago's rule: the text is cut at a
    /// character boundary so that `…` still fits, and a wide character is never split.
    func testWideTextCutBeforeAnEllipsisNeverSplitsACharacter() {
        var b = row(6)
        XCTAssertEqual(b.write("コンピ", x: 0, y: 0, maxWidth: 5), 5)
        XCTAssertEqual(cells(b), ["コ", "", "ン", "", "…", " "])
        XCTAssertEqual(b.lines, ["コン…"])

        b = row(6)
        XCTAssertEqual(b.write("コンピ", x: 0, y: 0, maxWidth: 4), 3, "ン would leave no room for …")
        XCTAssertEqual(cells(b), ["コ", "", "…", " ", " ", " "])

        b = row(6)
        XCTAssertEqual(b.write("コンピ", x: 0, y: 0, maxWidth: 6), 6, "exact fit: no ellipsis")
        XCTAssertEqual(b.lines, ["コンピ"])
    }

    func testTinyWidths() {
        var b = row(4)
        XCTAssertEqual(b.write("コ", x: 0, y: 0, maxWidth: 0), 0)
        XCTAssertEqual(b.lines, [""])
        XCTAssertEqual(b.write("コ", x: 0, y: 0, maxWidth: -3), 0)
        XCTAssertEqual(b.lines, [""])

        b = row(4)
        XCTAssertEqual(b.write("コ", x: 0, y: 0, maxWidth: 1), 1)
        XCTAssertEqual(cells(b), ["…", " ", " ", " "])

        b = row(4)
        XCTAssertEqual(b.write("コ", x: 0, y: 0, maxWidth: 2), 2)
        XCTAssertEqual(cells(b), ["コ", "", " ", " "])

        b = row(4)
        XCTAssertEqual(b.write("コン", x: 0, y: 0, maxWidth: 2), 1, "コ fits, but then … would not")
        XCTAssertEqual(cells(b), ["…", " ", " ", " "])

        b = row(4)
        XCTAssertEqual(b.write("a", x: 0, y: 0, maxWidth: 1), 1)
        XCTAssertEqual(b.lines, ["a"])
        XCTAssertEqual(b.write("ab", x: 0, y: 0, maxWidth: 1), 1)
        XCTAssertEqual(b.lines, ["…"])
    }

    func testRightEdgeClipsLikeMaxWidth() {
        var b = row(5)
        XCTAssertEqual(b.write("abコンピ", x: 0, y: 0), 5)
        XCTAssertEqual(b.lines, ["abコ…"])

        b = row(5)
        XCTAssertEqual(b.write("abcコ", x: 0, y: 0), 5, "a wide character in the last two cells fits")
        XCTAssertEqual(cells(b), ["a", "b", "c", "コ", ""])

        b = row(5)
        XCTAssertEqual(b.write("abcdコ", x: 0, y: 0), 5)
        XCTAssertEqual(cells(b), ["a", "b", "c", "d", "…"], "never half a character in the last cell")

        b = row(5)
        XCTAssertEqual(b.write("コンピ", x: 2, y: 0), 3)
        XCTAssertEqual(cells(b), [" ", " ", "コ", "", "…"])

        b = row(5)
        XCTAssertEqual(b.write("コ", x: 4, y: 0), 1)
        XCTAssertEqual(cells(b), [" ", " ", " ", " ", "…"])
    }

    func testOutOfBoundsWritesNothing() {
        var b = ScreenBuffer(width: 4, height: 2)
        XCTAssertEqual(b.write("a", x: 4, y: 0), 0)
        XCTAssertEqual(b.write("a", x: 0, y: 2), 0)
        XCTAssertEqual(b.write("a", x: 0, y: -1), 0)
        XCTAssertEqual(b.write("a", x: 99, y: 99), 0)
        XCTAssertEqual(b.lines, ["", ""])
        var empty = ScreenBuffer(width: 0, height: 0)
        XCTAssertEqual(empty.write("a", x: 0, y: 0), 0)
        XCTAssertEqual(empty.lines, [])
        XCTAssertEqual(ScreenBuffer(width: -3, height: -1).cells.count, 0)
    }

    func testNegativeXShowsTheVisiblePart() {
        var b = row(4)
        b.write("abcdef", x: -2, y: 0)
        XCTAssertEqual(b.lines, ["cdef"])

        b = row(4)
        b.write("abcdefgh", x: -2, y: 0)
        XCTAssertEqual(b.lines, ["cde…"])

        // A wide character cut by the left edge leaves a blank, not the old cell's text.
        b = row(4, "abcd")
        b.write("コン", x: -1, y: 0)
        XCTAssertEqual(cells(b), [" ", "ン", "", "d"])

        b = row(4, "コン")
        b.write("ピ", x: -1, y: 0)
        XCTAssertEqual(cells(b), [" ", " ", "ン", ""], "no orphan continuation at x = 0")
    }

    // MARK: - Overwriting wide characters

    func testOverwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var b = row(6, "コンピ")
        b.write("x", x: 1, y: 0)
        XCTAssertEqual(cells(b), [" ", "x", "ン", "", "ピ", ""])

        b = row(6, "コンピ")
        b.write("x", x: 2, y: 0)
        XCTAssertEqual(cells(b), ["コ", "", "x", " ", "ピ", ""])

        b = row(6, "コンピ")
        b.write("ア", x: 1, y: 0)
        XCTAssertEqual(cells(b), [" ", "ア", "", " ", "ピ", ""])

        b = row(6, "コンピ")
        b.write("ab", x: 3, y: 0)
        XCTAssertEqual(cells(b), ["コ", "", " ", "a", "b", " "])
        XCTAssertEqual(b.lines, ["コ ab"])
    }

    func testFillBlanksWideCharactersItCuts() {
        var b = row(6, "コンピ")
        b.fill(Rect(x: 1, y: 0, width: 2, height: 1))
        XCTAssertEqual(cells(b), [" ", " ", " ", " ", "ピ", ""])

        b = row(6, "コンピ")
        b.fill(Rect(x: -5, y: -5, width: 100, height: 100))
        XCTAssertEqual(b.lines, [""])
    }

    // MARK: - Unsafe and zero-width text

    func testControlCharactersBecomeReplacementCharacters() {
        let cases: [(String, String)] = [
            ("a\u{1B}[2Jb", "a�[2Jb"),
            ("\u{9B}31m", "�31m"),
            ("x\u{7F}y", "x�y"),
            ("\u{202E}abc", "�abc"),
            ("a\u{2066}b\u{2069}", "a�b�"),
            ("\u{200F}\u{200E}", "��"),
            ("a\u{61C}b", SafeText.isUnsafe("\u{61C}") ? "a�b" : "ab"),
            ("tab\there", "tab�here"),
            ("\r\n", "��"),
            ("\u{0}\u{7}\u{85}", "���"),
        ]
        for (input, shown) in cases {
            var b = row(20)
            XCTAssertEqual(b.write(input, x: 0, y: 0), DisplayWidth.of(shown), input.debugDescription)
            XCTAssertEqual(b.lines, [shown], input.debugDescription)
            XCTAssertFalse(b.cells.contains { $0.text.unicodeScalars.contains(where: isTerminalUnsafe) })
        }
    }

    func testCombiningMarksJoinThePreviousCell() {
        var b = row(6, "e\u{301}x")
        XCTAssertEqual(cells(b), ["e\u{301}", "x", " ", " ", " ", " "])
        XCTAssertEqual(b[0, 0].text.unicodeScalars.count, 2, "kept decomposed: one spacing scalar plus its mark")

        b = row(6, "か\u{3099}き")
        XCTAssertEqual(cells(b), ["か\u{3099}", "", "き", "", " ", " "])

        b = row(6, "\u{301}a")
        XCTAssertEqual(cells(b)[0], "a", "a mark with nothing before it is dropped")

        b = row(6, "a" + String(repeating: "\u{301}", count: 20))
        XCTAssertEqual(b[0, 0].text.unicodeScalars.count, 21, "every mark stays with its letter")
        XCTAssertEqual(cells(b)[1], " ")
    }

    func testZWJSequencesAndVariationSelectors() {
        var b = row(8)
        // Issue 10.10: a whole grapheme cluster in one cell group, sent as it was typed.
        XCTAssertEqual(b.write("👨\u{200D}👩\u{200D}👧", x: 0, y: 0), 2)
        XCTAssertEqual(cells(b), ["👨\u{200D}👩\u{200D}👧", "", " ", " ", " ", " ", " ", " "])

        b = row(8)
        XCTAssertEqual(b.write("❤\u{FE0F}!", x: 0, y: 0), 3)
        XCTAssertEqual(cells(b).prefix(3), ["❤\u{FE0F}", "", "!"])

        b = row(8)
        XCTAssertEqual(b.write("🇯🇵", x: 0, y: 0), 2)
        XCTAssertEqual(cells(b).prefix(2), ["🇯🇵", ""])

        b = row(8)
        XCTAssertEqual(b.write("🏳\u{FE0F}\u{200D}🌈 1\u{FE0F}\u{20E3}", x: 0, y: 0), 5)
        XCTAssertEqual(cells(b).prefix(5), ["🏳\u{FE0F}\u{200D}🌈", "", " ", "1\u{FE0F}\u{20E3}", ""])

        b = row(4)
        XCTAssertEqual(b.write("a👨\u{200D}👩\u{200D}👧", x: 0, y: 0, maxWidth: 2), 2, "never split: cut before it")
        XCTAssertEqual(cells(b).prefix(2), ["a", "…"])

        b = row(8)
        XCTAssertEqual(b.write("a\u{200B}b\u{FEFF}c", x: 0, y: 0), 3, "invisible format characters are dropped")
        XCTAssertEqual(b.lines, ["abc"])
    }

    // MARK: - Centring, styles, lines

    func testWriteCentered() {
        var b = row(10)
        XCTAssertEqual(b.writeCentered("ab", y: 0, in: b.bounds), 4)
        XCTAssertEqual(b.lines, ["    ab"])

        b = row(10)
        XCTAssertEqual(b.writeCentered("牛乳", y: 0, in: b.bounds), 3)
        XCTAssertEqual(b.lines, ["   牛乳"])

        b = row(10)
        XCTAssertEqual(b.writeCentered("abc", y: 0, in: b.bounds), 3, "the odd cell goes to the right")

        b = row(10)
        b.writeCentered("トイレットペーパー", y: 0, in: Rect(x: 2, y: 0, width: 6, height: 1))
        XCTAssertEqual(b.lines, ["  トイ…"])

        b = row(10)
        b.writeCentered("\u{1B}\u{1B}", y: 0, in: b.bounds)
        XCTAssertEqual(b.lines, ["    ��"], "centred by what is drawn")
    }

    func testStylesAndRestyle() {
        var b = ScreenBuffer(width: 4, height: 1)
        b.write("牛", x: 0, y: 0, style: Style(.header))
        XCTAssertEqual(b[0, 0].style, Style(.header))
        XCTAssertEqual(b[1, 0].style, Style(.header), "the continuation carries the style")
        b.restyle(Rect(x: 0, y: 0, width: 10, height: 1)) { Style($0.role, selected: true) }
        XCTAssertTrue(b.cells.allSatisfy(\.style.selected))
        XCTAssertEqual(b[0, 0].text, "牛")
    }

    func testLinesTrimTrailingBlanksAndShowWideCharactersOnce() {
        var b = ScreenBuffer(width: 8, height: 2)
        b.write("牛乳 ", x: 1, y: 0)
        XCTAssertEqual(b.lines, [" 牛乳", ""])
    }

    // MARK: - Properties over many strings

    /// For many generated strings: the width written is the display width when it fits; when it
    /// does not, it never exceeds the limit, ends in `…`, and the cells stay well-formed.
    func testWritePropertiesOverGeneratedStrings() {
        let pieces = ["a", "Z", " ", "牛", "ｶ", "ﾟ", "🛒", "✅", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1B}", "\u{202E}",
                      "🇯", "é", "한", "…", "\t", "ー", "\u{3099}"]
        var rng = SplitMix(seed: 42)
        for _ in 0..<3000 {
            let text = (0..<Int(rng.next() % 12)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let width = 1 + Int(rng.next() % 10)
            let x = Int(rng.next() % 6) - 2
            let maxWidth = Int(rng.next() % 12) - 1
            var b = ScreenBuffer(width: width, height: 1)
            b.write(String(repeating: "コ", count: 6), x: Int(rng.next() % 2), y: 0)
            let n = b.write(text, x: x, y: 0, maxWidth: maxWidth)
            let limit = min(maxWidth, width - x)
            let label = "\(text.debugDescription) x=\(x) width=\(width) maxWidth=\(maxWidth)"
            if limit <= 0 {
                XCTAssertEqual(n, 0, label)
            } else if DisplayWidth.of(text) <= limit {
                XCTAssertEqual(n, DisplayWidth.of(text), label)
            } else {
                XCTAssertLessThanOrEqual(n, limit, label)
                if x + n - 1 >= 0 { XCTAssertEqual(b[x + n - 1, 0].text, "…", label) }
            }
            assertFrameInvariants(b, label)
        }
    }

    /// Every scalar's width is what the screen buffer draws for it (cells used).
    func testWidthMatchesWhatTheBufferDraws() {
        var buffer = ScreenBuffer(width: 8, height: 1)
        for v in stride(from: UInt32(0), through: 0x1FFFF, by: 1) {
            guard let u = Unicode.Scalar(v) else { continue }
            let s = "a" + String(u)
            buffer.fill(buffer.bounds)
            let drawn = buffer.write(s, x: 0, y: 0)
            if drawn != DisplayWidth.of(s) {
                XCTFail("U+\(String(v, radix: 16, uppercase: true)): width \(DisplayWidth.of(s) - 1), drawn \(drawn - 1)")
            }
        }
    }
}
