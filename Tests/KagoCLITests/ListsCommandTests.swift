import Foundation
import XCTest

/// `kago lists`, `-l`, `move`, and lists in export and import (SPEC §1, §8).
final class ListsCommandTests: CLITestCase {
    func testANewDatabaseHasOneListAndListsAddUseRenameRm() throws {
        _ = try add("milk")
        XCTAssertEqual(try kago("lists").out, "* Shopping  1 to buy  0 purchased\n")
        XCTAssertEqual(try kago("lists", "add", "Drug", "store").out, "added list 'Drug store'\n")
        XCTAssertEqual(try kago("lists").out, "* Shopping  1 to buy  0 purchased\n  Drug store  0 to buy  0 purchased\n")
        XCTAssertEqual(try kago("lists", "use", "dr").out, "using 'Drug store'\n")
        XCTAssertEqual(try kago("add", "soap").status, 0, "added to the list in use")
        XCTAssertEqual(try kago("lists", "--json").out, """
            [
              {"name": "Shopping", "to_buy": 1, "purchased": 0, "current": false, "sync": null},
              {"name": "Drug store", "to_buy": 1, "purchased": 0, "current": true, "sync": null}
            ]

            """)
        XCTAssertEqual(try kago("lists", "rename", "drug", "Drugstore").out, "renamed 'Drug store' to 'Drugstore'\n")
        assertUsage(try kago("lists", "rm", "Drugstore"), "'Drugstore' has 1 item; --force removes it with them")
        XCTAssertEqual(try kago("lists", "rm", "Drugstore", "--force").out, "removed list 'Drugstore'\n")
        assertUsage(try kago("lists", "rm", "Shopping", "--force"), "'Shopping' is the last list; kago keeps at least one")
        XCTAssertEqual(try kago("lists").out, "* Shopping  1 to buy  0 purchased\n")
    }

    func testBadNamesAndUnknownListsExitTwoChangingNothing() throws {
        _ = try kago("lists", "add", "Drugstore")
        assertUsage(try kago("lists", "add", "shopping"), "there is a list 'Shopping' already")
        assertUsage(try kago("lists", "add", String(repeating: "長", count: 21)), "a list name is at most 40 columns wide")
        assertUsage(try kago("lists", "add", "a\u{1B}b"), "a list name cannot hold control characters")
        let unknown = try kago("-l", "hardware", "add", "nails")
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.err, "kago: no list matches 'hardware'\nThe lists:\n  Shopping\n  Drugstore\n")
        _ = try kago("lists", "add", "Drinks")
        XCTAssertTrue(try kago("list", "-l", "dr").err.hasPrefix("kago: 'dr' matches 2 lists"))
        XCTAssertEqual(try kago("lists").out.split(separator: "\n").count, 3, "nothing was added")
        assertUsage(try kago("-l", "x", "paths"), "'-l' does not apply to 'paths'")
        assertUsage(try kago("lists", "unlink", "Shopping"), "'Shopping' is not linked to a CalDAV collection")
    }

    func testDashLBeforeOrAfterTheCommandAndTheConfigKey() throws {
        _ = try kago("lists", "add", "Drugstore")
        XCTAssertEqual(try kago("-l", "drug", "add", "soap").out, "1  [ ] soap\n")
        XCTAssertEqual(try kago("add", "shampoo", "--list", "Drugstore").status, 0)
        XCTAssertEqual(try kago("add", "tea", "--", "-l", "drug").status, 0, "after -- it is the note")
        XCTAssertEqual(try kago("list").out.split(separator: "\n").count, 1, "tea went to Shopping")
        XCTAssertEqual(try kago("list", "-l", "drug").out.split(separator: "\n").count, 2)
        try FileManager.default.createDirectory(atPath: root + "/config/kago", withIntermediateDirectories: true)
        _ = write("list = Drugstore\n", to: "config/kago/config")
        XCTAssertEqual(try kago("list").out.split(separator: "\n").count, 2, "the config's list comes before the last used")
        XCTAssertTrue(try kago("list", "--json").out.contains(#""list": "Drugstore"}"#))
    }

    func testMoveKeepsTheCategoryByName() throws {
        _ = try add("milk #dairy", "tea")
        _ = try kago("lists", "add", "Corner shop")
        XCTAssertEqual(try kago("move", "milk", "--to", "corner").out, "moved to Corner shop  1  [ ] milk  #dairy\n")
        XCTAssertEqual(try kago("list").out, "2  [ ] tea\n")
        XCTAssertEqual(try kago("list", "-l", "corner").out, "1  [ ] milk  #dairy\n")
        assertUsage(try kago("move", "tea"), "'move' needs --to LIST")
        assertUsage(try kago("move", "tea", "--to", "shopping"), "the items are on 'Shopping' already")
    }

    func testExportAllListsAndImportIntoNamedLists() throws {
        _ = try add("milk #dairy")
        _ = try kago("lists", "add", "Drugstore")
        _ = try kago("-l", "drug", "add", "soap")
        XCTAssertEqual(try kago("export", "--format", "csv").out, "name,quantity,category,date,note,purchased\nmilk,,dairy,,,false\n")
        XCTAssertEqual(try kago("export", "--format", "csv", "--all-lists").out,
                       "name,quantity,category,date,note,purchased,list\nmilk,,dairy,,,false,Shopping\nsoap,,,,,false,Drugstore\n")
        let md = try kago("export", "--format", "md", "--all-lists").out
        XCTAssertTrue(md.hasPrefix("## Shopping\n\n### dairy\n\n- [ ] milk\n"), md)
        XCTAssertTrue(md.contains("## Drugstore\n\n### Uncategorised\n\n- [ ] soap\n"), md)
        let imported = try kago("import", "-", "--format", "csv", stdin: "name,list\nnails,Hardware\ntea,\n")
        XCTAssertEqual(imported.status, 0, imported.err)
        XCTAssertEqual(try kago("list", "-l", "hardware").out, "3  [ ] nails\n", "a list named by a row is created")
        XCTAssertEqual(try kago("list").out, "1  [ ] milk  #dairy\n4  [ ] tea\n", "a row without one goes to the current list")
        let refused = try kago("import", "-", "--format", "json", stdin: #"[{"name": "x", "list": "a\u0007"}, {"name": "y", "list": "New"}]"#)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(try kago("lists").out.split(separator: "\n").count, 3, "all rows or none: no list New")
    }

    func testAnIdNeedsNoListButANameDoes() throws {
        _ = try add("milk")
        _ = try kago("lists", "add", "Drugstore")
        XCTAssertEqual(try kago("-l", "drug", "add", "soap").out, "2  [ ] soap\n")
        XCTAssertEqual(try kago("check", "2").out, "2  [x] soap\n", "found on the other list by its id")
        XCTAssertEqual(try kago("list", "-l", "drug", "--purchased").out, "2  [x] soap\n")
        XCTAssertEqual(try kago("check", "soap").status, 2, "a name is looked for in the current list")
        XCTAssertEqual(try kago("list").out, "1  [ ] milk\n")
    }
}
