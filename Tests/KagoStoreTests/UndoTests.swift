import KagoState
import KagoStore
import XCTest

/// Undo is `restore(changes.inverted)` and redo is `restore(changes)`: for every command,
/// both must bring the rows back exactly.
final class UndoTests: TemporaryDirectoryTestCase {
    var store: Store!
    var milk: Item!
    var bread: Item!
    var eggs: Item!

    override func setUpWithError() throws {
        try super.setUpWithError()
        store = try openStore()
        milk = try add(store, "milk", category: "dairy", quantity: "2")
        bread = try add(store, "bread", category: "bakery")
        eggs = try add(store, "eggs", category: "dairy")
        _ = try store.perform(.setPurchased(ids: [eggs.id], true), now: now + 1)
        eggs = try store.load().items.first { $0.id == eggs.id }
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    /// Performs `command`, undoes it, redoes it, undoes it again, checking the rows each time.
    @discardableResult
    func assertUndoRedo(_ command: Command, file: StaticString = #filePath, line: UInt = #line) throws -> ChangeSet {
        let before = try store.load()
        let changes = try store.perform(command, now: now + 100)
        XCTAssertFalse(changes.isEmpty, "the command changed something", file: file, line: line)
        let after = try store.load()

        let undo = try store.perform(.restore(changes.inverted), now: now + 200)
        XCTAssertRows(try store.load(), before, "undo", file: file, line: line)
        XCTAssertEqual(undo, changes.inverted, "undo reports exactly the rows it put back", file: file, line: line)

        let redo = try store.perform(.restore(changes), now: now + 300)
        XCTAssertRows(try store.load(), after, "redo", file: file, line: line)
        XCTAssertEqual(redo, changes, "redo reports the original change", file: file, line: line)

        _ = try store.perform(.restore(changes.inverted), now: now + 400)
        XCTAssertRows(try store.load(), before, "second undo", file: file, line: line)
        return changes
    }

    func testAddWithANewCategory() throws {
        let changes = try assertUndoRedo(.add(ItemDraft(name: "apples", category: "fruit")))
        XCTAssertEqual(changes.categories.count, 1)
        XCTAssertNil(try category(store, named: "fruit"), "undo removed the category it created")
    }

    /// A paste of several lines is one command: one undo takes every item (and new category) away.
    func testAddAllIsOneUndoStep() throws {
        let changes = try assertUndoRedo(.addAll([ItemDraft(name: "eggs"), ItemDraft(name: "ddddd"),
                                                  ItemDraft(name: "more", category: "extras")]))
        XCTAssertEqual(changes.items.count, 3)
        XCTAssertEqual(changes.categories.count, 1)
    }

    /// One transaction: a draft the store refuses leaves none of the others written.
    func testAddAllWithARefusedDraftWritesNothing() throws {
        let before = try store.load()
        XCTAssertThrowsError(try store.perform(.addAll([ItemDraft(name: "eggs"), ItemDraft(name: "  ")]), now: now + 100))
        XCTAssertRows(try store.load(), before, "nothing of the paste")
    }

    func testEdit() throws {
        try assertUndoRedo(.edit(id: milk.id, ItemDraft(name: "oat milk", category: "vegan", note: "barista")))
    }

    func testCheckAndUncheck() throws {
        try assertUndoRedo(.setPurchased(ids: [milk.id, bread.id], true))
        try assertUndoRedo(.setPurchased(ids: [eggs.id], false))
    }

    func testDelete() throws {
        try assertUndoRedo(.delete(ids: [milk.id, eggs.id]))
        XCTAssertEqual(try store.load().items, [milk, bread, eggs], "same ids, same timestamps")
    }

    func testClearPurchased() throws {
        try assertUndoRedo(.clearPurchased)
    }

    func testAddCategory() throws {
        try assertUndoRedo(.addCategory(name: "frozen"))
    }

    func testRename() throws {
        try assertUndoRedo(.renameCategory(id: try XCTUnwrap(milk.categoryID), name: "Milk & co"))
    }

    func testRenameMerge() throws {
        let changes = try assertUndoRedo(.renameCategory(id: try XCTUnwrap(milk.categoryID), name: "BAKERY"))
        XCTAssertEqual(changes.items.count, 2, "milk and eggs moved")
        XCTAssertEqual(changes.categories.count, 1, "dairy removed")
    }

    func testDeleteCategory() throws {
        let changes = try assertUndoRedo(.deleteCategory(id: try XCTUnwrap(milk.categoryID)))
        XCTAssertEqual(Set(changes.items.map(\.id)), [milk.id, eggs.id])
    }

    func testMoveCategory() throws {
        try assertUndoRedo(.moveCategory(id: try XCTUnwrap(bread.categoryID), by: -1))
    }

    func testImport() throws {
        let changes = try store.insert([ImportRow(name: "tofu", category: "vegan"), ImportRow(name: "rice")], now: now)
        let before = try store.load()
        _ = try store.perform(.restore(changes.inverted), now: now)
        XCTAssertEqual(try store.load().items, [milk, bread, eggs])
        _ = try store.perform(.restore(changes), now: now)
        XCTAssertRows(try store.load(), before)
    }

    // MARK: - Another process changed the rows since (issue 10.2)

    /// Asserts that restoring `target` is refused as changed elsewhere and writes nothing.
    func assertRefusedAsChangedElsewhere(_ target: ChangeSet, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try store.load()
        XCTAssertThrowsError(try store.perform(.restore(target), now: now + 500), file: file, line: line) {
            XCTAssertEqual($0 as? StoreError, .changedElsewhere, file: file, line: line)
        }
        XCTAssertEqual(try store.load(), before, "nothing written", file: file, line: line)
    }

    func testUndoingACheckOfAnItemDeletedElsewhereLeavesItDeleted() throws {
        let check = try store.perform(.setPurchased(ids: [milk.id], true), now: now + 1)
        _ = try openStore().perform(.delete(ids: [milk.id]), now: now + 2)
        try assertRefusedAsChangedElsewhere(check.inverted)
        XCTAssertNil(try store.load().items.first { $0.id == milk.id }, "the other process's delete stands")
    }

    func testUndoingAnAddOfAnItemCheckedElsewhereKeepsTheCheck() throws {
        let add = try store.perform(.add(ItemDraft(name: "Pear")), now: now + 1)
        let pear = try XCTUnwrap(add.items.first?.after)
        _ = try openStore().perform(.setPurchased(ids: [pear.id], true), now: now + 2)
        try assertRefusedAsChangedElsewhere(add.inverted)
        XCTAssertEqual(try store.load().items.first { $0.id == pear.id }?.purchasedAt, now + 2)
    }

    func testRedoOverAChangeFromElsewhereIsRefused() throws {
        let check = try store.perform(.setPurchased(ids: [milk.id], true), now: now + 1)
        _ = try store.perform(.restore(check.inverted), now: now + 2)
        _ = try openStore().perform(.edit(id: milk.id, ItemDraft(name: "oat milk")), now: now + 3)
        try assertRefusedAsChangedElsewhere(check)
        XCTAssertEqual(try store.load().items.first { $0.id == milk.id }?.name, "oat milk")
    }

    func testUndoThatWouldUncategoriseAnotherProcesssItemIsRefused() throws {
        let add = try store.perform(.add(ItemDraft(name: "apples", category: "fruit")), now: now + 1)
        let other = try openStore()
        _ = try other.perform(.add(ItemDraft(name: "pears", category: "fruit")), now: now + 2)
        try assertRefusedAsChangedElsewhere(add.inverted)
        XCTAssertNotNil(try category(store, named: "fruit"), "pears keep their category")
    }

    func testUndoOfRowsStillAsLeftGoesThroughBesideOtherChanges() throws {
        let check = try store.perform(.setPurchased(ids: [milk.id], true), now: now + 1)
        _ = try openStore().perform(.setPurchased(ids: [bread.id], true), now: now + 2)
        _ = try store.perform(.restore(check.inverted), now: now + 3)
        let items = try store.load().items
        XCTAssertNil(items.first { $0.id == milk.id }?.purchasedAt, "milk unchecked")
        XCTAssertEqual(items.first { $0.id == bread.id }?.purchasedAt, now + 2, "the other check stays")
    }

    // MARK: - The learned category (issue 10.5)

    func testUndoOfAnEditPutsBackTheLearnedCategory() throws {
        let edit = try store.perform(.edit(id: milk.id, ItemDraft(name: "Milk")), now: now + 1)
        _ = try store.perform(.restore(edit.inverted), now: now + 2)
        let again = try store.perform(.add(ItemDraft(name: "milk")), now: now + 3)
        XCTAssertEqual(again.items.first?.after?.categoryID, milk.categoryID, "milk still suggests dairy")
    }

    func testUndoOfAnAddForgetsANewNameAndRedoTeachesItAgain() throws {
        let add = try store.perform(.add(ItemDraft(name: "kiwi", category: "fruit")), now: now + 1)
        XCTAssertEqual(add.learned.count, 1)
        _ = try store.perform(.restore(add.inverted), now: now + 2)
        XCTAssertFalse(try store.load().knownNames.contains("kiwi"), "a name undone is not offered")
        _ = try store.perform(.restore(add), now: now + 3)
        XCTAssertTrue(try store.load().knownNames.contains("kiwi"))
    }

    func testALearnedNameTaughtElsewhereSinceIsNotOverwrittenAndDoesNotBlock() throws {
        let edit = try store.perform(.edit(id: milk.id, ItemDraft(name: "milk")), now: now + 1)
        _ = try openStore().perform(.add(ItemDraft(name: "MILK", category: "drinks")), now: now + 2)
        _ = try store.perform(.restore(edit.inverted), now: now + 3)
        let again = try store.perform(.add(ItemDraft(name: "milk")), now: now + 4)
        XCTAssertEqual(try category(store, named: "drinks")?.id, again.items.first?.after?.categoryID)
    }

    func testUndoingADeleteWhoseCategoryWentMeanwhileUncategorises() throws {
        let changes = try store.perform(.delete(ids: [milk.id]), now: now)
        _ = try store.perform(.deleteCategory(id: try XCTUnwrap(milk.categoryID)), now: now)
        let undo = try store.perform(.restore(changes.inverted), now: now)
        var expected = milk!
        expected.categoryID = nil
        XCTAssertEqual(undo.items.first?.after, expected)
        XCTAssertEqual(try store.load().items.first, expected)
    }

    func testUndoThatWouldDuplicateACategoryNameIsRefusedAndWritesNothing() throws {
        let dairy = try XCTUnwrap(milk.categoryID)
        let changes = try store.perform(.deleteCategory(id: dairy), now: now)
        _ = try store.perform(.addCategory(name: "Dairy"), now: now)
        let before = try store.load()
        XCTAssertThrowsError(try store.perform(.restore(changes.inverted), now: now)) {
            XCTAssertEqual(($0 as? StoreError)?.message, "cannot restore category dairy: another category has that name")
        }
        XCTAssertEqual(try store.load(), before)
    }
}
