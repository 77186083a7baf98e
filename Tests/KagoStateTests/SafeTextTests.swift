@testable import KagoState
import XCTest

final class SafeTextTests: XCTestCase {
    func testControlsBecomeReplacementCharacters() {
        let table: [(String, String)] = [
            ("\u{1B}[2Jmilk", "\u{FFFD}[2Jmilk"),
            ("a\u{9B}31mb", "a\u{FFFD}31mb"),
            ("del\u{7F}", "del\u{FFFD}"),
            ("bell\u{7}", "bell\u{FFFD}"),
            ("nul\u{0}", "nul\u{FFFD}"),
            ("tab\tnew\nline\r", "tab\u{FFFD}new\u{FFFD}line\u{FFFD}"),
            ("\u{85}\u{80}\u{9F}", "\u{FFFD}\u{FFFD}\u{FFFD}"),
            ("abc\u{202E}gpj.exe", "abc\u{FFFD}gpj.exe"),
            ("\u{202A}\u{202B}\u{202C}\u{202D}", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
            ("\u{2066}x\u{2067}y\u{2068}z\u{2069}", "\u{FFFD}x\u{FFFD}y\u{FFFD}z\u{FFFD}"),
            ("\u{200E}\u{200F}", "\u{FFFD}\u{FFFD}"),
            ("\u{61C}arabic mark", "\u{FFFD}arabic mark"),
        ]
        for (input, expected) in table {
            XCTAssertEqual(SafeText.sanitize(input).unicodeScalars.map(\.value), expected.unicodeScalars.map(\.value),
                           input.debugDescription)
        }
    }

    func testNormalTextIsUntouched() {
        for text in ["", "milk", "牛乳 ×2 #乳製品", "🍎🇯🇵👨‍👩‍👧", "cafe\u{301}", "x\u{200D}y", "\u{200B}", "ｍｉｌｋ", "\u{3000}",
                     "é ñ ß", "עברית", "العربية", "🏳️‍🌈", "\u{FE0F}", "a\u{A0}b", "\u{200D}", "~!@#$%^&*()", "\u{FFFD}"] {
            XCTAssertEqual(SafeText.sanitize(text), text, text.debugDescription)
            XCTAssertFalse(text.unicodeScalars.contains(where: SafeText.isUnsafe), text.debugDescription)
        }
    }

    func testEveryC0AndC1ControlIsUnsafe() {
        for v in Array(0x00...0x1F) + Array(0x7F...0x9F) {
            XCTAssertTrue(SafeText.isUnsafe(Unicode.Scalar(UInt32(v))!), String(v, radix: 16))
        }
        for v in Array(0x20...0x7E) + Array(0xA0...0x2FF) {
            XCTAssertFalse(SafeText.isUnsafe(Unicode.Scalar(UInt32(v))!), String(v, radix: 16))
        }
    }
}
