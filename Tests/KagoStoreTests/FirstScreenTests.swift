import KagoState
@testable import KagoStore
import XCTest

/// `Store.firstScreen`: the first items of the to-buy list, read in list order through indexes.
final class FirstScreenTests: TemporaryDirectoryTestCase {
    let today = Day(year: 2026, month: 12, day: 24)!

    /// A list with every kind of row: dated and undated, same-day ties, categorised, uncategorised,
    /// purchased, categories out of id order, and an item whose category no longer exists.
    func makeList() throws -> Store {
        let store = try openStore()
        for name in ["produce", "dairy", "bakery"] { _ = try store.perform(.addCategory(name: name), now: now) }
        let bakery = try XCTUnwrap(category(store, named: "bakery"))
        _ = try store.perform(.moveCategory(id: bakery.id, by: -2), now: now)
        let names = ["milk", "bread", "apples", "eggs", "tofu", "rice", "tea", "soap", "jam", "oats", "salt", "kale"]
        let categories: [String?] = ["dairy", "bakery", nil, "produce", nil, "dairy"]
        for (i, name) in names.enumerated() {
            let date = i % 3 == 0 ? nil : today.adding(days: (i * 7) % 5 - 2)
            let draft = ItemDraft(name: name, category: categories[i % categories.count], date: date)
            let item = try XCTUnwrap(try store.perform(.add(draft), now: now).items.first?.after)
            if i % 4 == 1 { _ = try store.perform(.setPurchased(ids: [item.id], true), now: now) }
        }
        // A category id with no category, as a hand-edited file may have.
        try store.db.execute("PRAGMA foreign_keys = OFF; UPDATE items SET category_id = 99 WHERE name = 'tea'; PRAGMA foreign_keys = ON")
        return store
    }

    /// The ids the full list shows under `sort`, in order.
    func listed(_ store: Store, sort: SortMode) throws -> [Int64] {
        let snapshot = try store.load()
        let rows = ListRows.toBuy(snapshot.items.filter { !$0.isPurchased }, sort: sort,
                                  categories: Dictionary(uniqueKeysWithValues: snapshot.categories.map { ($0.id, $0) }),
                                  today: today, filter: "", scope: nil)
        return rows.compactMap { if case .item(let id) = $0 { id } else { nil } }
    }

    func testTheFirstItemsAreTheListsFirstItemsWithTheWholeListsCounts() throws {
        let store = try makeList()
        let all = try store.items()
        for sort in [SortMode.date, .category, .added] {
            let expected = try listed(store, sort: sort)
            for limit in [0, 1, 3, 5, expected.count, expected.count + 4] {
                let window = try XCTUnwrap(try store.firstScreen(sort: sort, limit: limit), "\(sort)")
                // A snapshot keeps items by id; the state sorts them into the list.
                XCTAssertEqual(window.items.map(\.id), expected.prefix(limit).sorted(), "\(sort), \(limit) rows")
                XCTAssertEqual(window.totals, ItemCounts(toBuy: expected.count, purchased: all.count - expected.count))
                XCTAssertEqual(window.categories, try store.categories())
                XCTAssertTrue(window.knownNames.isEmpty, "completion names wait for the full load")
                let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
                XCTAssertEqual(window.items, window.items.map { byID[$0.id]! }, "whole rows, as load() reads them")
            }
        }
    }

    /// The triggers keep the counts right through every kind of write, by kago or by hand.
    func testTheKeptCountsFollowEveryWrite() throws {
        let store = try makeList()
        func check(_ what: String) throws {
            let items = try store.items()
            let toBuy = items.filter { !$0.isPurchased }.count
            XCTAssertEqual(try store.read { try store.totals() }, ItemCounts(toBuy: toBuy, purchased: items.count - toBuy), what)
        }
        try check("made")
        let milk = try XCTUnwrap(try store.items().first { $0.name == "milk" })
        let checked = try store.perform(.setPurchased(ids: [milk.id], true), now: now)
        try check("checked")
        _ = try store.perform(.restore(checked.inverted), now: now)
        try check("undone")
        _ = try store.perform(.clearPurchased, now: now)
        try check("cleared")
        let deleted = try store.perform(.delete(ids: [milk.id]), now: now)
        try check("deleted")
        _ = try store.perform(.restore(deleted.inverted), now: now)
        try check("restored")
        _ = try store.insert([ImportRow(name: "x", purchasedAt: 5), ImportRow(name: "y")], now: now)
        try check("imported")
        try store.db.execute("UPDATE items SET purchased_at = 7 WHERE id % 2 = 0; DELETE FROM items WHERE id = 3")
        try check("by hand")
        try store.db.execute("DELETE FROM item_counts")
        try check("counted afresh without the row")
    }

    func testNameOrderAndOddDatesAreLeftToTheFullLoad() throws {
        let store = try makeList()
        XCTAssertNil(try store.firstScreen(sort: .name, limit: 5), "names sort by a key folded in Swift")
        for odd in ["2026-1-5", "2026-02-29", "soon"] {
            try store.db.run("UPDATE items SET date = ? WHERE name = 'milk'", .text(odd))
            XCTAssertNil(try store.firstScreen(sort: .date, limit: 5), odd)
            XCTAssertNotNil(try store.firstScreen(sort: .added, limit: 5), "only the date order depends on it")
        }
        try store.db.run("UPDATE items SET date = '2028-02-29' WHERE name = 'milk'")
        XCTAssertNotNil(try store.firstScreen(sort: .date, limit: 5), "a leap day is a real day")
    }

    /// The SQL test for dates in another form agrees with the parser on what kago writes.
    func testOddDatesAreTheOnesTheParserDoesNotWriteBack() throws {
        let store = try openStore()
        var texts = ["2026-12-24", "2024-02-29", "2000-02-29", "1900-02-29", "2026-02-28", "2026-02-29", "2026-04-30",
                     "2026-04-31", "2026-12-31", "2026-12-32", "2026-13-01", "2026-00-10", "2026-01-00", "0000-01-01",
                     "0001-01-01", "9999-12-31", "2026-1-5", "2026-01-5", "20261224", "2026-12-24 ", " 2026-12-24",
                     "2026/12/24", "2026-12-2x", "now", "", "２０２６-１２-２４", "-202-01-05"]
        for month in 1...12 { texts.append("2027-\(month < 10 ? "0" : "")\(month)-31") }
        for text in texts {
            let odd = try store.db.integer("SELECT \(Schema.oddDate) FROM (SELECT ? AS date)", .text(text))
            XCTAssertEqual(odd == 1, Day(iso: text)?.iso != text, "'\(text)'")
        }
    }

    func testTheWindowIsReadThroughIndexes() throws {
        let store = try makeList()
        func plan(_ sql: String) throws -> String {
            try store.db.rows("EXPLAIN QUERY PLAN " + sql) { $0.text(3) }.joined(separator: "; ")
        }
        XCTAssertTrue(try plan("SELECT * FROM items WHERE purchased_at IS NULL AND date IS NOT NULL ORDER BY date, id LIMIT 5")
            .contains("INDEX items_to_buy_date"))
        XCTAssertTrue(try plan("SELECT * FROM items WHERE purchased_at IS NULL AND date IS NULL ORDER BY id LIMIT 5")
            .contains("INDEX items_to_buy_date"))
        XCTAssertTrue(try plan("SELECT EXISTS (SELECT 1 FROM items WHERE \(Schema.oddDate))").contains("items_odd_date"))
        XCTAssertFalse(try plan("SELECT * FROM items WHERE purchased_at IS NULL ORDER BY id LIMIT 5").contains("TEMP B-TREE"))
    }
}
