import KagoState
@testable import KagoStore
import XCTest

/// Rows as other programs may have left them: every column reads as the parsers would read it.
final class RowDecodingTests: TemporaryDirectoryTestCase {
    func testStoredDatesReadAsTheISOParserReadsThem() throws {
        let store = try openStore()
        let stored = ["2026-12-24", "2024-02-29", "2026-1-5", "2026-02-30", "2026-13-01", "0000-01-01", "2026-12-2x",
                      "20261224", "2026-12-24 ", "2026--1-05", "-202-01-05", "soon", "", "２０２６-１２-２４"]
        for text in stored {
            try store.db.run("INSERT INTO items(name, date, created_at) VALUES (?, ?, 0)", .text(text), .text(text))
        }
        // A number in the TEXT column reads as its text, as it would for any other program.
        try store.db.run("INSERT INTO items(name, date, created_at) VALUES ('number', 20261224, 0)")
        let dates = Dictionary(try store.items().map { ($0.name, $0.date) }, uniquingKeysWith: { a, _ in a })
        for text in stored + ["number"] {
            let expected = Day(iso: text == "number" ? "20261224" : text)
            XCTAssertEqual(dates[text], .some(expected), "date '\(text)'")
        }
        XCTAssertEqual(dates["2026-1-5"], .some(Day(year: 2026, month: 1, day: 5)), "the parser takes one-digit fields")
    }

    func testNullAndEmptyTextStayApart() throws {
        let store = try openStore()
        try store.db.run("INSERT INTO items(name, quantity, note, created_at) VALUES ('a', '', NULL, 0)")
        try store.db.run("INSERT INTO items(name, quantity, note, created_at) VALUES (?, NULL, ?, 0)",
                         .text("b\u{0}c"), .text("n\u{0}"))
        let items = try store.items()
        XCTAssertEqual(items.map(\.quantity), ["", nil])
        XCTAssertEqual(items.map(\.note), [nil, "n\u{0}"])
        XCTAssertEqual(items.map(\.name), ["a", "b\u{0}c"], "a NUL inside text does not cut it short")
    }
}
