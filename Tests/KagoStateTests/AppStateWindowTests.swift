@testable import KagoState
import XCTest

/// The first frame is drawn from the first screen of the list; the full load that follows
/// changes nothing on it.
final class AppStateWindowTests: XCTestCase {
    let today = Day(year: 2026, month: 12, day: 2)!

    func testAWindowShowsTheWholeListsCountsUntilTheFullLoad() {
        let items = (1...40).map { Item(id: Int64($0), name: "item \($0)", date: $0 % 2 == 0 ? today : nil, createdAt: 0,
                                        purchasedAt: $0 > 30 ? 5 : nil) }
        var full = AppState(settings: Settings(), language: .en, clock: LocalClock(today: today), showIntro: false)
        full.apply(.resize(width: 80, height: 24))
        full.apply(.loaded(Snapshot(items: items, knownNames: ["item 1"])))

        let listed = full.lists[.toBuy]!.rows.compactMap { row -> Int64? in if case .item(let id) = row { id } else { nil } }
        let first = listed.prefix(24).map { id in items.first { $0.id == id }! }
        var state = AppState(settings: Settings(), language: .en, clock: LocalClock(today: today), showIntro: false)
        state.apply(.resize(width: 80, height: 24))
        state.apply(.loaded(Snapshot(items: first, totals: ListTotals(toBuy: 30, purchased: 10))))
        XCTAssertEqual(state.toBuyCount, 30)
        XCTAssertEqual(state.purchasedCount, 10)
        XCTAssertEqual(Array(state.lists[.toBuy]!.rows.prefix(state.listHeight)),
                       Array(full.lists[.toBuy]!.rows.prefix(full.listHeight)), "the rows on screen")
        XCTAssertEqual(state.lists[.toBuy]!.selection, full.lists[.toBuy]!.selection)

        state.apply(.loaded(Snapshot(items: items, knownNames: ["item 1"])))
        XCTAssertEqual(state, full, "the full load leaves nothing of the window behind")
    }
}
