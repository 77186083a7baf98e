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

    func testRestoreOverAChangeFromElsewhereReportsTheRowsAsTheyWere() throws {
        let changes = try store.perform(.edit(id: milk.id, ItemDraft(name: "oat milk")), now: now)
        let other = try openStore()
        _ = try other.perform(.setPurchased(ids: [milk.id], true), now: now + 7)
        let undo = try store.perform(.restore(changes.inverted), now: now)
        XCTAssertEqual(undo.items.first?.before?.purchasedAt, now + 7, "before is what was on disk")
        XCTAssertEqual(undo.items.first?.after, milk)
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
