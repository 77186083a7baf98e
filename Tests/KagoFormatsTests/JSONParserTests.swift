@testable import KagoFormats
import XCTest

final class JSONParserTests: XCTestCase {
    func parse(_ text: String) throws -> JSONValue { try JSON.parse(Array(text.utf8)) }

    func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
        do {
            let v = try JSON.parse(Array(text.utf8))
            XCTFail("parsed \(v)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testValues() throws {
        XCTAssertEqual(try parse(" null "), .null)
        XCTAssertEqual(try parse("true"), .bool(true))
        XCTAssertEqual(try parse("false"), .bool(false))
        XCTAssertEqual(try parse("-0.5e+10"), .number("-0.5e+10"))
        XCTAssertEqual(try parse("0"), .number("0"))
        XCTAssertEqual(try parse("12345678901234567890123"), .number("12345678901234567890123"), "numbers keep their text")
        XCTAssertEqual(try parse("[]"), .array([]))
        XCTAssertEqual(try parse("{}"), .object([]))
        XCTAssertEqual(try parse(#"{"a": [1, {"b": null}], "a": "x"}"#),
                       .object([JSONMember("a", .array([.number("1"), .object([JSONMember("b", .null)])])),
                                JSONMember("a", .string("x"))]), "duplicates and order are kept")
    }

    func testStrings() throws {
        XCTAssertEqual(try parse(#""牛乳 🥛""#), .string("牛乳 🥛"))
        XCTAssertEqual(try parse(#""a\"b\\c\/d\b\f\n\r\t""#), .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        XCTAssertEqual(try parse(#""\u001b\u00e9\u725B""#), .string("\u{1B}é牛"))
        XCTAssertEqual(try parse(#""\ud83e\udd5b""#), .string("🥛"), "surrogate pair")
    }

    func testByteOrderMarkIsSkipped() throws {
        XCTAssertEqual(try JSON.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), .array([.number("1")]))
    }

    func testRefusesWhatIsNotStrictJSON() {
        let bad = ["", " ", "[1,]", "[1 2]", "{\"a\" 1}", "{\"a\": 1,}", "{a: 1}", "01", "-", "1.", "1e", ".5", "+1",
                   "tru", "nul", "[", "{", "\"abc", "\"a\nb\"", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"",
                   "\"\\ud800\\u0041\"", "[1] 2", "// comment\n1", "'a'", "NaN", "Infinity"]
        for text in bad {
            XCTAssertNotNil(error(text), text)
        }
    }

    func testRefusesInvalidUTF8() {
        XCTAssertThrowsError(try JSON.parse([0x22, 0xC3, 0x28, 0x22])) {
            XCTAssertEqual(($0 as? JSONSyntaxError)?.message, "a string is not valid UTF-8 text")
        }
        XCTAssertThrowsError(try JSON.parse([0x22, 0xED, 0xA0, 0x80, 0x22]), "encoded surrogate")
    }

    func testErrorsSayWhereAndWhat() {
        let e = error("[1,\n 2 3]")
        XCTAssertEqual(e?.offset, 7)
        XCTAssertEqual(e?.message, "expected ',' or ']' after an array element, found '3'")
        XCTAssertEqual(error("\"a\u{1}\"")?.message, "control character (byte 0x01) in a string; write it as \\u0001")
        XCTAssertEqual(error("[\"\\q\"]")?.message, "'\\' followed by 'q' is not a JSON escape")
        XCTAssertEqual(error("[\u{7}]")?.message, "expected a JSON value, found byte 0x07")
    }

    func testDeepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(error(deep)?.message, "arrays and objects nested more than \(JSON.maximumDepth) deep")
        let ok = String(repeating: "[", count: JSON.maximumDepth) + String(repeating: "]", count: JSON.maximumDepth)
        XCTAssertNoThrow(try parse(ok))
    }

    func testWriterEscapesForJSONAndForTerminals() throws {
        let text = "a\"b\\c\n\r\t\u{1B}[2J\u{7F}\u{85}\u{202E}牛乳🥛"
        var out: [UInt8] = []
        JSON.appendString(text, to: &out)
        let written = String(decoding: out, as: UTF8.self)
        XCTAssertEqual(written, #""a\"b\\c\n\r\t\u001b[2J\u007f\u0085\u202e牛乳🥛""#)
        XCTAssertEqual(try JSON.parse(out), .string(text), "the writer's output reads back to the same text")
    }
}
