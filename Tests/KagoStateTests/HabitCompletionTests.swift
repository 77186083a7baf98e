@testable import KagoState
import XCTest

/// Tab in the input line offers names by habit (SPEC §10): bought most often and most recently
/// first; a typo deleted right after its add is not offered.
final class HabitCompletionTests: XCTestCase {
    let today = Day(year: 2026, month: 12, day: 2)!
    var nextID: Int64 = 0

    func bought(_ name: String, daysAgo: [Int]) -> [Purchase] {
        daysAgo.map { d in
            nextID += 1
            let day = today.adding(days: -d)
            return Purchase(id: nextID, listID: 1, itemID: nil, name: name, purchasedAt: Timestamp(day.ordinal) * 86400, day: day)
        }
    }

    func state(knownNames: [String], history: [Purchase]) -> AppState {
        var s = AppState(settings: Settings(), clock: LocalClock(today: today), showIntro: false)
        s.apply(.resize(width: 80, height: 24))
        s.apply(.loaded(Snapshot(knownNames: knownNames, history: PurchaseHistory(history))))
        return s
    }

    func completions(_ s: inout AppState, typing text: String) -> [String] {
        s.apply(.startAdd)
        s.apply(.line(.insert(text)))
        s.apply(.line(.complete))
        return s.input?.completion?.candidates ?? []
    }

    /// A name bought ten times last month before one bought once a year ago, though that one was
    /// used more recently; names never bought last, most recently used first.
    func testOftenAndRecentlyBoughtFirst() {
        let history = bought("Milk", daysAgo: Array(stride(from: 1, through: 30, by: 3))) + bought("mints", daysAgo: [365])
            + bought("miso", daysAgo: [2, 9])
        var s = state(knownNames: ["mints", "mirin", "miso", "Milk", "mild salsa"], history: history)
        XCTAssertEqual(completions(&s, typing: "mi"), ["Milk", "miso", "mints", "mirin", "mild salsa"])
    }

    func testATypoDeletedRightAfterItsAddIsNotOffered() {
        var s = state(knownNames: ["milk"], history: [])
        let typo = Item(id: 1, name: "mlik", createdAt: 10)
        s.apply(.committed(ChangeSet(items: [RowChange(id: 1, before: nil, after: typo)]), CommitContext()))
        XCTAssertEqual(completions(&s, typing: "m"), ["mlik", "milk"])
        s.apply(.cancel)
        let learned = LearnedName(key: "mlik", name: "mlik", category: nil, usedAt: 10)
        var forgotten = learned
        forgotten.offered = false
        let delete = ChangeSet(items: [RowChange(id: 1, before: typo, after: nil)],
                               learned: [RowChange(id: 7, before: learned, after: forgotten)])
        s.apply(.committed(delete, CommitContext()))
        XCTAssertEqual(completions(&s, typing: "m"), ["milk"])
        s.apply(.cancel)
        s.apply(.committed(delete.inverted, CommitContext()))
        XCTAssertEqual(completions(&s, typing: "m"), ["mlik", "milk"], "the delete undone: offered again")
    }
}
