@testable import KagoState
import XCTest

/// The first frame is drawn from the first screen of the list; the full load that follows
/// changes nothing on it.
final class AppStateWindowTests: XCTestCase {
    let today = Day(year: 2026, month: 12, day: 2)!

    func testAWindowShowsTheWholeListsCountsUntilTheFullLoad() {
        let items = (1...40).map { Item(id: Int64($0), name: "item \($0)", date: $0 % 2 == 0 ? today : nil, createdAt: 0,
                                        purchasedAt: $0 > 30 ? 5 : nil) }
        var full = AppState(settings: Settings(), clock: LocalClock(today: today), showIntro: false)
        full.apply(.resize(width: 80, height: 24))
        full.apply(.loaded(Snapshot(items: items, knownNames: ["item 1"])))

        let listed = full.model.screens[.toBuy]!.rows.compactMap { row -> Int64? in if case .item(let id) = row { id } else { nil } }
        let first = listed.prefix(24).map { id in items.first { $0.id == id }! }
        var state = AppState(settings: Settings(), clock: LocalClock(today: today), showIntro: false)
        state.apply(.resize(width: 80, height: 24))
        state.apply(.loaded(Snapshot(items: first, totals: ItemCounts(toBuy: 30, purchased: 10))))
        XCTAssertEqual(state.model.toBuyCount, 30)
        XCTAssertEqual(state.model.purchasedCount, 10)
        XCTAssertEqual(Array(state.model.screens[.toBuy]!.rows.prefix(state.listHeight)),
                       Array(full.model.screens[.toBuy]!.rows.prefix(full.listHeight)), "the rows on screen")
        XCTAssertEqual(state.model.screens[.toBuy]!.selection, full.model.screens[.toBuy]!.selection)

        state.apply(.loaded(Snapshot(items: items, knownNames: ["item 1"])))
        XCTAssertEqual(state, full, "the full load leaves nothing of the window behind")
    }
}
