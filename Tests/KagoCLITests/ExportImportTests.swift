import Foundation
import XCTest

final class ExportImportTests: CLITestCase {
    /// Items that exercise every field and every quoting rule, imported so that the test does
    /// not depend on the quick-add grammar.
    func addTrickyItems() throws {
        let json = #"""
        [{"name": "牛乳", "quantity": "2本", "category": "乳製品", "date": "2026-12-24", "note": "低脂肪, \"特濃\" じゃない方"},
         {"name": "cheese, \"aged\"", "quantity": "3", "category": "dairy, cold", "purchased": true},
         {"name": "bread", "quantity": "500g", "category": "bakery"},
         {"name": "plain", "purchased_at": "2026-03-01T10:00:00Z", "created_at": "2026-02-01T09:00:00+09:00"},
         {"name": "tea", "note": "line one\nline two\r\nline \"three\""}]
        """#
        XCTAssertEqual(try kago("import", write(json, to: "seed.json")).status, 0)
        XCTAssertEqual(try kago("add", "ほうじ茶 #お茶 @2026-01-02").status, 0)
    }

    /// The file of another home, to import into.
    func otherHome() -> [String: String] {
        ["XDG_DATA_HOME": root + "/other-data", "XDG_CONFIG_HOME": root + "/other-config"]
    }

    func testJSONRoundTripIsLossless() throws {
        try addTrickyItems()
        let exported = try kago("export")
        XCTAssertEqual(exported.status, 0)
        XCTAssertEqual(exported.out, try kago("list", "--all", "--json").out, "export json is list --all --json")
        let path = write(exported.out, to: "items.json")
        let imported = try kago("import", path, environment: otherHome())
        XCTAssertEqual(imported.status, 0, imported.err)
        XCTAssertEqual(imported.out, "imported 6 items from \(path)\n")
        XCTAssertEqual(try kago("export", environment: otherHome()).out, exported.out, "ids, times and all")
    }

    func testCSVRoundTripIsLossless() throws {
        try addTrickyItems()
        let csv = try kago("export", "--format", "csv")
        XCTAssertEqual(csv.lines.first, "name,quantity,category,date,note,purchased")
        XCTAssertTrue(csv.out.contains("\"cheese, \"\"aged\"\"\",3,\"dairy, cold\",,,true\n"), csv.out)
        XCTAssertTrue(csv.out.contains("tea,,,,\"line one\nline two\r\nline \"\"three\"\"\",false\n"), csv.out)
        let path = write(csv.out, to: "items.csv")
        XCTAssertEqual(try kago("import", path, environment: otherHome()).status, 0)
        XCTAssertEqual(try kago("export", "--format=csv", environment: otherHome()).out, csv.out)
        let names = { (json: String) in
            try (JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []).map {
                [$0["name"], $0["quantity"], $0["category"], $0["date"], $0["note"], $0["purchased"]].map { "\($0 ?? "")" }
            }
        }
        XCTAssertEqual(try names(try kago("export", environment: otherHome()).out), try names(try kago("export").out))
    }

    func testImportFromStandardInputGuessesTheFormat() throws {
        let json = try kago("import", "-", stdin: #"[{"name": "milk"}]"#)
        XCTAssertEqual(json.out, "imported 1 item from standard input\n")
        XCTAssertEqual(try kago("import", "-", stdin: "name,purchased\nbread,true\n").status, 0)
        XCTAssertEqual(try kago("import", write("name\nrice\n", to: "list.txt")).status, 0)
        XCTAssertEqual(try kago("import", "--format", "json", write("[{\"name\": \"tea\"}]", to: "x.csv")).status, 0,
                       "--format wins over the extension")
        XCTAssertEqual(try kago("list", "--all").out, "1  [ ] milk\n2  [x] bread\n3  [ ] rice\n4  [ ] tea\n")
    }

    func testImportWithOneBadRowChangesNothing() throws {
        try add("milk")
        let before = try kago("list", "--all", "--json").out
        let csv = write("name,date\nbread,2026-01-01\neggs,fri\n\"tea\",2026-02-30\n", to: "bad.csv")
        let r = try kago("import", csv)
        XCTAssertNotEqual(r.status, 0)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.err, """
        kago: \(csv):3: date: expected a date like 2026-03-01 or nothing, found "fri"
          \(csv):4: date: expected a date like 2026-03-01 or nothing, found "2026-02-30"
        Nothing was imported.

        """)
        let json = write("[{\"name\": \"bread\"},\n {\"name\": \"\"}]", to: "bad.json")
        let j = try kago("import", json)
        XCTAssertEqual(j.status, 1)
        XCTAssertEqual(j.err.split(separator: "\n").first, "kago: \(json):2: .[1]: an item needs a \"name\"")
        let broken = try kago("import", write("[{\"name\": \"bread\"}", to: "broken.json"))
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.err.contains("broken.json:1:19: expected ',' or ']' after an item, found end of the file"), broken.err)
        XCTAssertEqual(try kago("list", "--all", "--json").out, before)
    }

    func testImportUsageAndFileErrors() throws {
        assertUsage(try kago("import"), "'import' needs a FILE")
        assertUsage(try kago("import", "a.json", "b.json"), "'import' reads one FILE, not 2")
        assertUsage(try kago("import", "a.json", "--format", "xml"), "'import' has no format 'xml'; use json or csv")
        assertUsage(try kago("import", "a.json", "--format"), "option '--format' of 'import' needs a value")
        assertUsage(try kago("import", write("", to: "list.md")), "cannot import Markdown")
        let missing = try kago("import", root + "/nope.json")
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.err, "kago: cannot read \(root)/nope.json: No such file or directory\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataFile), "a failed import does not create the database")
    }

    func testExportMarkdownGroupsByCategoryInStoreWalkOrder() throws {
        try add("牛乳 x2 #乳製品", "bread #bakery", "cheese #乳製品 @2026-03-01", "tea -- green *and* black", "evil\u{1B}[2J")
        try kago("check", "cheese")
        let r = try kago("export", "--format", "md")
        XCTAssertEqual(r.out, """
        ## 乳製品

        - [ ] 牛乳 ×2
        - [x] cheese @2026-03-01

        ## bakery

        - [ ] bread

        ## Uncategorised

        - [ ] tea -- green \\*and\\* black
        - [ ] evil\u{FFFD}\\[2J

        """)
    }

    func testExportToAFileAndItsErrors() throws {
        try add("milk")
        let path = root + "/out.csv"
        let r = try kago("export", "-o", path)
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.out, "")
        XCTAssertEqual(read(path), "name,quantity,category,date,note,purchased\nmilk,,,,,false\n", "format from the extension")
        XCTAssertEqual(try kago("export", "--output=\(root)/out.md").status, 0)
        XCTAssertEqual(read(root + "/out.md"), "## Uncategorised\n\n- [ ] milk\n")
        let denied = try kago("export", "-o", root + "/no/such/dir/x.json")
        XCTAssertEqual(denied.status, 1)
        XCTAssertEqual(denied.err, "kago: cannot write \(root)/no/such/dir/x.json: No such file or directory\n")
        let full = try kago("export", "-o", "/dev/full")
        XCTAssertEqual(full.status, 1)
        XCTAssertEqual(full.err, "kago: cannot write /dev/full: No space left on device\n")
        assertUsage(try kago("export", "--format", "yaml"), "'export' has no format 'yaml'; use json, csv or md")
        assertUsage(try kago("export", "-x"), "unknown option '-x' for 'export'")
    }

    /// Issue 10.4: an export never overwrites the live database, however the path names it.
    func testExportOntoTheDatabaseIsRefusedAndLeavesItUntouched() throws {
        try add("milk")
        let before = try XCTUnwrap(FileManager.default.contents(atPath: dataFile))
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: dataFile)
        let dir = root + "/data/kago"
        for path in [dataFile, root + "/link", dir + "/../kago/kago.sqlite3", dir + "/kago.sqlite3-wal",
                     dir + "/kago.sqlite3-shm"] {
            let r = try kago("export", "-o", path)
            XCTAssertEqual(r.status, 2, path)
            XCTAssertEqual(r.err, "kago: will not export onto the database \(path); choose another file\nTry 'kago --help'.\n", path)
        }
        XCTAssertEqual(FileManager.default.contents(atPath: dataFile), before)
        XCTAssertEqual(try kago("list").out, "1  [ ] milk\n", "the list still reads")
    }

    /// An export replaces a file by renaming a finished copy over it: never half a file, the
    /// file's mode kept, a symlink kept and its target replaced, no temporary file left.
    func testExportReplacesAFileAtomicallyKeepingItsModeAndSymlink() throws {
        try add("milk")
        let path = root + "/out.json"
        FileManager.default.createFile(atPath: path, contents: Data("old".utf8), attributes: [.posixPermissions: 0o640])
        let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        try FileManager.default.createSymbolicLink(atPath: root + "/via-link.json", withDestinationPath: path)
        XCTAssertEqual(try kago("export", "-o", root + "/via-link.json").status, 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual(attributes[.posixPermissions] as? Int, 0o640)
        XCTAssertNotEqual(attributes[.systemFileNumber] as? Int, inode, "a new file renamed into place")
        XCTAssertTrue(read(path)?.contains("\"milk\"") == true)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/via-link.json"), path)
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: root).contains { $0.hasSuffix(".tmp") })
    }

    func testCSVToAPipeKeepsTheBytes() throws {
        try add("evil\u{1B}[31m")
        let r = try kago("export", "--format", "csv", allowEscapes: true)
        XCTAssertTrue(r.out.contains("evil\u{1B}[31m"), "CSV is data: a pipe or file gets it unchanged")
        XCTAssertFalse(try kago("export").stdout.contains(0x1B), "JSON escapes it")
    }
}
