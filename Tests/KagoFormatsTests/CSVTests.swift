@testable import KagoFormats
import XCTest

final class CSVTests: XCTestCase {
    func records(_ text: String) throws -> [CSVRecord] { try CSV.parse(Array(text.utf8)) }

    func problem(_ text: String) -> FormatProblem? {
        do {
            _ = try CSV.parse(Array(text.utf8))
            return nil
        } catch {
            return error.problems.first
        }
    }

    func testQuotingFollowsRFC4180() {
        var out: [UInt8] = []
        CSV.appendRecord(["plain", "a,b", "say \"hi\"", "two\nlines", "", " pad", "牛乳"], to: &out)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",,\" pad\",牛乳\n")
    }

    func testReadsQuotedFieldsLineBreaksAndLineEndings() throws {
        let parsed = try records("a,b\r\n\"x,1\",\"he said \"\"no\"\"\"\n\"multi\nline\",2\r3,\n")
        XCTAssertEqual(parsed, [
            CSVRecord(line: 1, fields: ["a", "b"]),
            CSVRecord(line: 2, fields: ["x,1", "he said \"no\""]),
            CSVRecord(line: 3, fields: ["multi\nline", "2"]),
            CSVRecord(line: 5, fields: ["3", ""]),
        ])
    }

    func testSkipsBlankLinesAndByteOrderMark() throws {
        let parsed = try CSV.parse([0xEF, 0xBB, 0xBF] + Array("name\n\nmilk\n\n".utf8))
        XCTAssertEqual(parsed, [CSVRecord(line: 1, fields: ["name"]), CSVRecord(line: 3, fields: ["milk"])])
        XCTAssertEqual(try records(""), [])
        XCTAssertEqual(try records("last,without,newline"), [CSVRecord(line: 1, fields: ["last", "without", "newline"])])
    }

    func testAQuoteInsideAnUnquotedFieldIsLiteral() throws {
        XCTAssertEqual(try records("5\" pipe,x\n"), [CSVRecord(line: 1, fields: ["5\" pipe", "x"])])
    }

    func testRefusesBrokenQuotingAndBadBytesWithTheLine() {
        XCTAssertEqual(problem("a\nb,\"open\nstill open"), FormatProblem(line: 2, message: "a quoted field is not closed with '\"'"))
        XCTAssertEqual(problem("a\n\"closed\"x,b")?.line, 2)
        XCTAssertEqual(problem("a\n\"closed\"x,b")?.message,
                       "unexpected text after a closing quote (write a quote inside a quoted field as \"\")")
        XCTAssertThrowsError(try CSV.parse(Array("ok\n".utf8) + [0x82, 0xA0, 0x0A])) {
            XCTAssertEqual(($0 as? DecodeError)?.problems.first?.line, 2)
            XCTAssertEqual(($0 as? DecodeError)?.problems.first?.message, "not UTF-8 text (save the file as \"CSV UTF-8\")")
        }
    }

    func testWrittenRecordsReadBack() throws {
        let rows = [["a", "b,c", "\"", "\r\n", "\n"], ["", "", "", "", ""], ["🥛", "x\"y\"", " s ", "end\r", "\rstart"]]
        var out: [UInt8] = []
        for r in rows { CSV.appendRecord(r, to: &out) }
        XCTAssertEqual(try CSV.parse(out).map(\.fields), rows)
    }
}
