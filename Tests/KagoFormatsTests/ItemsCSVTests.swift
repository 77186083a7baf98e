import KagoFormats
import KagoState
import XCTest

final class ItemsCSVTests: XCTestCase {
    func decode(_ text: String) throws(DecodeError) -> [ItemRecord] { try ItemsCSV.decode(Array(text.utf8)) }

    func problems(_ text: String) -> [String] {
        do {
            _ = try decode(text)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    func testEncodesTheHeaderAndOneRowPerItem() {
        let records = [
            ItemRecord(id: 1, name: "牛乳, 低脂肪", quantity: "2", category: "乳製品", date: Day(year: 2026, month: 3, day: 1),
                       note: "say \"hi\"\nthen go", purchased: true, createdAt: 1, purchasedAt: 2),
            ItemRecord(id: 2, name: "bread", createdAt: 1),
        ]
        XCTAssertEqual(String(decoding: ItemsCSV.encode(records), as: UTF8.self), """
        name,quantity,category,date,note,purchased
        "牛乳, 低脂肪",2,乳製品,2026-03-01,"say ""hi""
        then go",true
        bread,,,,,false

        """)
    }

    func testSanitisedForATerminal() {
        let records = [ItemRecord(name: "evil\u{1B}[2J", note: "a\nb")]
        let text = String(decoding: ItemsCSV.encode(records, sanitized: true), as: UTF8.self)
        XCTAssertEqual(text, "name,quantity,category,date,note,purchased\nevil\u{FFFD}[2J,,,,a\u{FFFD}b,false\n")
        XCTAssertFalse(ItemsCSV.encode(records, sanitized: true).contains(0x1B))
        XCTAssertTrue(ItemsCSV.encode(records).contains(0x1B), "to a file the data is kept")
    }

    func testRoundTripKeepsEverythingTheColumnsCarry() throws {
        let records = [
            ItemRecord(name: "牛乳 \"特濃\", 1L", quantity: "500g", category: "乳製品, 冷蔵", date: Day(year: 2026, month: 12, day: 24),
                       note: "line1\nline2\r\n\"quoted\"", purchased: true),
            ItemRecord(name: " leading space", note: ","),
            ItemRecord(name: "esc\u{1B}[31m"),
        ]
        XCTAssertEqual(try ItemsCSV.decode(ItemsCSV.encode(records)), records)
    }

    func testColumnsInAnyOrderAndCaseNameRequired() throws {
        XCTAssertEqual(try decode("Purchased, NAME\r\nyes,milk\n,bread\nX,eggs\n0,rice\n"), [
            ItemRecord(name: "milk", purchased: true), ItemRecord(name: "bread"),
            ItemRecord(name: "eggs", purchased: true), ItemRecord(name: "rice"),
        ])
        XCTAssertEqual(try decode("name\n"), [])
    }

    /// A history export's purchase time: bought then, unless `purchased` says otherwise.
    func testAPurchaseTimeColumnMeansBought() throws {
        XCTAssertEqual(try decode("name,purchased_at\nmilk,2026-03-01T09:30:00Z\nbread,\n"), [
            ItemRecord(name: "milk", purchased: true, purchasedAt: Timestamp(iso8601: "2026-03-01T09:30:00Z")),
            ItemRecord(name: "bread"),
        ])
        XCTAssertEqual(try decode("name,purchased,purchased_at\ntea,false,2026-03-01T09:30:00Z\n"), [ItemRecord(name: "tea")])
        XCTAssertEqual(problems("name,purchased_at\nmilk,yesterday\n"),
                       [#"2: purchased_at: expected a time like 2026-03-01T09:30:00Z or nothing, found "yesterday""#])
    }

    func testHeaderProblems() {
        XCTAssertEqual(problems(""), ["1: the file is empty; expected a header line name,quantity,category,date,note,purchased"])
        XCTAssertEqual(problems("name,qty\nmilk,2\n"),
                       [#"1: unknown column "qty" in the header; the columns are name,quantity,category,date,note,purchased,list,purchased_at"#])
        XCTAssertEqual(problems("name,Name\n"), [#"1: the column "name" appears twice in the header"#])
        XCTAssertEqual(problems("quantity\n2\n").first?.hasPrefix(#"1: the header has no "name" column"#), true)
    }

    func testEveryInvalidRowIsNamedByLine() {
        XCTAssertEqual(problems("name,date,purchased\nok,2026-01-01,false\nbad,fri,\n,,\ntoo,many,fields,here\n\"multi\nline\",,maybe\n"), [
            #"3: date: expected a date like 2026-03-01 or nothing, found "fri""#,
            "4: name: an item needs a name",
            "5: 4 fields, but the header has 3",
            #"6: purchased: expected true or false, found "maybe""#,
        ])
    }
}
