import Foundation
import XCTest

final class ErrorPathTests: CLITestCase {
    func testUnknownCommandAndFlag() throws {
        assertUsage(try kago("frobnicate"), "unknown command 'frobnicate'")
        assertUsage(try kago("--frobnicate"), "unknown option '--frobnicate'")
        assertUsage(try kago("list", "-z"), "unknown option '-z' for 'list'")
    }

    func testCorruptDatabaseExits1AndIsLeftUntouched() throws {
        try FileManager.default.createDirectory(atPath: root + "/data/kago", withIntermediateDirectories: true)
        var junk = Array("SQLite format 3\0".utf8)
        junk += (0..<8000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        FileManager.default.createFile(atPath: dataFile, contents: Data(junk))
        for args in [["list"], ["list", "--json"], ["add", "milk"], ["check", "milk"], ["rm", "1"], ["export"]] {
            let r = try run(args, stdin: nil)
            XCTAssertEqual(r.status, 1, "\(args): \(r.err)")
            XCTAssertTrue(r.err.hasPrefix("kago: cannot read \(dataFile): "), r.err)
            XCTAssertEqual(r.out, "")
        }
        let imported = try kago("import", "-", stdin: "name\nmilk\n")
        XCTAssertEqual(imported.status, 1)
        XCTAssertEqual(Array(FileManager.default.contents(atPath: dataFile) ?? Data()), junk, "byte for byte")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataFile + "-wal"))
    }

    func testNotAKagoDatabase() throws {
        try FileManager.default.createDirectory(atPath: root + "/data/kago", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dataFile, contents: Data("just text\n".utf8))
        let r = try kago("list")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.err.split(separator: "\n").first, "kago: cannot read \(dataFile): not a kago database")
        XCTAssertEqual(read(dataFile), "just text\n")
    }

    func testNoCommandWithoutATerminal() throws {
        let r = try kago(stdin: "")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.err.hasPrefix("kago: "), r.err)
        XCTAssertTrue(r.err.contains("needs a terminal; try 'kago list'"), r.err)
        XCTAssertEqual(r.out, "")
        XCTAssertEqual(try kago(stdin: "", environment: ["TERM": "xterm-256color"]).status, 1)
    }

    func testHelpForEveryCommand() throws {
        for command in ["add", "list", "check", "done", "uncheck", "rm", "export", "import", "paths"] {
            let page = try kago("help", command)
            XCTAssertEqual(page.status, 0)
            XCTAssertTrue(page.out.hasPrefix("Usage: kago \(command == "done" ? "check" : command)"), page.out)
            XCTAssertEqual(try kago(command, "--help").out, page.out)
            XCTAssertTrue(try kago("--help").out.contains(command == "done" ? "(alias: done)" : "kago \(command)"), command)
        }
        XCTAssertTrue(try kago("help", "help").out.hasPrefix("Usage: kago help [COMMAND]"))
        XCTAssertEqual(try kago("-h").status, 0)
        assertUsage(try kago("help", "nope"), "no help for 'nope'")
    }

    func testVersionAndPaths() throws {
        XCTAssertTrue(try kago("--version").out.hasPrefix("kago "))
        XCTAssertEqual(try kago("paths").out, "config: \(configFile)\ndata:   \(dataFile)\n")
    }

    /// Issue 10.12: every config problem can be read with its line, and errors say things once.
    func testPathsListsEveryConfigProblemAndErrorsSayItOnce() throws {
        try FileManager.default.createDirectory(atPath: root + "/config/kago", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: configFile, contents: Data("a = b\nsort = zz\n# fine\nfoo = 1\n".utf8))
        let r = try kago("paths")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.lines.dropFirst(2), ["config line 1: unknown key a; ignored",
                                              "config line 2: sort = zz is not valid; using the default",
                                              "config line 4: unknown key foo; ignored"])
        try FileManager.default.removeItem(atPath: configFile)
        try FileManager.default.createDirectory(atPath: configFile, withIntermediateDirectories: true)
        XCTAssertEqual(try kago("--reset-intro").err,
                       "kago: cannot read \(configFile): Is a directory\nThe file was left untouched.\n")
    }

    func testImportingAFileThatIsNotTextSaysSo() throws {
        try kago("add", "milk")
        let r = try kago("import", dataFile, "--format", "csv")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.err, "kago: \(dataFile): not a JSON or CSV file\nNothing was imported.\n")
    }

    func testOutputToAClosedPipeOrFullDiskFails() throws {
        try add("milk")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "'\(Self.binary)' list > /dev/full"]
        process.environment = ["XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config", "HOME": root]
        let err = Pipe()
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertEqual(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                       "kago: cannot write to standard output: No space left on device\n")
    }
}
