import KagoState
@testable import KagoStore
import XCTest

/// Several lists (SPEC §8): each its own items, categories and counts.
final class ListsTests: TemporaryDirectoryTestCase {
    func names(_ store: Store) throws -> [String] { try store.lists().map(\.name) }

    @discardableResult
    func addList(_ store: Store, _ name: String) throws -> ShoppingList {
        try XCTUnwrap(store.perform(.addList(name: name), now: now).lists.first?.after)
    }

    func testANewDatabaseStartsWithOneListNamedInTheUsersLanguage() throws {
        XCTAssertEqual(try names(openStore()), ["Shopping"])
        let ja = try Store.open(path: root + "/ja/kago.sqlite3", firstListName: "買い物")
        XCTAssertEqual(try names(ja), ["買い物"])
    }

    func testEachListHasItsOwnItemsCategoriesAndCounts() throws {
        let store = try openStore()
        try add(store, "milk", category: "dairy")
        let drug = try addList(store, "  Drugstore ")
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
            XCTAssertThrowsError(try store.perform(.addList(name: bad), now: now), bad) {
                guard case .refused = $0 as? StoreError else { return XCTFail("\($0)") }
            }
        }
        XCTAssertEqual(try names(store), ["Shopping"])
    }

    func testRemovingNeedsForceWithItemsAndNeverTakesTheLastList() throws {
        let store = try openStore()
        let drug = try addList(store, "Drugstore")
        store.select(list: drug.id)
        try add(store, "soap")
        XCTAssertThrowsError(try store.perform(.removeList(id: drug.id, force: false), now: now))
        XCTAssertEqual(try names(store), ["Shopping", "Drugstore"])
        try store.perform(.removeList(id: drug.id, force: true), now: now)
        XCTAssertEqual(try names(store), ["Shopping"])
        XCTAssertEqual(try store.db.integer("SELECT count(*) FROM items WHERE list_id = \(drug.id)"), 0)
        XCTAssertThrowsError(try store.perform(.removeList(id: 1, force: true), now: now), "the last list stays")
        XCTAssertEqual(try names(store), ["Shopping"])
    }

    func testRenamingOntoAnotherListsNameMergesItemsAndCategoriesByName() throws {
        let store = try openStore()
        try add(store, "milk", category: "Dairy")
        let other = try addList(store, "Other")
        store.select(list: other.id)
        try add(store, "yoghurt", category: "dairy")
        try add(store, "nails", category: "hardware")
        let merge = try store.perform(.renameList(id: other.id, name: "shopping"), now: now)
        XCTAssertEqual(merge.lists.map(\.after), [nil], "the renamed list goes")
        store.select(list: 1)
        XCTAssertEqual(try names(store), ["Shopping"])
        let items = try store.load().items
        let categories = Dictionary(uniqueKeysWithValues: try store.categories().map { ($0.id, $0.name) })
        XCTAssertEqual(items.map(\.name), ["milk", "yoghurt", "nails"])
        XCTAssertEqual(items.map { categories[$0.categoryID!] }, ["Dairy", "Dairy", "hardware"])
        XCTAssertEqual(try store.lists().first?.counts, ItemCounts(toBuy: 3))
        try store.perform(.renameList(id: 1, name: "Supermarket"), now: now)
        XCTAssertEqual(try names(store), ["Supermarket"])
    }

    func testMovingKeepsTheCategoryByNameAndTheCountsFollow() throws {
        let store = try openStore()
        let milk = try add(store, "milk", category: "dairy")
        try store.perform(.setPurchased(ids: [milk.id], true), now: now)
        let drug = try addList(store, "Drugstore")
        let moved = try store.perform(.moveItems(ids: [milk.id], toList: drug.id), now: now)
        XCTAssertEqual(moved.items.map(\.after?.listID), [drug.id])
        XCTAssertEqual(moved.seen(from: 1).items.map(\.after), [nil], "gone from this list")
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
        let drug = try addList(store!, "Drugstore")
        XCTAssertEqual(store!.listID, 1)
        store!.select(list: drug.id)
        try store!.markUsed(now: now)
        store = nil
        XCTAssertEqual(try openStore().listID, drug.id)
    }

    func testAnItemMovedAwayReadsAsGoneInTheChangeFeed() throws {
        let store = try openStore()
        let milk = try add(store, "milk")
        let drug = try addList(store, "Drugstore")
        let seen = try store.changeSequence()
        let other = try openStore()
        _ = try other.perform(.moveItems(ids: [milk.id], toList: drug.id), now: now)
        let feed = try store.changes(since: seen)
        XCTAssertEqual(feed.rows?.items[milk.id], .some(nil))
    }

    // MARK: - Undo of list operations

    /// Undoes a change as the TUI does: its inverse, through the store.
    func undo(_ changes: ChangeSet, _ store: Store) throws {
        try store.perform(.restore(changes.inverted), now: now)
    }

    func snapshot(_ store: Store) throws -> [String] {
        try store.db.rows("""
            SELECT l.name || ':' || coalesce(i.name, '') || ':' || coalesce(c.name, '') FROM lists l
            LEFT JOIN items i ON i.list_id = l.id LEFT JOIN categories c ON c.id = i.category_id ORDER BY l.id, i.id
            """) { $0.text(0) } + (try store.db.rows("SELECT list_id || ':' || name FROM categories ORDER BY id") { $0.text(0) })
    }

    func testEveryListOperationIsUndoneAndRedoneExactly() throws {
        let store = try openStore()
        try add(store, "milk", category: "dairy")
        let drug = try addList(store, "Drugstore")
        store.select(list: drug.id)
        try add(store, "soap", category: "bath")
        try add(store, "cream", category: "dairy")
        store.select(list: 1)
        let start = try snapshot(store)
        let ops: [Command] = [
            .addList(name: "Hardware"),
            .renameList(id: drug.id, name: "Pharmacy"),
            .renameList(id: drug.id, name: "shopping"),
            .removeList(id: drug.id, force: true),
            .moveList(id: drug.id, by: -1),
            .moveItems(ids: [1], toList: drug.id),
        ]
        for op in ops {
            let changes = try store.perform(op, now: now)
            XCTAssertFalse(changes.isEmpty, "\(op)")
            let after = try snapshot(store)
            let order = try names(store)
            XCTAssertNoThrow(try undo(changes, store), "undo of \(op)")
            XCTAssertEqual(try snapshot(store), start, "undo of \(op)")
            XCTAssertEqual(try names(store), ["Shopping", "Drugstore"], "undo of \(op)")
            XCTAssertNoThrow(try store.perform(.restore(changes), now: now), "redo of \(op)")
            XCTAssertEqual(try snapshot(store), after, "redo of \(op)")
            XCTAssertEqual(try names(store), order, "redo of \(op)")
            try undo(changes, store)
        }
        XCTAssertEqual(try store.db.integer("SELECT count(*) FROM pragma_foreign_key_check"), 0)
        XCTAssertEqual(try store.lists().map(\.counts), [ItemCounts(toBuy: 1), ItemCounts(toBuy: 2)])
    }

    func testAnUndoNeverRemovesAListAnotherProcessPutItemsOn() throws {
        let store = try openStore()
        let added = try store.perform(.addList(name: "Drugstore"), now: now)
        let other = try openStore()
        other.select(list: try XCTUnwrap(added.lists.first?.id))
        try add(other, "soap")
        XCTAssertThrowsError(try undo(added, store)) {
            XCTAssertEqual($0 as? StoreError, .changedElsewhere)
        }
        XCTAssertEqual(try names(store), ["Shopping", "Drugstore"])
    }

    func testAnUndoOfAMoveLeavesAnItemChangedOnTheOtherListSince() throws {
        let store = try openStore()
        let milk = try add(store, "milk")
        let drug = try addList(store, "Drugstore")
        let moved = try store.perform(.moveItems(ids: [milk.id], toList: drug.id), now: now)
        let other = try openStore()
        other.select(list: drug.id)
        try other.perform(.edit(id: milk.id, ItemDraft(name: "oat milk")), now: now)
        XCTAssertThrowsError(try undo(moved, store)) {
            XCTAssertEqual($0 as? StoreError, .changedElsewhere)
        }
        XCTAssertEqual(try other.load().items.map(\.name), ["oat milk"])
    }

    // MARK: - Learned names per list

    func testEachListLearnsItsOwnNamesAndBorrowsACategoryItHasNone() throws {
        let store = try openStore()
        try add(store, "milk", category: "dairy")
        let drug = try addList(store, "Drugstore")
        store.select(list: drug.id)
        let borrowed = try add(store, "MILK")
        XCTAssertEqual(try store.categories().first { $0.id == borrowed.categoryID }?.name, "dairy",
                       "a name this list never had takes its category from another list, made here")
        _ = try store.perform(.edit(id: borrowed.id, ItemDraft(name: "milk", category: "fridge")), now: now)
        try add(store, "soap")
        store.select(list: 1)
        let again = try add(store, "milk")
        XCTAssertEqual(try store.categories().first { $0.id == again.categoryID }?.name, "dairy", "each list keeps its own")
        XCTAssertEqual(try store.load().knownNames, ["milk", "soap", "milk"], "this list's names, then the others'")
        store.select(list: drug.id)
        XCTAssertEqual(try store.load().knownNames.first, "soap", "this list's names come first")
    }

    func testVersion7LearnedNamesGoToTheListsThatHaveThem() throws {
        let store = try openStore()
        try add(store, "milk", category: "dairy")
        let drug = try addList(store, "Drugstore")
        store.select(list: drug.id)
        try add(store, "soap")
        try add(store, "Milk")
        // Back to version 7's table: one row per name, whichever list taught it.
        try store.db.execute("""
            DROP TABLE learned;
            CREATE TABLE learned (key TEXT PRIMARY KEY, name TEXT NOT NULL, category TEXT, used_at INTEGER NOT NULL);
            CREATE INDEX learned_used ON learned(used_at);
            INSERT INTO learned VALUES ('milk', 'Milk', 'dairy', 5), ('soap', 'soap', NULL, 4), ('tea', 'tea', NULL, 3);
            DROP TRIGGER items_sync_touched;
            DROP TABLE sync_lists;
            DROP TABLE sync_items;
            DROP TABLE purchases;
            PRAGMA user_version = 7;
            """)
        store.close()
        let reopened = try openStore()
        let rows = try reopened.db.rows("SELECT list_id, key, category FROM learned ORDER BY list_id, key") {
            "\($0.int64(0)) \($0.text(1)) \($0.optionalText(2) ?? "-")"
        }
        XCTAssertEqual(rows, ["1 milk dairy", "1 tea -", "\(drug.id) milk dairy", "\(drug.id) soap -"])
    }
}
