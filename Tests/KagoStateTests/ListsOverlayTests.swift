@testable import KagoState
import XCTest

/// The Lists overlay `L` and the move picker `m` (SPEC §8): the reducer's side.
final class ListsOverlayTests: XCTestCase {
    let milk = Item(id: 1, name: "milk", createdAt: 1)
    let lists = [
        ShoppingList(id: 1, name: "Shopping", position: 0, counts: ItemCounts(toBuy: 1)),
        ShoppingList(id: 5, name: "Drugstore", position: 1),
        ShoppingList(id: 7, name: "Hardware", position: 2, counts: ItemCounts(toBuy: 2, purchased: 1)),
    ]

    func makeState(lists: [ShoppingList]? = nil) -> AppState {
        var s = AppState(settings: Settings(), clock: LocalClock(today: wednesday), showIntro: false)
        s.apply(.resize(width: 80, height: 24))
        s.apply(.loaded(Snapshot(items: [milk])))
        s.apply(.listsLoaded(lists ?? self.lists))
        return s
    }

    func type(_ text: String, into s: inout AppState) {
        s.apply(.line(.killToStart))
        for c in text { s.apply(.line(.insert(String(c)))) }
    }

    func testTheOverlayOpensOnTheListOnShowAndEnterOpensTheSelectedOne() {
        var s = makeState()
        s.apply(.toggleLists)
        XCTAssertEqual(s.keyMode, .lists)
        XCTAssertEqual(s.overlaySelection, 0)
        s.apply(.move(1))
        s.apply(.move(5))
        XCTAssertEqual(s.overlaySelection, 2, "stops at the last list")
        s.apply(.moveToTop)
        s.apply(.move(1))
        XCTAssertEqual(s.apply(.chooseList), [.openList(5)])
        XCTAssertNil(s.listsOverlay)
        XCTAssertEqual(s.model.listID, 5)
    }

    func testEscAndLCloseTheOverlayAndItsKeysNeverReachTheList() {
        var s = makeState()
        s.apply(.toggleLists)
        s.apply(.startAddList)
        XCTAssertEqual(s.input?.purpose, .newList, "a adds a list, not an item")
        s.apply(.cancel)
        XCTAssertEqual(s.keyMode, .lists, "Esc in the line goes back to the overlay")
        s.apply(.cancel)
        XCTAssertNil(s.listsOverlay)
        s.apply(.toggleLists)
        s.apply(.toggleLists)
        XCTAssertNil(s.listsOverlay)
    }

    func testAddingAListCommitsItAndSelectsIt() {
        var s = makeState()
        s.apply(.toggleLists)
        s.apply(.startAddList)
        type("  Bakery ", into: &s)
        let effects = s.apply(.submit)
        XCTAssertEqual(effects, [.commit(.addList(name: "Bakery"), CommitContext(message: .listAdded("Bakery")))])
        let bakery = ShoppingList(id: 8, name: "Bakery", position: 3)
        s.apply(.committed(ChangeSet(lists: [RowChange(id: 8, before: nil, after: bakery)]), CommitContext(message: .listAdded("Bakery"))))
        s.apply(.listsLoaded(lists + [bakery]))
        XCTAssertEqual(s.listsOverlay?.selectedID, 8)
        XCTAssertEqual(s.model.listID, 1, "adding does not switch")
        XCTAssertEqual(s.undoStack.last?.label, .listAdded("Bakery"))
    }

    func testBadListNamesAreRefusedWithTheLineKept() {
        var s = makeState()
        s.apply(.toggleLists)
        s.apply(.startAddList)
        let cases: [(String, ShoppingList.NameProblem)] = [
            ("   ", .empty), ("ｓｈｏｐｐｉｎｇ", .taken("Shopping")), ("DRUGSTORE", .taken("Drugstore")),
            (String(repeating: "薬", count: 21), .tooWide),
        ]
        for (name, problem) in cases {
            type(name, into: &s)
            XCTAssertEqual(s.apply(.submit), [], name)
            XCTAssertEqual(s.message?.message, .badListName(problem), name)
            XCTAssertEqual(s.input?.purpose, .newList, "the line stays open: \(name)")
        }
        type(String(repeating: "薬", count: 20), into: &s)
        XCTAssertEqual(s.apply(.submit).count, 1, "40 cells is the most")
    }

    func testRenamingOntoAnotherListsNameAsksBeforeMerging() {
        var s = makeState()
        s.apply(.toggleLists)
        s.apply(.move(1))
        s.apply(.startRenameList)
        XCTAssertEqual(s.input?.editor.text, "Drugstore")
        type("Pharmacy", into: &s)
        XCTAssertEqual(s.apply(.submit), [.commit(.renameList(id: 5, name: "Pharmacy"),
                                                  CommitContext(message: .listRenamed("Drugstore", "Pharmacy")))])
        s.apply(.startRenameList)
        type("hardware", into: &s)
        XCTAssertEqual(s.apply(.submit), [])
        XCTAssertEqual(s.confirmation, .mergeList(id: 5, name: "Drugstore", into: "Hardware"))
        XCTAssertEqual(s.apply(.answer(false)), [], "n keeps both")
        s.apply(.startRenameList)
        type("hardware", into: &s)
        s.apply(.submit)
        XCTAssertEqual(s.apply(.answer(true)), [.commit(.renameList(id: 5, name: "Hardware"),
                                                       CommitContext(message: .listMerged("Drugstore", "Hardware")))])
    }

    func testDeletingAsksWhenTheListHasItemsAndNeverTakesTheLast() {
        var s = makeState()
        s.apply(.toggleLists)
        s.apply(.move(1))
        XCTAssertEqual(s.apply(.deleteList), [.commit(.removeList(id: 5, force: true), CommitContext(message: .listDeleted("Drugstore")))],
                       "an empty list goes at once (undo brings it back)")
        s.apply(.move(1))
        XCTAssertEqual(s.apply(.deleteList), [])
        XCTAssertEqual(s.confirmation, .deleteList(id: 7, name: "Hardware", count: 3))
        XCTAssertEqual(s.apply(.answer(true)), [.commit(.removeList(id: 7, force: true), CommitContext(message: .listDeleted("Hardware")))])

        var one = makeState(lists: [lists[0]])
        one.apply(.toggleLists)
        XCTAssertEqual(one.apply(.deleteList), [])
        XCTAssertEqual(one.message?.message, .lastList("Shopping"))
    }

    func testJAndKReorderTheSelectedList() {
        var s = makeState()
        s.apply(.toggleLists)
        s.apply(.move(2))
        XCTAssertEqual(s.apply(.moveList(-1)), [.commit(.moveList(id: 7, by: -1), CommitContext(message: .listMoved("Hardware", -1)))])
        s.apply(.listsLoaded([lists[0], lists[2], lists[1]]))
        XCTAssertEqual(s.overlaySelection, 1, "the selection follows the list")
    }

    func testThePickerMovesTheSelectedItemToAnotherList() {
        var s = makeState()
        s.apply(.startMoveItem)
        XCTAssertEqual(s.keyMode, .listPicker)
        XCTAssertEqual(s.overlayLists.map(\.id), [5, 7], "every list but this one")
        s.apply(.startAddList)
        XCTAssertNil(s.input, "the picker only picks")
        s.apply(.move(1))
        XCTAssertEqual(s.apply(.chooseList), [.commit(.moveItems(ids: [1], toList: 7),
                                                      CommitContext(message: .movedToList("milk", "Hardware")))])
        XCTAssertNil(s.listsOverlay)
        var moved = milk
        moved.listID = 7
        s.apply(.committed(ChangeSet(items: [RowChange(id: 1, before: milk, after: moved)]), CommitContext(message: .movedToList("milk", "Hardware"))))
        XCTAssertNil(s.model.items[1], "gone from this list")
        XCTAssertEqual(s.model.toBuyCount, 0)

        var one = makeState(lists: [lists[0]])
        one.apply(.startMoveItem)
        XCTAssertNil(one.listsOverlay)
        XCTAssertEqual(one.message?.message, .onlyOneList)
    }

    func testUndoingTheRemovalOfTheListOnShowBringsItBackAndOpensIt() {
        var s = makeState()
        let shopping = lists[0].stored
        var gone = milk
        gone.listID = 1
        let removal = ChangeSet(items: [RowChange(id: 1, before: gone, after: nil)],
                                lists: [RowChange(id: 1, before: shopping, after: nil)])
        s.apply(.committed(removal, CommitContext(message: .listDeleted("Shopping"))))
        XCTAssertEqual(s.apply(.listsLoaded(Array(lists.dropFirst()))), [.openList(5)], "the first list left takes its place")
        let effects = s.apply(.undo)
        XCTAssertEqual(effects.count, 2)
        guard case .commit(.restore(let target), _)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(target, removal.inverted)
        XCTAssertEqual(effects.last, .openList(1), "opened once it is back")
    }

    func testMergingTheListOnShowFollowsItsItems() {
        var s = makeState()
        var moved = milk
        moved.listID = 7
        let merge = ChangeSet(items: [RowChange(id: 1, before: milk, after: moved)],
                              lists: [RowChange(id: 1, before: lists[0].stored, after: nil)])
        XCTAssertEqual(s.apply(.committed(merge, CommitContext(message: .listMerged("Shopping", "Hardware")))), [.openList(7)])
        XCTAssertEqual(s.model.listID, 7)
    }
}
