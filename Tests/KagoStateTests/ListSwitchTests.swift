@testable import KagoState
import XCTest

/// `[` `]` and undo across lists (SPEC §8): the reducer's side; the store reads the list.
final class ListSwitchTests: XCTestCase {
    let lists = [ShoppingList(id: 1, name: "Shopping", position: 0), ShoppingList(id: 5, name: "Drugstore", position: 1)]

    func makeState() -> AppState {
        var s = AppState(settings: Settings(), clock: LocalClock(today: wednesday), showIntro: false)
        s.apply(.resize(width: 80, height: 24))
        s.apply(.loaded(Snapshot(items: [Item(id: 1, name: "milk", createdAt: 1)])))
        s.apply(.listsLoaded(lists))
        return s
    }

    func testBracketsStepThroughTheListsAndEachKeepsItsFilter() {
        var s = makeState()
        s.apply(.startFilter)
        s.apply(.line(.insert("mi")))
        s.apply(.submit)
        XCTAssertEqual(s.apply(.nextList), [.openList(5)])
        XCTAssertEqual(s.model.listID, 5)
        XCTAssertEqual(s.list.filter, "", "a list opened for the first time is fresh")
        s.apply(.loaded(Snapshot(items: [Item(id: 9, name: "soap", createdAt: 2)])))
        XCTAssertEqual(s.apply(.nextList), [.openList(1)], "wraps around")
        XCTAssertEqual(s.list.filter, "mi", "the first list as it was left")
        XCTAssertEqual(s.apply(.previousList), [.openList(5)])
    }

    func testAMessageAboutTheListLeftDoesNotFollowToTheNext() {
        var s = makeState()
        s.apply(.cycleSort)
        XCTAssertNotNil(s.message)
        s.apply(.nextList)
        XCTAssertNil(s.message, "the sort message was about the list left")
        s.apply(.cycleSort)
        s.apply(.toggleLists)
        s.apply(.moveToTop)
        s.apply(.chooseList)
        XCTAssertEqual(s.model.listID, 1)
        XCTAssertNil(s.message)
    }

    func testWithOneListTheBracketsSaySo() {
        var s = makeState()
        s.apply(.listsLoaded([lists[0]]))
        XCTAssertEqual(s.apply(.nextList), [])
        XCTAssertEqual(s.message?.message, .onlyOneList)
    }

    func testUndoingAChangeMadeInAnotherListGoesBackThereFirst() {
        var s = makeState()
        let milk = Item(id: 1, name: "milk", createdAt: 1)
        var bought = milk
        bought.purchasedAt = 10
        let check = ChangeSet(items: [RowChange(id: 1, before: milk, after: bought)])
        s.apply(.committed(check, CommitContext(message: .checked("milk"))))
        s.apply(.nextList)
        let effects = s.apply(.undo)
        // The restore is written first (a list it brings back must be there to open), then read.
        XCTAssertEqual(effects.last, .openList(1))
        guard case .commit(.restore(let target), _)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(target, check.inverted)
        XCTAssertEqual(s.model.listID, 1)
    }

    func testTheListOnShowRemovedElsewhereGivesWayToTheFirst() {
        var s = makeState()
        s.apply(.nextList)
        XCTAssertEqual(s.apply(.listsLoaded([lists[0]])), [.openList(1)])
        XCTAssertEqual(s.model.listID, 1)
    }

    func testAnUndoInAListRemovedElsewhereIsDropped() {
        var s = makeState()
        s.apply(.nextList)
        let soap = Item(id: 9, name: "soap", createdAt: 2)
        s.apply(.committed(ChangeSet(items: [RowChange(id: 9, before: nil, after: soap)]), CommitContext(message: .added("soap"))))
        s.apply(.previousList)
        s.apply(.listsLoaded([lists[0]]))
        XCTAssertEqual(s.apply(.undo), [])
        XCTAssertEqual(s.message?.message, .notUndoneChangedElsewhere)
    }
}
