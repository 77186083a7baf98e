import KagoState
import Foundation
import XCTest

final class ItemCommandTests: CLITestCase {
    func testAddPrintsTheItemWithItsId() throws {
        let r = try kago("add", "milk", "x2", "#dairy", "@2026-12-24", "--", "the", "low-fat", "one")
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(r.out, "1  [ ] milk  ×2  #dairy  @2026-12-24\n")
        XCTAssertEqual(try kago("add", "牛乳 2本 #乳製品").out, "2  [ ] 牛乳  2本  #乳製品\n")
        let json = try kago("list", "--json").out
        XCTAssertTrue(json.contains(#""name": "milk", "quantity": "2", "category": "dairy", "date": "2026-12-24", "note": "the low-fat one""#), json)
    }

    func testAddRefusesAMissingNameABadDateAndOptions() throws {
        assertUsage(try kago("add"), "'add' needs the item to add")
        assertUsage(try kago("add", "#dairy", "x2"), "an item needs a name")
        assertUsage(try kago("add", "milk", "@someday"), "cannot read the date '@someday'")
        assertUsage(try kago("add", "--json", "milk"), "unknown option '--json' for 'add'")
        XCTAssertEqual(try kago("list").out, "", "nothing was added")
        XCTAssertEqual(try kago("add", "a", "--", "-5%", "--json").out, "1  [ ] a\n", "after -- everything is the note")
    }

    /// Issue 10.7: the fixed Uncategorised row's names never become a real category.
    func testTheUncategorisedNamesAreRefused() throws {
        for name in ["Uncategorised", "uncategorized", "未分類"] {
            let r = try kago("add", "milk", "#\(name)")
            XCTAssertEqual(r.status, 2, name)
            XCTAssertEqual(r.err, "kago: '\(name)' is kept for items without a category; choose another name\n")
        }
        XCTAssertEqual(try kago("import", "-", "--format", "csv", stdin: "name,category\nmilk,dairy\ntea,UNCATEGORISED\n").status, 2)
        XCTAssertEqual(try kago("list").out, "", "nothing was added")
    }

    /// Issue 10.11: names, notes, categories and import files have caps; over one, nothing is written.
    func testTextsOverTheirLimitsAreRefused() throws {
        let long = { (n: Int) in String(repeating: "あ", count: n) }
        XCTAssertEqual(try kago("add", long(1000)).status, 0, "1,000 characters is fine")
        var r = try kago("add", long(1001))
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.err, "kago: the name is longer than 1000 characters\n")
        r = try kago("add", "milk #\(long(101))")
        XCTAssertEqual(r.err, "kago: the category is longer than 100 characters\n")
        r = try kago("import", "-", "--format", "csv", stdin: "name,note\nmilk,\ntea,\(long(10_001))\n")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.err, "kago: row 2: the note is longer than 10000 characters\n")
        let huge = root + "/huge.csv"
        FileManager.default.createFile(atPath: huge, contents: Data(count: 64 << 20 + 1))
        r = try kago("import", huge)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.err, "kago: \(huge) is larger than 64 MiB; nothing was imported\n")
        XCTAssertEqual(try kago("list").lines.count, 1, "only the first add was saved")
    }

    /// Issue 10.14: on a terminal a long name is cut so rows fit; piped, the lines stay whole.
    func testListFitsATerminalAndKeepsThePlainFormatInAPipe() throws {
        let long = String(repeating: "A very long name ", count: 8).trimmingCharacters(in: .whitespaces)
        try add("\(long) x2 #dairy @2026-12-24", "牛乳")
        XCTAssertEqual(try kago("list").out, "1  [ ] \(long)  ×2  #dairy  @2026-12-24\n2  [ ] 牛乳\n")
        let r = try run(["-q", "-c", "stty cols 50; '\(Self.binary)' list", "/dev/null"], stdin: nil, allowEscapes: true,
                        executable: "/usr/bin/script")
        let lines = r.out.split(separator: "\r\n").map(String.init)
        XCTAssertEqual(lines.first, "1  [ ] A very long name…  ×2  #dairy  @2026-12-24")
        XCTAssertEqual(lines.dropFirst().first, "2  [ ] 牛乳")
    }

    func testListAlignsColumnsByDisplayWidth() throws {
        try add("milk x2 #dairy @2026-12-24", "牛乳 500g #乳製品", "bread", "tea @2026-01-05")
        let r = try kago("list")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.out, """
        1  [ ] milk   ×2    #dairy   @2026-12-24
        2  [ ] 牛乳   500g  #乳製品
        3  [ ] bread
        4  [ ] tea                   @2026-01-05

        """)
    }

    func testListJSONHasTheKeysInOrderAndNulls() throws {
        try add("milk x2 #dairy @2026-12-24 -- note")
        try add("bread")
        try kago("check", "bread")
        let text = try kago("list", "--all", "--json").out
        let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        XCTAssertEqual(array.count, 2)
        let keys = ["id", "name", "quantity", "category", "date", "note", "purchased", "created_at", "purchased_at"]
        for line in text.split(separator: "\n").dropFirst().dropLast() {
            let order = keys.compactMap { line.range(of: "\"\($0)\":")?.lowerBound }
            XCTAssertEqual(order.count, keys.count, String(line))
            XCTAssertEqual(order, order.sorted(), "keys in order: \(line)")
        }
        XCTAssertEqual(array[0]["id"] as? Int, 1)
        XCTAssertEqual(array[0]["quantity"] as? String, "2")
        XCTAssertEqual(array[0]["date"] as? String, "2026-12-24")
        XCTAssertEqual(array[0]["purchased"] as? Bool, false)
        XCTAssertTrue(array[0]["purchased_at"] is NSNull)
        XCTAssertTrue(array[1]["quantity"] is NSNull && array[1]["category"] is NSNull && array[1]["date"] is NSNull)
        XCTAssertEqual(array[1]["purchased"] as? Bool, true)
        let created = try XCTUnwrap(array[1]["created_at"] as? String)
        XCTAssertNotNil(created.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/), created)
        XCTAssertNotNil((array[1]["purchased_at"] as? String)?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/))
        XCTAssertEqual(try kago("list", "--json").out.filter { $0 == "{" }.count, 1, "to buy only")
        XCTAssertEqual(try kago("list", "--purchased", "--json").out.filter { $0 == "{" }.count, 1)
    }

    func testEmptyListJSONIsAnEmptyArray() throws {
        XCTAssertEqual(try kago("list", "--json").out, "[]\n")
        XCTAssertEqual(try kago("list").out, "")
    }

    func testListFlags() throws {
        try add("milk", "bread")
        try kago("check", "milk")
        XCTAssertEqual(try kago("list").out, "2  [ ] bread\n")
        XCTAssertEqual(try kago("list", "--purchased").out, "1  [x] milk\n")
        XCTAssertEqual(try kago("list", "--all").out, "1  [x] milk\n2  [ ] bread\n")
        assertUsage(try kago("list", "--all", "--purchased"), "cannot be used together")
        assertUsage(try kago("list", "--jsn"), "unknown option '--jsn' for 'list'")
        assertUsage(try kago("list", "extra"), "'list' takes no argument 'extra'")
    }

    func testCheckUncheckAndDoneByIdNameAndPrefix() throws {
        try add("Milk #dairy", "bread", "butter")
        XCTAssertEqual(try kago("check", "milk").out, "1  [x] Milk  #dairy\n", "exact name, any case")
        XCTAssertEqual(try kago("done", "2").out, "2  [x] bread\n", "id")
        XCTAssertEqual(try kago("check", "BUT").out, "3  [x] butter\n", "unique prefix")
        XCTAssertEqual(try kago("uncheck", "1", "bread").out, "1  [ ] Milk   #dairy\n2  [ ] bread\n", "several at once")
        XCTAssertEqual(try kago("list").out, "1  [ ] Milk   #dairy\n2  [ ] bread\n")
        XCTAssertEqual(try kago("check", "milk").status, 0)
        XCTAssertEqual(try kago("check", "milk").out, "1  [x] Milk  #dairy\n", "already purchased: no change, still success")
    }

    func testANameIsLookedForAmongTheItemsTheCommandIsAbout() throws {
        try add("milk", "milk")
        XCTAssertEqual(try kago("check", "1").status, 0)
        XCTAssertEqual(try kago("check", "milk").out, "2  [x] milk\n", "the milk still to buy")
        XCTAssertEqual(try kago("uncheck", "2").status, 0)
        XCTAssertEqual(try kago("uncheck", "milk").out, "1  [ ] milk\n", "the purchased milk")
    }

    func testAmbiguousPrefixExits2WithCandidates() throws {
        try add("milk #dairy", "millet", "bread")
        let r = try kago("check", "mil")
        assertUsage(r, "'mil' matches 2 items; give an id or more of the name")
        XCTAssertEqual(r.err, """
        kago: 'mil' matches 2 items; give an id or more of the name
          1  [ ] milk    #dairy
          2  [ ] millet

        """)
        XCTAssertEqual(try kago("list", "--purchased").out, "", "nothing changed")
    }

    func testAmbiguousExactNameExits2() throws {
        try add("milk", "Milk")
        assertUsage(try kago("rm", "milk"), "'milk' matches 2 items")
        XCTAssertEqual(try kago("list").lines.count, 2)
    }

    func testNoSuchItemExits2AndChangesNothing() throws {
        try add("milk", "oat milk")
        let r = try kago("check", "milk", "soy")
        assertUsage(r, "no item matches 'soy'")
        XCTAssertTrue(r.err.contains("See 'kago list --all'"), r.err)
        XCTAssertEqual(try kago("list", "--purchased").out, "", "the first ITEM was found, but nothing changed")
        let near = try kago("rm", "ilk")
        assertUsage(near, "no item matches 'ilk'")
        XCTAssertTrue(near.err.contains("Did you mean:\n  1  [ ] milk\n  2  [ ] oat milk"), near.err)
        assertUsage(try kago("check"), "'check' needs at least one ITEM")
        assertUsage(try kago("uncheck", "99"), "no item matches '99'")
        assertUsage(try kago("rm", "--force", "milk"), "unknown option '--force' for 'rm'")
    }

    func testRemoveDeletesSeveral() throws {
        try add("milk", "bread", "eggs")
        let r = try kago("rm", "milk", "3", "milk")
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(r.out, "deleted  1  [ ] milk\ndeleted  3  [ ] eggs\n")
        XCTAssertEqual(try kago("list", "--all").out, "2  [ ] bread\n")
    }

    func testUserTextNeverReachesTheOutputRaw() throws {
        try add("evil\u{1B}[2J\u{7}name #cat\u{1B}]0;x\u{7}")
        let list = try kago("list")
        XCTAssertEqual(list.out, "1  [ ] evil\u{FFFD}[2J\u{FFFD}name  #cat\u{FFFD}]0;x\u{FFFD}\n")
        let json = try kago("list", "--json").out
        XCTAssertTrue(json.contains(#""evil\u001b[2J\u0007name""#), json)
        assertUsage(try kago("check", "nothing\u{1B}[31m"), "no item matches 'nothing\u{FFFD}[31m'")
    }

    func testCommandsNeitherShowTheTutorialNorWriteTheConfig() throws {
        for args in [["add", "milk"], ["list"], ["list", "--json"], ["check", "milk"], ["export"]] {
            let r = try run(args, stdin: nil)
            XCTAssertEqual(r.status, 0, "\(args): \(r.err)")
            XCTAssertFalse(r.out.contains("Add items") || r.out.contains("Skip"), r.out)
            XCTAssertEqual(r.err, "", "\(args)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: configFile))
    }
}
