@testable import KagoState
import KagoTestSupport
import XCTest

/// The Due again group at the end of To buy (SPEC §10), through the reducer, with the store's
/// part played by hand-made change sets.
final class DueGroupTests: XCTestCase {
    let today = Day(year: 2026, month: 12, day: 2)!
    let dairy = Category(id: 1, name: "Dairy", position: 0)
    var nextPurchase: Int64 = 100

    /// A purchase `daysAgo` days before today (noon UTC).
    func purchase(_ name: String, _ daysAgo: Int, quantity: String? = nil, category: String? = nil, hidden: Bool = false) -> Purchase {
        nextPurchase += 1
        let day = today.adding(days: -daysAgo)
        return Purchase(id: nextPurchase, listID: 1, itemID: nil, name: name, quantity: quantity, category: category,
                        purchasedAt: Timestamp(day.ordinal) * 86400 + 43200, day: day, hidden: hidden)
    }

    /// Milk (every 7 days, 8 days ago: 1 day overdue), eggs (every 3 days, 5 days ago: 2), rice
    /// (every 30, 10 ago: not due) and tea (due, but on To buy already).
    lazy var history: [Purchase] = [
        purchase("Milk", 22, quantity: "1", category: "Dairy"), purchase("Milk", 15), purchase("milk", 8, quantity: "2", category: "Dairy"),
        purchase("eggs", 11), purchase("eggs", 8), purchase("eggs", 5),
        purchase("rice", 70), purchase("rice", 40), purchase("rice", 10),
        purchase("tea", 3), purchase("tea", 2), purchase("tea", 1),
    ]

    func makeState(sort: SortMode = .date, suggestions: Bool = true) -> AppState {
        var settings = Settings()
        settings.sort = sort
        settings.suggestions = suggestions
        var s = AppState(settings: settings, clock: LocalClock(today: today), showIntro: false)
        s.apply(.resize(width: 80, height: 24))
        let items = [Item(id: 1, name: "bread", date: today, createdAt: 1), Item(id: 2, name: "Tea", categoryID: 1, createdAt: 2)]
        s.apply(.loaded(Snapshot(items: items, categories: [dairy], knownNames: ["bread", "Tea"], history: PurchaseHistory(history))))
        return s
    }

    func group(_ s: AppState) -> [ListRow] { Array(s.list.rows.drop { $0 != .header(.dueAgain) }) }

    /// The rows a rebuild from all the data gives, what the deltas must equal, and the group
    /// what the whole history says (the deltas look only at the names touched).
    func assertAsRebuilt(_ s: AppState, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(s.model.screens[.toBuy]!.rows, s.model.rebuilt().screens[.toBuy]!.rows, file: file, line: line)
        let toBuy = Set(s.model.items.values.filter { !$0.isPurchased }.map(\.name.matchKey))
        XCTAssertEqual(s.model.due, DueAgain.items(s.model.history, today: s.clock.today, onToBuy: toBuy.contains),
                       file: file, line: line)
    }

    func testTheGroupEndsToBuyMostOverdueFirstUnderEverySort() {
        for sort in SortMode.allCases {
            let s = makeState(sort: sort)
            XCTAssertEqual(group(s), [.header(.dueAgain), .suggestion("eggs"), .suggestion("milk")], "\(sort)")
            XCTAssertEqual(s.list.rows.count, group(s).count + (sort == .date || sort == .category ? 4 : 2), "\(sort)")
        }
        XCTAssertEqual(makeState().model.dueItem("milk"), DueItem(key: "milk", name: "milk", quantity: "2", category: "Dairy",
                                                                   intervalDays: 7, daysSince: 8, lastPurchased: history[2].purchasedAt))
    }

    func testSuggestionsOffHidesTheGroup() {
        XCTAssertEqual(group(makeState(suggestions: false)), [])
    }

    func testTheSelectionMovesThroughTheRowsAndTheirKeysApply() {
        var s = makeState()
        s.apply(.moveToBottom)
        XCTAssertEqual(s.list.selected, .suggestion("milk"))
        XCTAssertEqual(s.keyMode, .dueAgain)
        s.apply(.move(-1))
        XCTAssertEqual(s.list.selected, .suggestion("eggs"))
        s.apply(.move(-1))
        XCTAssertEqual(s.list.selected, .item(2), "over the group's header")
        XCTAssertEqual(s.keyMode, .toBuy)
    }

    /// `+` adds the name with its last purchase's quantity and category; the row leaves the
    /// group, the next one takes the selection, and undo brings it back.
    func testAddingLeavesTheGroupAndUndoBringsItBack() {
        var s = makeState()
        s.apply(.moveToBottom)
        s.apply(.move(-1))
        let draft = ItemDraft(name: "eggs")
        XCTAssertEqual(s.apply(.addDue), [.commit(.add(draft), CommitContext(message: .added("eggs")))])
        let eggs = Item(id: 3, name: "eggs", createdAt: 3)
        s.apply(.committed(ChangeSet(items: [RowChange(id: 3, before: nil, after: eggs)]), CommitContext(message: .added("eggs"))))
        XCTAssertEqual(group(s), [.header(.dueAgain), .suggestion("milk")])
        XCTAssertEqual(s.list.selected, .suggestion("milk"), "the next name took its place: + + + adds one after another")
        assertAsRebuilt(s)
        guard case .commit(.restore(let undo), let context)? = s.apply(.undo).first else { return XCTFail("undo commits") }
        s.apply(.committed(undo, context))
        XCTAssertEqual(group(s), [.header(.dueAgain), .suggestion("eggs"), .suggestion("milk")])
        assertAsRebuilt(s)
        XCTAssertEqual(s.apply(.moveToBottom), [])
        XCTAssertEqual(s.apply(.addDue).first, .commit(.add(ItemDraft(name: "milk", quantity: "2", category: "Dairy")),
                                                       CommitContext(message: .added("milk"))))
    }

    func testHidingLeavesTheGroupUntilBoughtAgainAndUndoBringsItBack() {
        var s = makeState()
        s.apply(.moveToBottom)
        XCTAssertEqual(s.apply(.hideDue), [.commit(.hideDue(key: "milk"), CommitContext(message: .hiddenDue("milk")))])
        var hidden = history[2]
        hidden.hidden = true
        let hide = ChangeSet(purchases: [RowChange(id: hidden.id, before: history[2], after: hidden)])
        s.apply(.committed(hide, CommitContext(message: .hiddenDue("milk"))))
        XCTAssertEqual(group(s), [.header(.dueAgain), .suggestion("eggs")])
        XCTAssertEqual(s.list.selected, .suggestion("eggs"), "the last row went: the selection goes up to the one before")
        assertAsRebuilt(s)
        guard case .commit(.restore(let undo), let context)? = s.apply(.undo).first else { return XCTFail("undo commits") }
        s.apply(.committed(undo, context))
        XCTAssertEqual(group(s), [.header(.dueAgain), .suggestion("eggs"), .suggestion("milk")])
        // Hidden again, then bought again: due again a week later.
        s.apply(.committed(hide, CommitContext()))
        let bought = purchase("milk", 0)
        s.apply(.committed(ChangeSet(purchases: [RowChange(id: bought.id, before: nil, after: bought)]), CommitContext()))
        s.apply(.clock(LocalClock(today: today.adding(days: 7))))
        XCTAssertTrue(group(s).contains(.suggestion("milk")))
    }

    /// A name checked off leaves the group (bought today); its check undone, it is due again.
    func testACheckAndItsUndo() {
        var s = makeState()
        let milk = Item(id: 5, name: "milk", createdAt: 5)
        var bought = milk
        bought.purchasedAt = Timestamp(today.ordinal) * 86400
        let p = purchase("milk", 0)
        let check = ChangeSet(items: [RowChange(id: 5, before: nil, after: milk)])
        s.apply(.committed(check, CommitContext()))
        XCTAssertEqual(group(s), [.header(.dueAgain), .suggestion("eggs")], "on To buy now")
        s.apply(.committed(ChangeSet(items: [RowChange(id: 5, before: milk, after: bought)],
                                     purchases: [RowChange(id: p.id, before: nil, after: p)]), CommitContext()))
        XCTAssertEqual(group(s), [.header(.dueAgain), .suggestion("eggs")], "bought today")
        s.apply(.committed(ChangeSet(items: [RowChange(id: 5, before: bought, after: milk)],
                                     purchases: [RowChange(id: p.id, before: p, after: nil)]), CommitContext()))
        XCTAssertEqual(group(s), [.header(.dueAgain), .suggestion("eggs")], "unchecked: on To buy again")
        s.apply(.committed(ChangeSet(items: [RowChange(id: 5, before: milk, after: nil)]), CommitContext()))
        XCTAssertEqual(group(s), [.header(.dueAgain), .suggestion("eggs"), .suggestion("milk")])
        assertAsRebuilt(s)
    }

    func testTeaLeavesToBuyAndIsOfferedAndAnotherProcessesPurchaseArrives() {
        var s = makeState()
        s.apply(.changedOutside(items: [2: nil], categories: [:]))
        XCTAssertEqual(group(s), [.header(.dueAgain), .suggestion("eggs"), .suggestion("milk"), .suggestion("tea")])
        let phone = purchase("eggs", 0)
        s.apply(.changedOutside(items: [:], categories: [:], purchases: [phone.id: phone]))
        XCTAssertEqual(group(s), [.header(.dueAgain), .suggestion("milk"), .suggestion("tea")])
        assertAsRebuilt(s)
    }

    /// Another process's import brings a rhythm for soap and, in the same change, soap to buy:
    /// due, but on To buy, so not offered.
    func testANameFallingDueInTheChangeThatPutsItOnToBuyIsNotOffered() {
        var s = makeState()
        let soap = [purchase("soap", 30), purchase("soap", 20), purchase("soap", 10)]
        s.apply(.changedOutside(items: [9: Item(id: 9, name: "Soap", createdAt: 9)], categories: [:],
                                purchases: Dictionary(uniqueKeysWithValues: soap.map { ($0.id, $0) })))
        XCTAssertFalse(group(s).contains(.suggestion("soap")))
        assertAsRebuilt(s)
        s.apply(.changedOutside(items: [9: nil], categories: [:]))
        XCTAssertTrue(group(s).contains(.suggestion("soap")), "off the list: offered")
    }

    func testAFilterShowsTheNamesThatMatch() {
        var s = makeState()
        s.apply(.startFilter)
        s.apply(.line(.insert("m")))
        XCTAssertEqual(group(s), [.header(.dueAgain), .suggestion("milk")])
        s.apply(.line(.insert("i")))
        XCTAssertEqual(group(s), [.header(.dueAgain), .suggestion("milk")], "narrowed")
        s.apply(.line(.insert("x")))
        XCTAssertEqual(group(s), [])
        s.apply(.line(.backspace))
        s.apply(.line(.backspace))
        s.apply(.line(.backspace))
        s.apply(.line(.insert("dairy")))
        XCTAssertEqual(s.list.rows, [.header(.noDate), .item(2), .header(.dueAgain), .suggestion("milk")], "by category too")
    }

    func testACategoryScopeShowsItsNames() {
        var s = makeState()
        s.apply(.showScreen(.categories))
        s.apply(.openCategory)
        XCTAssertEqual(s.list.rows, [.header(.noDate), .item(2), .header(.dueAgain), .suggestion("milk")])
    }

    func testTheDayMovesTheGroup() {
        var s = makeState()
        s.apply(.clock(LocalClock(today: today.adding(days: 20))))
        XCTAssertEqual(group(s), [.header(.dueAgain), .suggestion("eggs"), .suggestion("milk"), .suggestion("rice")])
        assertAsRebuilt(s)
    }

    /// Random adds, checks (with their purchases), unchecks forgetting them, deletes, hides and
    /// days passing, as the store would report them: after each, the group and its rows are
    /// what a computation from everything gives.
    func testRandomChangesKeepTheGroupAsComputedFromEverything() {
        var random = SplitMix(seed: 16)
        var s = makeState()
        var items = s.model.items.values.map { $0 }
        var nextItem: Int64 = 50
        let names = ["milk", "Milk", "eggs", "rice", "tea", "bread", "soap"]
        for step in 0..<300 {
            var change = ChangeSet()
            switch random.next() % 6 {
            case 0:
                nextItem += 1
                let item = Item(id: nextItem, name: names[Int(random.next() % UInt64(names.count))], createdAt: nextItem)
                items.append(item)
                change.items = [RowChange(id: item.id, before: nil, after: item)]
            case 1, 2:
                guard let i = items.indices.filter({ !items[$0].isPurchased }).randomElement(using: &random) else { continue }
                var bought = items[i]
                bought.purchasedAt = Timestamp(s.clock.today.ordinal) * 86400
                let p = purchase(bought.name, 0)
                change.items = [RowChange(id: bought.id, before: items[i], after: bought)]
                change.purchases = [RowChange(id: p.id, before: nil, after: p)]
                items[i] = bought
            case 3:
                guard let i = items.indices.randomElement(using: &random) else { continue }
                change.items = [RowChange(id: items[i].id, before: items[i], after: nil)]
                items.remove(at: i)
            case 4:
                guard let key = s.model.due.randomElement(using: &random)?.key,
                      let last = s.model.history.habits[key]?.entries.last else { continue }
                let before = Purchase(id: last.id, listID: 1, itemID: nil, name: key, purchasedAt: last.time, day: last.day)
                var hidden = before
                hidden.hidden = true
                change.purchases = [RowChange(id: last.id, before: nil, after: hidden)]
            default:
                s.apply(.clock(LocalClock(today: s.clock.today.adding(days: Int(random.next() % 4)))))
            }
            s.apply(.committed(change, CommitContext()))
            assertAsRebuilt(s)
            if step % 50 == 0 { s.apply(.moveToBottom) }
        }
    }

    func testOtherKeysOnADueRow() {
        var s = makeState()
        s.apply(.moveToBottom)
        s.apply(.startEdit)
        XCTAssertEqual(s.input?.purpose, .add)
        XCTAssertEqual(s.input?.editor.text, "milk x2 #Dairy", "e: the add line with it, to change first")
        s.apply(.cancel)
        XCTAssertEqual(s.apply(.toggle), [])
        XCTAssertEqual(s.message?.message, .dueAgainKeys)
        let row = s.list.selection
        s.apply(.move(-5))
        XCTAssertEqual(s.apply(.toggleRow(row)).first, .commit(.add(ItemDraft(name: "milk", quantity: "2", category: "Dairy")),
                                                               CommitContext(message: .added("milk"))), "a click on its +")
    }
}
