import KagoState
@testable import KagoStore
import XCTest

/// Purchase history (SPEC §10, schema 10): every check records a purchase, whichever command
/// makes it; a slip undone or unchecked in the same session takes it back; deleting keeps it.
final class PurchaseHistoryTests: TemporaryDirectoryTestCase {
    var store: Store!

    override func setUpWithError() throws {
        try super.setUpWithError()
        store = try openStore()
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    func history(_ s: Store? = nil) throws -> [Purchase] { try (s ?? store).purchases() }

    @discardableResult
    func check(_ item: Item, at time: Timestamp, in s: Store? = nil) throws -> ChangeSet {
        try (s ?? store).perform(.setPurchased(ids: [item.id], true), now: time)
    }

    func testACheckRecordsNameFoldedQuantityCategoryListAndTime() throws {
        let milk = try add(store, "Ｍilk", category: "Dairy", quantity: "2")
        let changes = try check(milk, at: now + 5)
        let p = try XCTUnwrap(try history().first)
        XCTAssertEqual([p.key, p.name, p.quantity, p.category], ["milk", "Ｍilk", "2", "Dairy"])
        XCTAssertEqual(p.purchasedAt, now + 5)
        XCTAssertEqual(p.listID, store.listID)
        XCTAssertEqual(p.itemID, milk.id)
        XCTAssertFalse(p.hidden)
        XCTAssertEqual(changes.purchases, [RowChange(id: p.id, before: nil, after: p)], "in the change set, for undo")
    }

    /// The day is the local day of the moment, from the store's clock (Tokyo here: 23:30 UTC
    /// is the next morning).
    func testThePurchaseDayIsLocal() throws {
        store = try Store.open(path: databasePath, localDay: { LocalClock(today: Day(ordinal: 0), utcOffset: 9 * 3600).day(of: $0) })
        let late = Timestamp(Day(year: 2026, month: 5, day: 1)!.ordinal) * 86400 + 23 * 3600 + 1800
        try check(try add(store, "natto"), at: late)
        XCTAssertEqual(try history().first?.day.iso, "2026-05-02")
    }

    func testAnUncheckInTheSameSessionForgetsThePurchase() throws {
        let milk = try add(store, "milk")
        try check(milk, at: now + 1)
        let changes = try store.perform(.setPurchased(ids: [milk.id], false), now: now + 2)
        XCTAssertEqual(try history(), [])
        XCTAssertEqual(changes.purchases.map(\.after), [nil])
    }

    /// Milk bought last week and put back on the list to buy again was still bought last week.
    func testAnUncheckInAnotherSessionKeepsThePurchase() throws {
        let milk = try add(store, "milk")
        try check(milk, at: now + 1)
        let later = try openStore()
        let changes = try later.perform(.setPurchased(ids: [milk.id], false), now: now + 7 * 86400)
        XCTAssertEqual(try history(later).map(\.purchasedAt), [now + 1])
        XCTAssertEqual(changes.purchases, [])
        try check(milk, at: now + 8 * 86400, in: later)
        XCTAssertEqual(try history(later).map(\.purchasedAt), [now + 1, now + 8 * 86400], "bought again: a second purchase")
    }

    func testUndoForgetsAndRedoRestoresTheSamePurchase() throws {
        let milk = try add(store, "milk")
        let changes = try check(milk, at: now + 1)
        let recorded = try history()
        let undo = try store.perform(.restore(changes.inverted), now: now + 2)
        XCTAssertEqual(try history(), [])
        XCTAssertEqual(undo, changes.inverted)
        XCTAssertEqual(try store.perform(.restore(changes), now: now + 3), changes)
        XCTAssertEqual(try history(), recorded, "the same row, id and all")
        _ = try store.perform(.setPurchased(ids: [milk.id], false), now: now + 4)
        XCTAssertEqual(try history(), [], "redone in this session: an uncheck forgets it again")
    }

    func testUndoingAnUncheckBringsTheForgottenPurchaseBack() throws {
        let milk = try add(store, "milk")
        try check(milk, at: now + 1)
        let recorded = try history()
        let uncheck = try store.perform(.setPurchased(ids: [milk.id], false), now: now + 2)
        _ = try store.perform(.restore(uncheck.inverted), now: now + 3)
        XCTAssertEqual(try history(), recorded)
    }

    func testDeletingAndClearingKeepTheHistoryAndUndoDoesNotDoubleIt() throws {
        let milk = try add(store, "milk"), bread = try add(store, "bread")
        try check(milk, at: now + 1)
        try check(bread, at: now + 2)
        let delete = try store.perform(.delete(ids: [milk.id]), now: now + 3)
        XCTAssertEqual(delete.purchases, [])
        let clear = try store.perform(.clearPurchased, now: now + 4)
        XCTAssertEqual(try history().map(\.name), ["milk", "bread"])
        _ = try store.perform(.restore(clear.inverted), now: now + 5)
        _ = try store.perform(.restore(delete.inverted), now: now + 6)
        XCTAssertEqual(try history().map(\.name), ["milk", "bread"], "the items came back; their purchases were there")
    }

    func testAnImportedPurchasedRowWithItsTimeIsAPurchase() throws {
        _ = try store.insert([ImportRow(name: "rice", quantity: "5kg", category: "Staples", purchasedAt: 1000, createdAt: 900),
                              ImportRow(name: "tea")], now: now)
        XCTAssertEqual(try history().map { [$0.name, $0.quantity, $0.category] }, [["rice", "5kg", "Staples"]])
        XCTAssertEqual(try history().first?.purchasedAt, 1000)
    }

    func testAPhonesCheckArrivingBySyncIsAPurchase() throws {
        let milk = try add(store, "milk")
        let values = SyncValues(name: "milk", quantity: nil, note: nil, category: "Dairy", date: nil, purchasedAt: now + 9)
        try store.applySync(list: store.listID, [.item(expected: milk, values: values,
                                                       record: SyncRecord(uid: "u1", itemID: milk.id, href: "/m", etag: nil, base: nil))],
                            now: now + 10)
        XCTAssertEqual(try history().map { [$0.name, $0.category] }, [["milk", "Dairy"]])
        XCTAssertEqual(try history().first?.purchasedAt, now + 9)
    }

    func testHidingMarksTheLastPurchaseUntilTheNextOne() throws {
        try check(try add(store, "Milk"), at: now + 1)
        try check(try add(store, "milk"), at: now + 2)
        let hide = try store.perform(.hideDue(key: "milk"), now: now + 3)
        XCTAssertEqual(try history().map(\.hidden), [false, true], "only the last purchase")
        XCTAssertEqual(try store.perform(.hideDue(key: "milk"), now: now + 4), ChangeSet(), "hidden already: nothing to undo")
        _ = try store.perform(.restore(hide.inverted), now: now + 5)
        XCTAssertEqual(try history().map(\.hidden), [false, false], "undone")
        _ = try store.perform(.restore(hide), now: now + 6)
        try check(try add(store, "MILK"), at: now + 7)
        XCTAssertEqual(try history().map(\.hidden), [false, true, false], "bought again: shown again when it is due")
    }

    /// Two lists merged: the history goes along, so its habits carry on; undo takes it back.
    func testMergingListsMovesTheHistory() throws {
        _ = try store.perform(.addList(name: "Aldi"), now: now)
        let aldi = try XCTUnwrap(try store.lists().first { $0.name == "Aldi" })
        store.select(list: aldi.id)
        try check(try add(store, "milk"), at: now + 1)
        let merge = try store.perform(.renameList(id: aldi.id, name: "Shopping"), now: now + 2)
        store.select(list: 1)
        XCTAssertEqual(try history().map(\.listID), [1])
        _ = try store.perform(.restore(merge.inverted), now: now + 3)
        XCTAssertEqual(try store.purchases(allLists: true).map(\.listID), [aldi.id])
    }

    func testOtherProcessesPurchasesArriveThroughTheChangeFeed() throws {
        let milk = try add(store, "milk")
        let start = try store.changeSequence()
        let other = try openStore()
        try check(milk, at: now + 1, in: other)
        let rows = try XCTUnwrap(try store.changes(since: start).rows)
        XCTAssertEqual(rows.purchases.values.compactMap { $0?.name }, ["milk"])
    }

    // MARK: - Typos (completion by habit)

    func testANameDeletedRightAfterItsAddIsForgottenAndUndoTeachesItAgain() throws {
        let typo = try add(store, "mlik", at: now)
        let delete = try store.perform(.delete(ids: [typo.id]), now: now + 30)
        XCTAssertFalse(try store.load().knownNames.contains("mlik"))
        XCTAssertEqual(delete.learned.map(\.after?.offered), [false])
        _ = try store.perform(.restore(delete.inverted), now: now + 40)
        XCTAssertTrue(try store.load().knownNames.contains("mlik"))
        _ = try store.perform(.restore(delete), now: now + 50)
        try add(store, "mlik", at: now + 60)
        XCTAssertTrue(try store.load().knownNames.contains("mlik"), "added again: meant, and offered")
    }

    func testATyposCategoryIsStillRemembered() throws {
        let milk = try add(store, "Milk", category: "dairy")
        _ = try store.perform(.delete(ids: [milk.id]), now: now)
        XCTAssertEqual(try add(store, "milk").categoryID, milk.categoryID)
    }

    func testARenameRightAfterTheAddForgetsTheOldName() throws {
        let typo = try add(store, "mlik", at: now)
        _ = try store.perform(.edit(id: typo.id, ItemDraft(name: "milk")), now: now + 20)
        XCTAssertEqual(try store.load().knownNames, ["milk"])
    }

    func testANameIsKeptWhenDeletedLaterOrBoughtOrOnAnotherItem() throws {
        let late = try add(store, "oat milk", at: now)
        _ = try store.perform(.delete(ids: [late.id]), now: now + Learned.typoWindow + 1)
        try check(try add(store, "rice", at: now), at: now + 1)
        let again = try add(store, "rice", at: now + 100)
        _ = try store.perform(.delete(ids: [again.id]), now: now + 130)
        try add(store, "tea", at: now)
        let twin = try add(store, "tea", at: now)
        _ = try store.perform(.delete(ids: [twin.id]), now: now + 5)
        XCTAssertEqual(Set(try store.load().knownNames), ["oat milk", "rice", "tea"])
    }

    // MARK: - Migration

    /// A schema-9 file (several lists, purchased items, one uncategorised) gains its history.
    func testPurchasedItemsBecomeHistoryInTheMigration() throws {
        let path = root + "/schema9.sqlite3"
        let db = try Database(creatingAt: path)
        try db.transaction {
            for step in Schema.migrations.prefix(9) { try step(db, Schema.Context(firstListName: "Shopping")) }
            try db.execute("""
                PRAGMA application_id = \(0x6B61_676F); PRAGMA user_version = 9;
                INSERT INTO lists(id, name, position, created_at) VALUES (2, 'Drugstore', 1, 0);
                INSERT INTO categories(id, list_id, name, position) VALUES (1, 1, 'Dairy', 0);
                INSERT INTO items(id, list_id, name, quantity, category_id, created_at, purchased_at) VALUES
                    (1, 1, 'Ｍilk', '2', 1, 10, 100), (2, 1, 'bread', NULL, NULL, 20, NULL), (3, 2, 'Soap', NULL, NULL, 30, 300);
                """)
        }
        db.close()
        let migrated = try openStore(path)
        XCTAssertEqual(try migrated.purchases(allLists: true).map { [$0.listID, $0.itemID, $0.purchasedAt] as [Int64?] },
                       [[1, 1, 100], [2, 3, 300]])
        XCTAssertEqual(try migrated.purchases(allLists: true).map { [$0.key, $0.name, $0.quantity, $0.category] },
                       [["milk", "Ｍilk", "2", "Dairy"], ["soap", "Soap", nil, nil]])
        _ = try migrated.perform(.setPurchased(ids: [1], false), now: now)
        XCTAssertEqual(try migrated.purchases(allLists: true).count, 2, "bought before this session: an uncheck keeps it")
    }
}
