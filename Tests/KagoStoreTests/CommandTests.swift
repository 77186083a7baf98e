import KagoState
import KagoStore
import XCTest

final class CommandTests: TemporaryDirectoryTestCase {
    // MARK: - add

    func testAddStoresEveryFieldAndCreatesTheCategoryAtTheEnd() throws {
        let store = try openStore()
        _ = try store.perform(.addCategory(name: "Produce"), now: now)
        let draft = ItemDraft(name: "牛乳", quantity: "2", category: "dairy", date: Day(year: 2026, month: 12, day: 24),
                              note: "the low-fat one")
        let changes = try store.perform(.add(draft), now: now)

        XCTAssertEqual(changes.categories.count, 1)
        let created = try XCTUnwrap(changes.categories.first)
        XCTAssertNil(created.before)
        XCTAssertEqual(created.after?.name, "dairy")
        XCTAssertEqual(created.after?.position, 1, "after Produce (0)")

        XCTAssertEqual(changes.items.count, 1)
        let item = try XCTUnwrap(changes.items.first?.after)
        XCTAssertNil(changes.items.first?.before)
        XCTAssertEqual(item, Item(id: item.id, name: "牛乳", quantity: "2", categoryID: created.id,
                                  date: Day(year: 2026, month: 12, day: 24), note: "the low-fat one", createdAt: now))
        XCTAssertEqual(try store.load().items, [item])
    }

    /// Issue 10.7: every way a category is made refuses the fixed row's names.
    func testTheUncategorisedNamesAreRefusedEverywhere() throws {
        let store = try openStore()
        let dairy = try XCTUnwrap(try add(store, "milk", category: "dairy").categoryID)
        let before = try store.load()
        let attempts: [Command] = [.addCategory(name: "Uncategorised"), .addCategory(name: "未分類"),
                                   .add(ItemDraft(name: "tea", category: "UNCATEGORIZED")),
                                   .renameCategory(id: dairy, name: "ｕｎｃａｔｅｇｏｒｉｓｅｄ")]
        for command in attempts {
            XCTAssertThrowsError(try store.perform(command, now: now), "\(command)")
        }
        XCTAssertThrowsError(try store.insert([ImportRow(name: "tea", category: "Uncategorised")], now: now))
        XCTAssertEqual(try store.load(), before, "nothing written")
    }

    /// Issue 10.11: the store, every writer's gate, refuses texts over their limits.
    func testTextsOverTheirLimitsAreRefused() throws {
        let store = try openStore()
        let milk = try add(store, "milk")
        let before = try store.load()
        let long = { (n: Int) in String(repeating: "x", count: n) }
        for command: Command in [.add(ItemDraft(name: long(1001))), .add(ItemDraft(name: "a", note: long(10_001))),
                                 .edit(id: milk.id, ItemDraft(name: "a", category: long(101))),
                                 .addCategory(name: long(101))] {
            XCTAssertThrowsError(try store.perform(command, now: now), "\(command)")
        }
        XCTAssertThrowsError(try store.insert([ImportRow(name: "a"), ImportRow(name: long(1001))], now: now)) {
            XCTAssertEqual(($0 as? StoreError)?.message, "row 2: the name is longer than 1000 characters")
        }
        XCTAssertEqual(try store.load(), before)
    }

    func testAddMatchesCategoriesCaseInsensitivelyBeyondASCII() throws {
        let store = try openStore()
        let first = try add(store, "apples", category: "Äpfel-Obst")
        let changes = try store.perform(.add(ItemDraft(name: "pears", category: "äPFEL-obst")), now: now)
        XCTAssertTrue(changes.categories.isEmpty, "no new category")
        XCTAssertEqual(changes.items.first?.after?.categoryID, first.categoryID)
        let wide = try add(store, "milk", category: "ＤＡＩＲＹ")
        XCTAssertEqual(try add(store, "cream", category: "ｄａｉｒｙ").categoryID, wide.categoryID)
        XCTAssertEqual(try store.categories().map(\.name), ["Äpfel-Obst", "ＤＡＩＲＹ"])
    }

    func testAddTreatsEmptyTextAsNone() throws {
        let store = try openStore()
        let item = try XCTUnwrap(try store.perform(.add(ItemDraft(name: "salt", quantity: "", category: "", note: "")),
                                                   now: now).items.first?.after)
        XCTAssertNil(item.quantity)
        XCTAssertNil(item.categoryID)
        XCTAssertNil(item.note)
        XCTAssertTrue(try store.categories().isEmpty)
    }

    func testAddRefusesAnEmptyName() throws {
        let store = try openStore()
        XCTAssertThrowsError(try store.perform(.add(ItemDraft(name: "  ", category: "dairy")), now: now)) {
            XCTAssertEqual(($0 as? StoreError)?.message, "an item needs a name")
        }
        XCTAssertEqual(try store.load(), Snapshot(), "nothing written, not even the category")
    }

    func testNamesRoundTripExactly() throws {
        let store = try openStore()
        let names = ["a\u{0}b", "🛒🧑‍🍳", "e\u{301}", "\u{1B}[31mred", "  padded  "]
        for name in names { try add(store, name) }
        XCTAssertEqual(try store.load().items.map(\.name), names)
    }

    func testIdsAreNeverReused() throws {
        let store = try openStore()
        let first = try add(store, "milk")
        _ = try store.perform(.delete(ids: [first.id]), now: now)
        XCTAssertGreaterThan(try add(store, "bread").id, first.id)
        let category = try XCTUnwrap(try store.perform(.addCategory(name: "a"), now: now).categories.first?.id)
        _ = try store.perform(.deleteCategory(id: category), now: now)
        XCTAssertGreaterThan(try XCTUnwrap(try store.perform(.addCategory(name: "a"), now: now).categories.first?.id),
                             category)
    }

    // MARK: - learned categories and names

    func testANameBoughtBeforeGetsItsLastCategory() throws {
        let store = try openStore()
        let milk = try add(store, "Milk", category: "dairy")
        _ = try store.perform(.delete(ids: [milk.id]), now: now)
        let again = try add(store, "MILK")
        XCTAssertEqual(again.categoryID, milk.categoryID)

        // An explicit category wins and becomes the one remembered.
        try add(store, "milk", category: "drinks")
        let drinks = try XCTUnwrap(try category(store, named: "drinks"))
        XCTAssertEqual(try add(store, "milk").categoryID, drinks.id)
    }

    func testALearnedCategoryThatWasDeletedIsCreatedAgain() throws {
        let store = try openStore()
        let milk = try add(store, "milk", category: "dairy")
        _ = try store.perform(.deleteCategory(id: try XCTUnwrap(milk.categoryID)), now: now)
        let changes = try store.perform(.add(ItemDraft(name: "milk")), now: now)
        let recreated = try XCTUnwrap(changes.categories.first?.after)
        XCTAssertEqual(recreated.name, "dairy")
        XCTAssertEqual(changes.items.first?.after?.categoryID, recreated.id)
    }

    func testALearnedCategoryFollowsARename() throws {
        let store = try openStore()
        let milk = try add(store, "milk", category: "dairy")
        let dairy = try XCTUnwrap(milk.categoryID)
        _ = try store.perform(.renameCategory(id: dairy, name: "Milk & cheese"), now: now)
        let changes = try store.perform(.add(ItemDraft(name: "milk")), now: now)
        XCTAssertTrue(changes.categories.isEmpty, "no stale 'dairy' comes back")
        XCTAssertEqual(changes.items.first?.after?.categoryID, dairy)
    }

    func testKnownNamesAreMostRecentFirstAndUnique() throws {
        let store = try openStore()
        try add(store, "milk", at: now)
        try add(store, "bread", at: now + 1)
        try add(store, "Milk", at: now + 2)
        XCTAssertEqual(try store.load().knownNames, ["Milk", "bread"])
    }

    // MARK: - edit

    func testEditReplacesTheFieldsAndKeepsTheRest() throws {
        let store = try openStore()
        let milk = try add(store, "milk", category: "dairy", quantity: "2")
        _ = try store.perform(.setPurchased(ids: [milk.id], true), now: now + 5)
        let date = Day(year: 2026, month: 1, day: 2)
        let changes = try store.perform(.edit(id: milk.id, ItemDraft(name: "oat milk", quantity: "1L", category: "Vegan",
                                                                     date: date, note: "barista")), now: now + 10)
        let after = try XCTUnwrap(changes.items.first?.after)
        XCTAssertEqual(after.name, "oat milk")
        XCTAssertEqual(after.quantity, "1L")
        XCTAssertEqual(after.date, date)
        XCTAssertEqual(after.note, "barista")
        XCTAssertEqual(after.createdAt, now, "created_at kept")
        XCTAssertEqual(after.purchasedAt, now + 5, "purchased_at kept")
        XCTAssertEqual(changes.categories.first?.after?.name, "Vegan")
        XCTAssertEqual(after.categoryID, changes.categories.first?.id)
    }

    func testEditWithoutACategoryUncategorisesWithoutALearnedLookup() throws {
        let store = try openStore()
        let milk = try add(store, "milk", category: "dairy")
        let after = try XCTUnwrap(try store.perform(.edit(id: milk.id, ItemDraft(name: "milk")), now: now).items.first?.after)
        XCTAssertNil(after.categoryID)
        // …and the edit is what is remembered now.
        XCTAssertNil(try add(store, "milk").categoryID)
    }

    func testEditOfAMissingItemIsRefused() throws {
        let store = try openStore()
        XCTAssertThrowsError(try store.perform(.edit(id: 42, ItemDraft(name: "x", category: "new")), now: now)) {
            XCTAssertEqual($0 as? StoreError, .refused("item 42 no longer exists"))
        }
        XCTAssertTrue(try store.categories().isEmpty, "the transaction rolled back")
    }

    // MARK: - check, uncheck, delete, clear

    /// Issue 10.9: checks within one second list the last one first, in every kago.
    func testChecksInOneSecondListTheLastCheckedFirst() throws {
        let store = try openStore()
        let ids = try (0..<4).map { try add(store, "item\($0)").id }
        for id in [ids[2], ids[0], ids[3], ids[1]] { _ = try store.perform(.setPurchased(ids: [id], true), now: now) }
        let expected = [ids[1], ids[3], ids[0], ids[2]]
        XCTAssertEqual(try store.items(purchased: true).map(\.id), expected)
        let other = try openStore()
        let snapshot = try other.load()
        let rows = ListRows.purchased(snapshot.itemsByID.values.filter(\.isPurchased), categories: [:], filter: "",
                                      checkOrder: snapshot.checkOrder)
        XCTAssertEqual(rows, expected.map { .item($0) }, "the TUI, opening the list, orders them the same")
    }

    func testSetPurchasedTouchesOnlyRowsThatChange() throws {
        let store = try openStore()
        let a = try add(store, "a")
        let b = try add(store, "b")
        _ = try store.perform(.setPurchased(ids: [a.id], true), now: now + 1)
        let changes = try store.perform(.setPurchased(ids: [a.id, b.id, 999], true), now: now + 2)
        XCTAssertEqual(changes.items.map(\.id), [b.id])
        XCTAssertEqual(changes.items.first?.after?.purchasedAt, now + 2)
        XCTAssertEqual(try store.items(purchased: true).map(\.purchasedAt), [now + 2, now + 1], "a keeps its time; newest first")

        let unchecked = try store.perform(.setPurchased(ids: [a.id], false), now: now + 3)
        XCTAssertEqual(unchecked.items.first?.before?.purchasedAt, now + 1)
        XCTAssertNil(unchecked.items.first?.after?.purchasedAt)
        XCTAssertEqual(try store.items(purchased: false).map(\.id), [a.id])
    }

    func testDeleteReportsTheDeletedRowsAndSkipsMissingOnes() throws {
        let store = try openStore()
        let a = try add(store, "a")
        let b = try add(store, "b")
        let changes = try store.perform(.delete(ids: [a.id, 999]), now: now)
        XCTAssertEqual(changes.items, [RowChange(id: a.id, before: a, after: nil)])
        XCTAssertEqual(try store.load().items, [b])
    }

    func testClearPurchasedDeletesOnlyPurchasedItems() throws {
        let store = try openStore()
        let a = try add(store, "a")
        let b = try add(store, "b")
        let c = try add(store, "c")
        _ = try store.perform(.setPurchased(ids: [a.id, c.id], true), now: now)
        let changes = try store.perform(.clearPurchased, now: now)
        XCTAssertEqual(changes.items.map(\.id), [a.id, c.id])
        XCTAssertTrue(changes.items.allSatisfy { $0.after == nil && $0.before?.isPurchased == true })
        XCTAssertEqual(try store.load().items, [b])
        XCTAssertTrue(try store.perform(.clearPurchased, now: now).isEmpty)
    }

    // MARK: - categories

    func testAddCategoryThatExistsIsANoOp() throws {
        let store = try openStore()
        let first = try store.perform(.addCategory(name: "Dairy"), now: now)
        XCTAssertEqual(first.categories.first?.after?.name, "Dairy")
        XCTAssertEqual(first.categories.first?.after?.position, 0)
        XCTAssertTrue(try store.perform(.addCategory(name: "dAIRY"), now: now).isEmpty)
        XCTAssertEqual(try store.perform(.addCategory(name: "Bakery"), now: now).categories.first?.after?.position, 1)
        XCTAssertThrowsError(try store.perform(.addCategory(name: ""), now: now)) {
            XCTAssertEqual(($0 as? StoreError)?.message, "a category needs a name")
        }
    }

    func testRenameCategory() throws {
        let store = try openStore()
        let id = try XCTUnwrap(try store.perform(.addCategory(name: "dairy"), now: now).categories.first?.id)
        let changes = try store.perform(.renameCategory(id: id, name: "Dairy"), now: now)
        XCTAssertEqual(changes.categories, [RowChange(id: id, before: Category(id: id, name: "dairy", position: 0),
                                                      after: Category(id: id, name: "Dairy", position: 0))])
        XCTAssertTrue(try store.perform(.renameCategory(id: id, name: "Dairy"), now: now).isEmpty)
        XCTAssertThrowsError(try store.perform(.renameCategory(id: 99, name: "x"), now: now))
    }

    func testRenameOntoAnExistingNameMergesIntoIt() throws {
        let store = try openStore()
        let milk = try add(store, "milk", category: "Dairy")
        let cheese = try add(store, "cheese", category: "cheese")
        let bread = try add(store, "bread", category: "Bakery")
        let dairy = try XCTUnwrap(milk.categoryID), cheeseCategory = try XCTUnwrap(cheese.categoryID)

        let changes = try store.perform(.renameCategory(id: cheeseCategory, name: "DAIRY"), now: now)
        XCTAssertEqual(changes.categories.map(\.id), [cheeseCategory])
        XCTAssertNil(changes.categories.first?.after)
        XCTAssertEqual(changes.items.map(\.id), [cheese.id])
        XCTAssertEqual(changes.items.first?.after?.categoryID, dairy)

        let snapshot = try store.load()
        XCTAssertEqual(snapshot.categories.map(\.name), ["Dairy", "Bakery"])
        XCTAssertEqual(snapshot.items.map(\.categoryID), [dairy, dairy, bread.categoryID])
        XCTAssertEqual(try add(store, "cheese").categoryID, dairy, "the learned category follows the merge")
    }

    func testDeleteCategoryUncategorisesItsItems() throws {
        let store = try openStore()
        let milk = try add(store, "milk", category: "dairy")
        let bread = try add(store, "bread", category: "bakery")
        let dairy = try XCTUnwrap(milk.categoryID)
        let changes = try store.perform(.deleteCategory(id: dairy), now: now)
        XCTAssertEqual(changes.categories.map(\.id), [dairy])
        XCTAssertNil(changes.categories.first?.after)
        var uncategorised = milk
        uncategorised.categoryID = nil
        XCTAssertEqual(changes.items, [RowChange(id: milk.id, before: milk, after: uncategorised)])
        XCTAssertEqual(try store.load().items, [uncategorised, bread])
        XCTAssertTrue(try store.perform(.deleteCategory(id: dairy), now: now).isEmpty, "already gone")
    }

    func testMoveCategorySwapsWithItsNeighbour() throws {
        let store = try openStore()
        for name in ["a", "b", "c"] { _ = try store.perform(.addCategory(name: name), now: now) }
        let ids = try store.categories().map(\.id)

        let down = try store.perform(.moveCategory(id: ids[0], by: 1), now: now)
        XCTAssertEqual(Set(down.categories.map(\.id)), [ids[0], ids[1]])
        XCTAssertEqual(try store.categories().map(\.name), ["b", "a", "c"])
        _ = try store.perform(.moveCategory(id: ids[2], by: -1), now: now)
        XCTAssertEqual(try store.categories().map(\.name), ["b", "c", "a"])
        XCTAssertEqual(try store.categories().map(\.position), [0, 1, 2])

        XCTAssertTrue(try store.perform(.moveCategory(id: ids[1], by: -1), now: now).isEmpty, "top stays")
        XCTAssertTrue(try store.perform(.moveCategory(id: ids[0], by: 1), now: now).isEmpty, "bottom stays")
        XCTAssertThrowsError(try store.perform(.moveCategory(id: 99, by: 1), now: now))
    }

    func testMoveCategoryKeepsGapsInPositions() throws {
        let store = try openStore()
        for name in ["a", "b", "c"] { _ = try store.perform(.addCategory(name: name), now: now) }
        _ = try store.perform(.deleteCategory(id: try store.categories()[1].id), now: now)
        let c = try store.categories()[1]
        let changes = try store.perform(.moveCategory(id: c.id, by: -1), now: now)
        XCTAssertEqual(changes.categories.count, 2)
        XCTAssertEqual(try store.categories().map(\.name), ["c", "a"])
        XCTAssertEqual(try store.categories().map(\.position), [0, 2])
    }

    // MARK: - reads

    func testItemsFilterAndDataVersion() throws {
        let a = try openStore()
        let b = try openStore()
        let before = try a.dataVersion()
        let milk = try add(a, "milk")
        XCTAssertEqual(try a.dataVersion(), before, "own commits do not count")
        let versionSeenByB = try b.dataVersion()
        _ = try b.perform(.setPurchased(ids: [milk.id], true), now: now)
        XCTAssertNotEqual(try a.dataVersion(), before, "another connection's commit does")
        XCTAssertEqual(try b.dataVersion(), versionSeenByB)
        XCTAssertEqual(try a.items(purchased: true).map(\.id), [milk.id])
        XCTAssertEqual(try a.items(purchased: false), [])
        XCTAssertEqual(try a.items().count, 1)
    }
}
