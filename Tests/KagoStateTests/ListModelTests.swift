@testable import KagoState
import XCTest

/// The list model on a memory store: commits change rows by delta, and the result is what a
/// rebuild from all the data gives.
final class ListModelTests: XCTestCase {
    var store = MemoryStore()
    var model = ListModel(sort: .date, today: wednesday)

    override func setUp() {
        model.resized(height: 20)
        for (name, days) in [("milk", 0), ("bread", 0), ("rice", 9), ("soap", 3)] {
            commit(.add(ItemDraft(name: name, date: wednesday.adding(days: days))))
        }
    }

    func commit(_ command: Command, file: StaticString = #filePath, line: UInt = #line) {
        do {
            model.apply(try store.perform(command, now: 1_800_000_000))
        } catch {
            XCTFail("\(command): \(error)", file: file, line: line)
        }
    }

    func id(_ name: String) -> Int64 { store.items.values.first { $0.name == name }!.id }

    func rows(_ s: Screen) -> [ListRow] { model.screens[s]!.rows }

    func testACheckMovesOneRowAndTheHeaderLeftEmptyGoes() {
        XCTAssertEqual(rows(.toBuy), [.header(.today), .item(1), .item(2), .header(.thisWeek), .item(4),
                                      .header(.later), .item(3)])
        commit(.setPurchased(ids: [id("rice")], true))
        XCTAssertEqual(rows(.toBuy), [.header(.today), .item(1), .item(2), .header(.thisWeek), .item(4)])
        XCTAssertEqual(rows(.purchased), [.item(3)])
        XCTAssertEqual([model.toBuyCount, model.purchasedCount], [3, 1])
        commit(.setPurchased(ids: [id("rice")], false))
        XCTAssertEqual(rows(.toBuy), model.rebuilt().screens[.toBuy]!.rows)
        XCTAssertEqual(rows(.purchased), [])
    }

    func testTheSelectionStaysOnItsItemWhenRowsAreAddedAbove() {
        model.screens[.toBuy]!.selection = 6
        XCTAssertEqual(model.screens[.toBuy]!.selected, .item(3))
        commit(.add(ItemDraft(name: "eggs", date: wednesday.adding(days: -1))))
        XCTAssertEqual(model.screens[.toBuy]!.selected, .item(3), "two rows (a header and eggs) came in above")
    }

    func testTypingNarrowsAndBackspaceWidensToTheSameRows() {
        let whole = rows(.toBuy)
        model.setFilter("r", on: .toBuy)
        XCTAssertEqual(rows(.toBuy), [.header(.today), .item(2), .header(.later), .item(3)])
        model.setFilter("ri", on: .toBuy)
        XCTAssertEqual(rows(.toBuy), [.header(.later), .item(3)])
        model.setFilter("r", on: .toBuy)
        XCTAssertEqual(rows(.toBuy), [.header(.today), .item(2), .header(.later), .item(3)])
        model.setFilter("", on: .toBuy)
        XCTAssertEqual(rows(.toBuy), whole)
    }

    func testAChangeWhileFilteringIsNotUndoneByWideningFromAnEarlierStep() {
        model.setFilter("r", on: .toBuy)
        model.setFilter("ri", on: .toBuy)
        commit(.add(ItemDraft(name: "ramen")))
        model.setFilter("r", on: .toBuy)
        XCTAssertTrue(rows(.toBuy).contains(.item(id("ramen"))), "an item added meanwhile shows when the filter widens")
    }

    func testTheMemoryStoreChangesNothingWhenItRefuses() {
        let before = store.load()
        XCTAssertThrowsError(try store.perform(.addAll([ItemDraft(name: "tea"), ItemDraft(name: " ")]), now: 1)) {
            XCTAssertEqual($0 as? MemoryStore.Refusal, .refused)
        }
        XCTAssertEqual(store.load(), before)
        let check = try! store.perform(.setPurchased(ids: [id("milk")], true), now: 2)
        _ = try! store.perform(.delete(ids: [id("milk")]), now: 3)
        XCTAssertThrowsError(try store.perform(.restore(check.inverted), now: 4)) {
            XCTAssertEqual($0 as? MemoryStore.Refusal, .changedElsewhere, "an undo of rows that are gone")
        }
    }
}
