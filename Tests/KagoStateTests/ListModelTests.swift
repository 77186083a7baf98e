@testable import KagoState
import KagoTestSupport
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

    /// Commits on a long list while a filter has found only some of its matches: wherever a
    /// changed row falls (among the matches found, at the edge, beyond), finding the rest
    /// gives what filtering everything again gives.
    func testChangesWhileAFilterHasLookedAtPartOfTheList() {
        let names = ["milk", "oat milk", "bread", "rice", "soap", "tea", "牛乳", "mint", "lime"]
        for seed in UInt64(1)...20 {
            var random = SplitMix(seed: seed)
            store = MemoryStore()
            model = ListModel(sort: random.pick(SortMode.allCases), today: wednesday)
            model.resized(height: random.int(in: 1...4))
            for i in 0..<200 {
                _ = try? store.perform(.add(ItemDraft(name: random.pick(names) + " \(i)", category: random.pick([nil, "a", "b"]),
                                                       date: random.chance(0.7) ? wednesday.adding(days: random.int(in: -3...9)) : nil)),
                                       now: 1)
            }
            model.load(store.load())
            let screen: Screen = random.chance(0.7) ? .toBuy : .purchased
            model.setFilter(random.pick(["m", "mi", "i", "牛", "l"]), on: screen)
            for step in 0..<40 {
                let ids = store.items.keys.sorted()
                let command: Command
                switch random.int(in: 0...4) {
                case 0: command = .add(ItemDraft(name: random.pick(names), date: wednesday.adding(days: random.int(in: -3...9))))
                case 1: command = .delete(ids: [random.pick(ids)])
                case 2: command = .setPurchased(ids: [random.pick(ids)], random.chance(0.5))
                case 3: command = .edit(id: random.pick(ids), ItemDraft(name: random.pick(names), date: random.chance(0.5) ? wednesday : nil))
                default:
                    model.fill(screen, to: model.screens[screen]!.rows.count + random.int(in: 1...5))
                    continue
                }
                guard let changes = try? store.perform(command, now: Timestamp(step)) else { continue }
                model.apply(changes)
                let rows = model.everyMatchFound().screens[screen]!.rows
                let expected = model.rebuilt().screens[screen]!.rows
                guard rows == expected else {
                    XCTFail("seed \(seed), step \(step), \(command): \(rows) ≠ \(expected)")
                    return
                }
            }
        }
    }
}
