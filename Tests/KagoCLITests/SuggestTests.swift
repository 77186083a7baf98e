import Foundation
import XCTest

/// `kago suggest` and `kago export --history` (SPEC §10). The runs use TZ=UTC.
final class SuggestTests: CLITestCase {
    let now = Int(Date().timeIntervalSince1970)

    /// A moment `days` days ago, ISO 8601 in UTC.
    func ago(_ days: Int) -> String {
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: Date(timeIntervalSince1970: TimeInterval(now - days * 86400)))
    }

    /// The local (UTC) date `days` days ago.
    func date(_ days: Int) -> String { String(ago(days).prefix(10)) }

    /// Purchases imported as purchased items: each is a purchase at its time.
    func buy(_ purchases: [(name: String, daysAgo: Int)], quantity: String? = nil, category: String? = nil,
             list: String? = nil) throws {
        let rows = purchases.map { p in
            var fields = ["\"name\": \"\(p.name)\"", "\"purchased_at\": \"\(ago(p.daysAgo))\""]
            if let quantity { fields.append("\"quantity\": \"\(quantity)\"") }
            if let category { fields.append("\"category\": \"\(category)\"") }
            if let list { fields.append("\"list\": \"\(list)\"") }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        let r = try kago("import", write("[" + rows.joined(separator: ",\n") + "]", to: "bought.json"))
        XCTAssertEqual(r.status, 0, r.err)
    }

    /// The acceptance: milk bought three times a week apart is offered the day it is due.
    func testMilkBoughtThreeTimesAWeekApartIsSuggestedTheDayItIsDue() throws {
        try buy([("牛乳", 21), ("牛乳", 14), ("牛乳", 7)], quantity: "2", category: "乳製品")
        try buy([("rice", 70), ("Rice", 40), ("rice", 10)])
        try buy([("eggs", 12), ("eggs", 9)])
        XCTAssertEqual(try kago("suggest").out, "牛乳  every 7 days  last \(date(7)) (7 days ago)\n",
                       "rice is not due for 20 days; eggs were bought on two days only")
        let json = try kago("suggest", "--json")
        XCTAssertEqual(json.out, """
            [
              {"name": "牛乳", "quantity": "2", "category": "乳製品", "interval_days": 7, "last_purchased": "\(ago(7))", "days_since": 7}
            ]

            """)
    }

    func testMostOverdueFirstAlignedAndNotWhatIsOnTheList() throws {
        try buy([("milk", 21), ("milk", 14), ("milk", 8)])
        try buy([("bread", 5), ("bread", 4), ("bread", 3)])
        try buy([("tea", 30), ("tea", 20), ("tea", 10)])
        XCTAssertEqual(try kago("suggest").lines, [
            "bread  every day      last \(date(3)) (3 days ago)",
            "milk   every 7 days   last \(date(8)) (8 days ago)",
            "tea    every 10 days  last \(date(10)) (10 days ago)",
        ], "2, 1 and 0 days overdue")
        try add("Bread")
        XCTAssertEqual(try kago("suggest").lines.map { String($0.prefix(5)) }, ["milk ", "tea  "], "bread is on To buy")
    }

    func testAddPutsThemAllOnTheListLikeAdd() throws {
        try buy([("milk", 21), ("milk", 14), ("milk", 7)], quantity: "2", category: "dairy")
        try buy([("soap", 9), ("soap", 6), ("soap", 3)], list: "Drugstore")
        let added = try kago("suggest", "--add")
        XCTAssertEqual(added.status, 0, added.err)
        XCTAssertTrue(added.out.hasSuffix("[ ] milk  ×2  #dairy\n"), added.out)
        XCTAssertEqual(try kago("suggest").out, "", "on the list now")
        XCTAssertEqual(try kago("suggest", "--add").out, "", "nothing left to add")
        XCTAssertEqual(try kago("suggest", "-l", "drug", "--json").lines.count, 3, "each list has its own history")
        let json = try kago("-l", "Drugstore", "suggest", "--add", "--json")
        XCTAssertTrue(json.out.contains("\"name\": \"soap\"") && json.out.contains("\"purchased\": false"), json.out)
    }

    func testOnlyTheCheckOfThisRunIsForgottenByAnUncheck() throws {
        try add("milk")
        XCTAssertEqual(try kago("check", "milk").status, 0)
        XCTAssertEqual(try kago("uncheck", "milk").status, 0)
        XCTAssertEqual(try kago("export", "--history").lines.count, 3, "checked in an earlier run: still bought")
        XCTAssertEqual(try kago("rm", "milk").status, 0)
        XCTAssertTrue(try kago("export", "--history").out.contains("\"name\": \"milk\""), "deleting keeps the history")
    }

    func testExportHistoryAsJSONAndCSVAndBackIn() throws {
        try buy([("milk", 3), ("eggs", 2)], category: "dairy")
        try buy([("soap", 1)], list: "Drugstore")
        XCTAssertEqual(try kago("export", "--history").out, """
            [
              {"name": "milk", "quantity": null, "category": "dairy", "purchased_at": "\(ago(3))", "list": "Shopping"},
              {"name": "eggs", "quantity": null, "category": "dairy", "purchased_at": "\(ago(2))", "list": "Shopping"}
            ]

            """)
        let csv = try kago("export", "--history", "--all-lists", "--format", "csv")
        XCTAssertEqual(csv.lines, ["name,quantity,category,purchased_at,list", "milk,,dairy,\(ago(3)),Shopping",
                                   "eggs,,dairy,\(ago(2)),Shopping", "soap,,,\(ago(1)),Drugstore"])
        let other = ["XDG_DATA_HOME": root + "/other-data", "XDG_CONFIG_HOME": root + "/other-config"]
        XCTAssertEqual(try kago("import", write(csv.out, to: "history.csv"), environment: other).status, 0)
        XCTAssertEqual(try kago("export", "--history", "--all-lists", "--format", "csv", environment: other).out, csv.out,
                       "a history file imported is the same history")
        XCTAssertEqual(try kago("list", "--purchased", environment: other).lines.count, 2, "as purchased items")
        assertUsage(try kago("export", "--history", "--format", "md"), "'--history' writes json or csv")
    }

    func testUsage() throws {
        assertUsage(try kago("suggest", "milk"), "'suggest' takes no argument 'milk'")
        assertUsage(try kago("suggest", "--all"), "unknown option '--all' for 'suggest'")
        XCTAssertTrue(try kago("help", "suggest").out.hasPrefix("Usage: kago suggest [--json] [--add]"))
        XCTAssertEqual(try kago("suggest").status, 0, "nothing due: nothing printed")
        XCTAssertEqual(try kago("suggest", "--json").out, "[]\n")
    }
}
