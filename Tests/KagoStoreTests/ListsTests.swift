import KagoState
@testable import KagoStore
import XCTest

/// Several lists (SPEC §8): each its own items, categories and counts.
final class ListsTests: TemporaryDirectoryTestCase {
    func names(_ store: Store) throws -> [String] { try store.lists().map(\.name) }

    func testANewDatabaseStartsWithOneListNamedInTheUsersLanguage() throws {
        XCTAssertEqual(try names(openStore()), ["Shopping"])
        let ja = try Store.open(path: root + "/ja/kago.sqlite3", firstListName: "買い物")
        XCTAssertEqual(try names(ja), ["買い物"])
    }

    func testEachListHasItsOwnItemsCategoriesAndCounts() throws {
        let store = try openStore()
        try add(store, "milk", category: "dairy")
        let drug = try store.addList(named: "  Drugstore ", now: now)
        XCTAssertEqual(drug.name, "Drugstore", "trimmed")
        store.select(list: drug.id)
        XCTAssertEqual(try store.load().items, [], "the new list is empty")
        try add(store, "soap", category: "dairy")
        try add(store, "shampoo")
        XCTAssertEqual(try store.categories().map(\.name), ["dairy"], "a category of the same name, its own")
        XCTAssertEqual(try store.lists().map(\.counts), [ItemCounts(toBuy: 1), ItemCounts(toBuy: 2)])
        store.select(list: 1)
        XCTAssertEqual(try store.load().items.map(\.name), ["milk"])
        XCTAssertNotEqual(try store.categories().first?.id, try {
            store.select(list: drug.id)
            defer { store.select(list: 1) }
            return try store.categories().first?.id
        }())
    }

    func testBadAndDuplicateNamesAreRefused() throws {
        let store = try openStore()
        for bad in ["", "   ", "a\u{7}b", "ｓｈｏｐｐｉｎｇ", "SHOPPING"] {
            XCTAssertThrowsError(try store.addList(named: bad, now: now), bad) {
                guard case .refused = $0 as? StoreError else { return XCTFail("\($0)") }
            }
        }
        XCTAssertEqual(try names(store), ["Shopping"])
    }

    func testRemovingNeedsForceWithItemsAndNeverTakesTheLastList() throws {
        let store = try openStore()
        let drug = try store.addList(named: "Drugstore", now: now)
        store.select(list: drug.id)
        try add(store, "soap")
        XCTAssertThrowsError(try store.removeList(drug.id, force: false))
        XCTAssertEqual(try names(store), ["Shopping", "Drugstore"])
        try store.removeList(drug.id, force: true)
        XCTAssertEqual(try names(store), ["Shopping"])
        XCTAssertEqual(try store.db.integer("SELECT count(*) FROM items WHERE list_id = \(drug.id)"), 0)
        XCTAssertThrowsError(try store.removeList(1, force: true), "the last list stays")
        XCTAssertEqual(try names(store), ["Shopping"])
    }

    func testRenamingOntoAnotherListsNameMergesItemsAndCategoriesByName() throws {
        let store = try openStore()
        try add(store, "milk", category: "Dairy")
        let other = try store.addList(named: "Other", now: now)
        store.select(list: other.id)
        try add(store, "yoghurt", category: "dairy")
        try add(store, "nails", category: "hardware")
        XCTAssertEqual(try store.renameList(other.id, to: "shopping"), 1)
        store.select(list: 1)
        XCTAssertEqual(try names(store), ["Shopping"])
        let items = try store.load().items
        let categories = Dictionary(uniqueKeysWithValues: try store.categories().map { ($0.id, $0.name) })
        XCTAssertEqual(items.map(\.name), ["milk", "yoghurt", "nails"])
        XCTAssertEqual(items.map { categories[$0.categoryID!] }, ["Dairy", "Dairy", "hardware"])
        XCTAssertEqual(try store.lists().first?.counts, ItemCounts(toBuy: 3))
        XCTAssertEqual(try store.renameList(1, to: "Supermarket"), 1)
        XCTAssertEqual(try names(store), ["Supermarket"])
    }

    func testMovingKeepsTheCategoryByNameAndTheCountsFollow() throws {
        let store = try openStore()
        let milk = try add(store, "milk", category: "dairy")
        try store.perform(.setPurchased(ids: [milk.id], true), now: now)
        let drug = try store.addList(named: "Drugstore", now: now)
        let moved = try store.move([milk.id], to: drug.id)
        XCTAssertEqual(moved.items.map(\.after), [nil], "gone from this list")
        XCTAssertEqual(try store.load().items, [])
        XCTAssertEqual(try store.lists().map(\.counts), [ItemCounts(), ItemCounts(purchased: 1)])
        store.select(list: drug.id)
        let there = try XCTUnwrap(store.load().items.first)
        XCTAssertEqual(there.id, milk.id, "ids stay unique across lists")
        XCTAssertEqual(try store.categories().first { $0.id == there.categoryID }?.name, "dairy")
        XCTAssertNotNil(there.purchasedAt)
    }

    func testTheListLastUsedIsTheOneAStoreOpensOn() throws {
        var store: Store? = try openStore()
        let drug = try store!.addList(named: "Drugstore", now: now)
        XCTAssertEqual(store!.listID, 1)
        store!.select(list: drug.id)
        try store!.markUsed(now: now)
        store = nil
        XCTAssertEqual(try openStore().listID, drug.id)
    }

    func testAnItemMovedAwayReadsAsGoneInTheChangeFeed() throws {
        let store = try openStore()
        let milk = try add(store, "milk")
        let drug = try store.addList(named: "Drugstore", now: now)
        let seen = try store.changeSequence()
        let other = try openStore()
        _ = try other.move([milk.id], to: drug.id)
        let feed = try store.changes(since: seen)
        XCTAssertEqual(feed.rows?.items[milk.id], .some(nil))
    }
}
