import Foundation
import XCTest

/// Import files in another encoding, config messages and `kago list` on a terminal
/// (issue 10.12, 10.14): each message says its reason once, in words that say what to do.
final class FilesAndMessagesTests: CLITestCase {
    func importError(_ bytes: [UInt8], name: String) throws -> Run {
        let path = root + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return try kago("import", path)
    }

    /// Shift-JIS and UTF-16 (what Excel saves) are text: told to save as UTF-8, with the line,
    /// rather than called "not a JSON or CSV file".
    func testTextInAnotherEncodingIsToldToBeSavedAsUTF8() throws {
        let shiftJIS: [UInt8] = Array("name\n".utf8) + [0x8B, 0x8D, 0x93, 0xFB, 0x0A]   // 牛乳
        var r = try importError(shiftJIS, name: "sjis.csv")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.err, "kago: \(root)/sjis.csv:2: not UTF-8 text (save the file as \"CSV UTF-8\")\nNothing was imported.\n")
        let utf16: [UInt8] = [0xFF, 0xFE] + "name\nmilk\n".utf8.flatMap { [$0, 0] }
        r = try importError(utf16, name: "utf16.csv")
        XCTAssertTrue(r.err.contains("not UTF-8 text"), r.err)
        // A file with NUL bytes that is not UTF-16 is no text at all.
        r = try importError([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00], name: "list.zip.csv")
        XCTAssertEqual(r.err, "kago: \(root)/list.zip.csv: not a JSON or CSV file\nNothing was imported.\n")
        XCTAssertEqual(try kago("list", "--all").out, "")
    }

    /// Issue 10.11: an import's quantity is free text, capped like the others.
    func testAnImportedQuantityOverItsLimitIsRefused() throws {
        let r = try kago("import", "-", "--format", "csv", stdin: "name,quantity\nmilk,2\ntea,\(String(repeating: "9", count: 101))\n")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.err, "kago: row 2: the quantity is longer than 100 characters\n")
        XCTAssertEqual(try kago("list").out, "")
    }

    func testAnUnreadableConfigIsReportedOnce() throws {
        try FileManager.default.createDirectory(atPath: configFile, withIntermediateDirectories: true)
        XCTAssertEqual(try kago("paths").out, "config: \(configFile)\ndata:   \(dataFile)\n"
                       + "cannot read the config file (Is a directory); using defaults\n")
        XCTAssertEqual(try kago("--reset-intro").err, "kago: cannot read \(configFile): Is a directory\nThe file was left untouched.\n")
    }

    /// `kago list` on a pseudo-terminal (util-linux `script`), its lines.
    func listOnATerminal(columns: Int, environment: [String: String] = [:]) throws -> [String] {
        let r = try run(["-q", "-c", "stty cols \(columns); '\(Self.binary)' list", "/dev/null"], stdin: nil,
                        environment: environment, allowEscapes: true, executable: "/usr/bin/script")
        XCTAssertEqual(r.status, 0, r.err)
        return r.out.split(separator: "\r\n").map(String.init)
    }

    func testListOnATerminalOfUnknownSizeUsesCOLUMNS() throws {
        try add("\(String(repeating: "A very long name ", count: 8)) x2 #dairy @2026-12-24")
        XCTAssertEqual(try listOnATerminal(columns: 0, environment: ["COLUMNS": "50"]),
                       ["1  [ ] A very long name…  ×2  #dairy  @2026-12-24"])
    }

    func testAVeryLongCategoryIsCutToo() throws {
        let category = String(repeating: "c", count: 100)
        try add("\(String(repeating: "name ", count: 30)) #\(category) @2026-12-24", "milk")
        let lines = try listOnATerminal(columns: 60)
        XCTAssertEqual(lines, ["1  [ ] name name n…  #ccccccccccccccccccccccc…  @2026-12-24", "2  [ ] milk"])
        XCTAssertTrue(lines.allSatisfy { $0.count < 60 }, "\(lines)")
        XCTAssertEqual(try kago("list").out.split(separator: "\n").first.map(String.init),
                       "1  [ ] \(String(repeating: "name ", count: 29))name  #\(category)  @2026-12-24", "piped: whole")
    }
}
