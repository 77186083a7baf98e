@testable import KagoState
import XCTest

final class DisplayWidthTests: XCTestCase {
    func width(_ s: String) -> Int { DisplayWidth.of(s) }

    func testASCIIIsOneCellEach() {
        XCTAssertEqual(width("a"), 1)
        XCTAssertEqual(width("milk x2 #dairy @fri"), 19)
        XCTAssertEqual(width(""), 0)
        XCTAssertEqual(width("~"), 1)
    }

    func testCJKKanaHangulAndFullwidthAreTwoCells() {
        XCTAssertEqual(width("牛乳"), 4)
        XCTAssertEqual(width("りんご"), 6)
        XCTAssertEqual(width("トイレットペーパー"), 18)
        XCTAssertEqual(width("한국어"), 6)
        XCTAssertEqual(width("ＡＢ１"), 6, "fullwidth Latin and digits")
        XCTAssertEqual(width("（）！？"), 8, "fullwidth punctuation")
        XCTAssertEqual(width("、。「」"), 8, "CJK punctuation")
        XCTAssertEqual(width("\u{3000}"), 2, "ideographic space")
        XCTAssertEqual(width("𠀋"), 2, "CJK extension B (outside the BMP)")
        XCTAssertEqual(width("ー"), 2, "prolonged sound mark")
    }

    func testHalfwidthKanaIsOneCell() {
        XCTAssertEqual(width("ｶﾀｶﾅ"), 4)
        XCTAssertEqual(width("ﾊﾟﾝ"), 3, "the halfwidth semi-voiced mark is spacing, one cell")
        XCTAssertEqual(width("｡｢｣､"), 4, "halfwidth CJK punctuation")
    }

    func testEmojiAreTwoCells() {
        for e in ["🛒", "✅", "📅", "🍎", "🧻", "☕", "⭐", "🥛", "🫖"] {
            XCTAssertEqual(width(e), 2, e)
        }
    }

    /// Emoji without emoji presentation are one cell, as terminals using glibc's wcwidth draw them
    /// (the tutorial's page 4 title starts with 🗂); VS16 makes them the two-cell picture.
    func testEmojiWithTextPresentationAreOneCellUnlessVS16() {
        for e in ["🗂", "🌡", "🌶", "🍽", "🎖", "🏔", "🏳", "🐿", "👁", "📽", "🕊", "🖥", "🗺", "🥆"] {
            XCTAssertEqual(width(e), 1, e)
            XCTAssertEqual(width(e + "\u{FE0F}"), 2, e)
        }
        for e in ["🗻", "🖤", "🕺", "🌠", "🤌", "🥇"] {
            XCTAssertEqual(width(e), 2, e)
        }
    }

    func testCombiningMarksTakeNoCell() {
        XCTAssertEqual(width("\u{301}"), 0)
        XCTAssertEqual(width("e\u{301}"), 1)
        XCTAssertEqual(width("Cafe\u{301} cre\u{300}me"), 10)
        XCTAssertEqual(width("か\u{3099}"), 2, "combining dakuten")
        XCTAssertEqual(width("1\u{20E3}"), 2, "a keycap is an emoji")
    }

    func testJoinersSelectorsAndInvisibleFormatCharactersTakeNoCell() {
        XCTAssertEqual(width("\u{200D}"), 0, "ZWJ")
        XCTAssertEqual(width("\u{FE0F}"), 0, "VS16")
        XCTAssertEqual(width("\u{FE0E}"), 0, "VS15")
        XCTAssertEqual(width("\u{200B}"), 0, "zero-width space")
        XCTAssertEqual(width("\u{FEFF}"), 0, "BOM")
        XCTAssertEqual(width("\u{2060}"), 0, "word joiner")
        XCTAssertEqual(width("\u{E0067}"), 0, "tag character")
        XCTAssertEqual(width("❤\u{FE0F}"), 2, "VS16 asks for the emoji picture")
    }

    /// Issue 10.10: an emoji sequence is one picture of two cells, whatever it is made of.
    func testEmojiSequencesAreOnePictureOfTwoCells() {
        XCTAssertEqual(width("👨\u{200D}👩\u{200D}👧"), 2)
        XCTAssertEqual(width("🧑\u{200D}🍳"), 2)
        XCTAssertEqual(width("🏳\u{FE0F}\u{200D}🌈"), 2)
        XCTAssertEqual(width("👍🏽"), 2, "a skin tone joins its emoji")
        XCTAssertEqual(width("1\u{FE0F}\u{20E3}"), 2)
        XCTAssertEqual(width("x👨\u{200D}👩\u{200D}👧y"), 4, "and columns after it count right")
        XCTAssertEqual(width("e" + String(repeating: "\u{301}", count: 7)), 1, "any number of marks")
    }

    func testFlagsAreTwoRegionalIndicatorsOfOneCell() {
        XCTAssertEqual(width("🇯🇵"), 2)
        XCTAssertEqual(width("🇯"), 1)
        XCTAssertEqual(width("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"), 2, "tag sequence flag")
    }

    func testControlsCountOneCellBecauseTheyAreShownAsReplacement() {
        for c in ["\u{0}", "\u{7}", "\t", "\n", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}"] {
            XCTAssertEqual(width(c), 1, c.debugDescription)
        }
        // Bidi controls are invisible as text but are drawn as U+FFFD, so they take a cell too.
        for c in ["\u{202E}", "\u{202A}", "\u{2066}", "\u{2069}", "\u{200E}", "\u{200F}"] {
            XCTAssertEqual(width(c), 1, c.debugDescription)
        }
        // U+061C (Arabic letter mark): shown as U+FFFD where SafeText catches it, else dropped as
        // a format character; either way the width is what is drawn and nothing reaches the terminal.
        XCTAssertEqual(width("\u{61C}"), SafeText.isUnsafe("\u{61C}") ? 1 : 0)
    }

    func testUIChromeIsNarrow() {
        // Box drawing, dots and arrows are East Asian Ambiguous; kago treats them as one cell.
        for c in ["│", "●", "○", "…", "×", "‹", "›", "·", "↓", "→", "–", "�"] {
            XCTAssertEqual(width(c), 1, c)
        }
    }

    func testCharacterAndStringOverloadsAgree() {
        for s in ["a", "牛", "e\u{301}", "👨\u{200D}👩\u{200D}👧", "🇯🇵", "\r\n", "ﾊﾟ", "❤\u{FE0F}", "\u{202E}"] {
            for ch in s {
                XCTAssertEqual(DisplayWidth.of(ch), DisplayWidth.of(String(ch)), s.debugDescription)
            }
        }
    }

    /// The binary search needs sorted, disjoint ranges; the zero-width check runs first, so the
    /// tables must not overlap either.
    func testTablesAreSortedAndDisjoint() {
        for (name, table) in [("wide", DisplayWidth.wide), ("zeroWidth", DisplayWidth.zeroWidth)] {
            for (i, r) in table.enumerated() {
                XCTAssertLessThanOrEqual(r.0, r.1, "\(name)[\(i)]")
                if i > 0 { XCTAssertLessThan(table[i - 1].1, r.0, "\(name)[\(i)] overlaps the range before") }
            }
        }
        for z in DisplayWidth.zeroWidth {
            for w in DisplayWidth.wide {
                XCTAssertTrue(z.1 < w.0 || w.1 < z.0, "zero-width \(z) overlaps wide \(w)")
            }
        }
    }
}
