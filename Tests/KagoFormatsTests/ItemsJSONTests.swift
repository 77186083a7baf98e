import KagoFormats
import KagoState
import XCTest

final class ItemsJSONTests: XCTestCase {
    let full = ItemRecord(id: 7, name: "牛乳 \"low-fat\"", quantity: "2", category: "乳製品", date: Day(year: 2026, month: 3, day: 1),
                          note: "line one\nline two, with comma", purchased: true, createdAt: 1_800_000_000, purchasedAt: 1_800_000_600)

    func decode(_ text: String) throws(DecodeError) -> [ItemRecord] { try ItemsJSON.decode(Array(text.utf8)) }

    func problems(_ text: String) -> [FormatProblem] {
        do {
            _ = try decode(text)
            return []
        } catch {
            return error.problems
        }
    }

    func testEncodesTheListObjectsWithKeysInOrder() {
        let text = String(decoding: ItemsJSON.encode([full, ItemRecord(id: 8, name: "bread", createdAt: 0)]), as: UTF8.self)
        XCTAssertEqual(text, """
        [
          {"id": 7, "name": "牛乳 \\"low-fat\\"", "quantity": "2", "category": "乳製品", "date": "2026-03-01", \
        "note": "line one\\nline two, with comma", "purchased": true, "created_at": "2027-01-15T08:00:00Z", \
        "purchased_at": "2027-01-15T08:10:00Z", "list": null},
          {"id": 8, "name": "bread", "quantity": null, "category": null, "date": null, "note": null, \
        "purchased": false, "created_at": "1970-01-01T00:00:00Z", "purchased_at": null, "list": null}
        ]

        """)
        XCTAssertEqual(String(decoding: ItemsJSON.encode([]), as: UTF8.self), "[]\n")
    }

    func testEncodedRecordsDecodeToThemselvesButTheId() throws {
        var plain = ItemRecord(id: 9, name: "x\u{1B}y", createdAt: 5)
        let decoded = try ItemsJSON.decode(ItemsJSON.encode([full, plain]))
        var expected = full
        expected.id = nil
        plain.id = nil
        XCTAssertEqual(decoded, [expected, plain])
    }

    func testOnlyTheNameIsRequired() throws {
        XCTAssertEqual(try decode(#"[{"name": "milk"}]"#), [ItemRecord(name: "milk")])
        XCTAssertEqual(try decode(#"[{"name": "rice", "quantity": 5, "note": "", "category": null}]"#),
                       [ItemRecord(name: "rice", quantity: "5")], "a number quantity is taken as written; empty text is none")
        XCTAssertEqual(try decode("[]"), [])
    }

    func testPurchasedDecidesAndATimeAloneMeansBought() throws {
        let records = try decode("""
        [{"name": "a", "purchased": true},
         {"name": "b", "purchased_at": "2026-03-01T10:00:00+09:00"},
         {"name": "c", "purchased": false, "purchased_at": "2026-03-01T10:00:00Z"},
         {"name": "d", "purchased": null}]
        """)
        XCTAssertEqual(records.map(\.purchased), [true, true, false, false])
        XCTAssertEqual(records.map(\.purchasedAt), [nil, Timestamp(iso8601: "2026-03-01T01:00:00Z"), nil, nil])
    }

    func testEveryInvalidItemIsNamedByLineAndIndex() {
        let found = problems("""
        [
          {"name": "ok"},
          {"name": "b", "date": "tomorrow"},
          {"nam": "typo"},
          "just a string",
          {"quantity": "2"},
          {"name": "  "},
          {"name": "x", "name": "y"},
          {"name": 5},
          {"name": "t", "created_at": "yesterday"},
          {"name": "p", "purchased": "yes"},
          {"name": "i", "id": "7"}
        ]
        """)
        XCTAssertEqual(found.map(\.description), [
            #"3: .[1].date: expected a date like "2026-03-01" or null, found "tomorrow""#,
            #"4: .[2]: unknown key "nam"; the keys are id, name, quantity, category, date, note, purchased, created_at, purchased_at, list"#,
            #"5: .[3]: expected an item object like {"name": "milk"}, found a string"#,
            #"6: .[4]: an item needs a "name""#,
            #"7: .[5]: an item needs a "name""#,
            "8: .[6].name: the key appears twice",
            "9: .[7].name: expected a string or null, found a number",
            #"10: .[8].created_at: expected a time like "2026-03-01T09:30:00Z" or null, found "yesterday""#,
            "11: .[9].purchased: expected true, false or null, found a string",
            "12: .[10].id: expected a number or null, found a string",
        ])
    }

    /// Found by `scripts/fuzz json`: `0001-01-01T00:00:00+0900` is in year 0 in UTC, which the export
    /// would write as `0000-12-31T15:00:00Z` and then refuse to import.
    func testTimesOutsideYears1To9999InUTCAreRefused() throws {
        XCTAssertEqual(problems(#"[{"name": "a", "created_at": "0001-01-01T00:00:00+0900"}]"#).map(\.description),
                       [#"1: .[0].created_at: expected a time like "2026-03-01T09:30:00Z" or null, found "0001-01-01T00:00:00+0900""#])
        XCTAssertEqual(problems(#"[{"name": "a", "purchased_at": "9999-12-31T23:00:00-05:00"}]"#).count, 1)
        let edges = try decode(#"[{"name": "a", "created_at": "0001-01-01T09:00:00+0900", "purchased_at": "9999-12-31T23:59:59Z"}]"#)
        XCTAssertEqual(try ItemsJSON.decode(ItemsJSON.encode(edges)), edges, "the first and last second still round-trip")
    }

    func testSyntaxErrorsComeAloneWithLineAndColumn() {
        XCTAssertEqual(problems("[{\"name\": \"a\"},\n {\"name\" \"b\"}]").map(\.description),
                       ["2:10: expected ':' after the key, found '\"'"])
        XCTAssertEqual(problems("").map(\.description),
                       [#"1:1: expected a JSON array of items like [{"name": "milk"}], found an empty file"#])
        XCTAssertEqual(problems(#"{"name": "milk"}"#).first?.message,
                       #"expected a JSON array of items like [{"name": "milk"}], found '{'"#)
        XCTAssertEqual(problems("[{\"name\": \"a\"}] x").first?.message, "unexpected 'x' after the end of the JSON value")
    }

    func testProblemsStopAtTheLimit() {
        let text = "[" + Array(repeating: "{}", count: 500).joined(separator: ",") + "]"
        XCTAssertEqual(problems(text).count, DecodeError.limit)
    }
}
