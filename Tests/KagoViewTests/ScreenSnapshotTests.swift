import KagoState
@testable import KagoView
import XCTest

/// Golden screens: every screen at 80×24 and 40×12, in English and Japanese.
///
/// Re-record after an intended change to the views:
///
///     RECORD_SNAPSHOTS=1 swift test --filter KagoViewTests.ScreenSnapshotTests
///
/// then read `git diff Tests/KagoViewTests/Snapshots` before committing.
final class ScreenSnapshotTests: XCTestCase {
    static let sizes = [(80, 24), (40, 12)]

    /// Renders a state built for each size and language and compares it with its golden file
    /// `<name>-<width>x<height>-<lang>.txt`; every frame is also checked for cell invariants.
    func check(_ name: String, sizes: [(Int, Int)] = ScreenSnapshotTests.sizes,
               file: StaticString = #filePath, line: UInt = #line,
               _ build: (Language, Int, Int) -> AppState) {
        for (w, h) in sizes {
            for lang in Language.allCases {
                let state = build(lang, w, h)
                let frame = Fixture.render(state)
                let id = "\(name)-\(w)x\(h)-\(lang.rawValue)"
                XCTAssertEqual(frame.buffer.width, w, id, file: file, line: line)
                XCTAssertEqual(frame.buffer.height, h, id, file: file, line: line)
                assertFrameInvariants(frame.buffer, id, file: file, line: line)
                assertSnapshot(frameText(frame), named: id, file: file, line: line)
            }
        }
    }

    // MARK: - Tutorial

    /// Every page before its lesson is done, and after (the ✓ line, the practice list changed).
    func testIntroPages() {
        for page in 0..<Tutorial.allLessons.count {
            check("intro\(page + 1)") { lang, w, h in Fixture.introState(lang, width: w, height: h, page: page) }
            check("intro\(page + 1)-done") { lang, w, h in
                var state = Fixture.introState(lang, width: w, height: h, page: page)
                Fixture.doLesson(&state)
                XCTAssertEqual(state.intro?.isDone, true)
                return state
            }
        }
    }

    /// The practice list's input line open on page 1, typed into.
    func testIntroTyping() {
        check("intro1-typing") { lang, w, h in
            var state = Fixture.introState(lang, width: w, height: h)
            state.apply(.startAdd)
            state.apply(.line(.insert(lang == .ja ? "牛乳 x2" : "milk x2")))
            return state
        }
    }

    /// A user who saw the three-page tutorial: only page 4, labelled as new.
    func testIntroWhatsNew() {
        check("intro-whatsnew") { lang, w, h in Fixture.introState(lang, width: w, height: h, seen: 1) }
    }

    func testIntroMidSlide() {
        check("intro-slide") { lang, w, h in
            var state = Fixture.introState(lang, width: w, height: h, animations: true)
            state.apply(.introNext)
            state.apply(.tick(now: 1000))
            state.apply(.tick(now: 1000 + Transition.duration / 2))
            XCTAssertEqual(state.intro?.transition?.progress, 0.5)
            return state
        }
    }

    func testTooSmall() {
        check("too-small", sizes: [(20, 5)]) { lang, w, h in Fixture.listState(lang, width: w, height: h) }
    }

    // MARK: - To buy

    func testToBuyEmpty() {
        check("tobuy-empty") { lang, w, h in Fixture.listState(lang, width: w, height: h, data: Snapshot()) }
    }

    func testToBuySorts() {
        for sort in SortMode.allCases {
            check("tobuy-\(sort.rawValue)") { lang, w, h in
                var state = Fixture.listState(lang, width: w, height: h, sort: sort)
                state.apply(.move(3))
                return state
            }
        }
    }

    /// The Due again group at the end of To buy, dimmed, its first row selected (its keys on
    /// the status line); rhythms shortened at 40 columns.
    func testDueAgain() {
        check("tobuy-due") { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h, data: Fixture.dueSnapshot)
            state.apply(.moveToBottom)
            state.apply(.move(-3))
            XCTAssertEqual(state.keyMode, .dueAgain)
            return state
        }
    }

    /// Every empty state and "nothing matches", down to 30×8 where the messages wrap.
    func testEmptyStates() {
        let sizes = Self.sizes + [(30, 8)]
        check("purchased-empty", sizes: sizes) { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h, data: Snapshot())
            state.apply(.showScreen(.purchased))
            return state
        }
        check("categories-empty", sizes: sizes) { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h, data: Snapshot())
            state.apply(.showScreen(.categories))
            return state
        }
        check("tobuy-nomatch", sizes: sizes) { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h)
            state.apply(.startFilter)
            state.apply(.line(.insert("zzz")))
            state.apply(.submit)
            return state
        }
    }

    // MARK: - Other screens

    func testPurchased() {
        check("purchased") { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h)
            state.apply(.showScreen(.purchased))
            return state
        }
    }

    func testCategories() {
        check("categories") { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h)
            state.apply(.showScreen(.categories))
            state.apply(.move(1))
            return state
        }
    }

    // MARK: - Overlays and the bottom line

    func testHelpOverlay() {
        check("help") { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h)
            state.apply(.toggleHelp)
            return state
        }
    }

    func testInputLineWithJapaneseText() {
        check("input") { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h)
            state.apply(.startAdd)
            state.apply(.line(.insert("牛乳 x2 #乳製品 @明日 -- 低脂肪のもの")))
            for _ in 0..<8 { state.apply(.line(.left)) }
            return state
        }
    }

    func testFilterInEffect() {
        check("filter") { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h)
            state.apply(.startFilter)
            state.apply(.line(.insert("da")))
            state.apply(.submit)
            return state
        }
    }

    func testFilterBeingTyped() {
        check("filter-typing") { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h)
            state.apply(.startFilter)
            state.apply(.line(.insert("乳")))
            return state
        }
    }

    func testClearPurchasedConfirmation() {
        check("confirm") { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h)
            state.apply(.showScreen(.purchased))
            state.apply(.clearPurchased)
            return state
        }
    }

    func testStatusMessageWithUndoHint() {
        check("message") { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h)
            state.apply(.committed(ChangeSet(), CommitContext(message: .checked("トイレットペーパー 12ロール (the soft one)"))))
            return state
        }
    }

    // MARK: - Several lists (SPEC §8)

    /// Two lists, one with a long Japanese name, the first on show.
    func twoLists(_ lang: Language, _ w: Int, _ h: Int) -> AppState {
        var state = Fixture.listState(lang, width: w, height: h)
        state.apply(.listsLoaded([
            ShoppingList(id: 1, name: lang == .ja ? "スーパーマーケット駅前店" : "Supermarket on the corner", position: 0,
                         counts: ItemCounts(toBuy: state.model.toBuyCount, purchased: state.model.purchasedCount)),
            ShoppingList(id: 2, name: lang == .ja ? "ドラッグストア" : "Drugstore", position: 1, counts: ItemCounts(toBuy: 4)),
        ]))
        return state
    }

    func testTabBarWithTwoLists() {
        check("lists-tabbar") { lang, w, h in twoLists(lang, w, h) }
        check("lists-tabbar-filtered") { lang, w, h in
            var state = twoLists(lang, w, h)
            state.apply(.startFilter)
            state.apply(.line(.insert("a")))
            state.apply(.submit)
            return state
        }
    }

    func testListsOverlay() {
        check("lists-overlay") { lang, w, h in
            var state = twoLists(lang, w, h)
            state.apply(.toggleLists)
            state.apply(.move(1))
            return state
        }
        check("lists-confirm-delete") { lang, w, h in
            var state = twoLists(lang, w, h)
            state.apply(.toggleLists)
            state.apply(.move(1))
            state.apply(.deleteList)
            return state
        }
    }

    func testMovePicker() {
        check("lists-move-picker") { lang, w, h in
            var state = twoLists(lang, w, h)
            state.apply(.startMoveItem)
            return state
        }
    }

    // MARK: - The smallest size that is not "too small"

    func testMinimumSize() {
        let minimum = [(AppState.minimumWidth, AppState.minimumHeight)]
        check("min-intro3", sizes: minimum) { lang, w, h in Fixture.introState(lang, width: w, height: h, page: 2) }
        check("min-tobuy", sizes: minimum) { lang, w, h in Fixture.listState(lang, width: w, height: h) }
        check("min-input", sizes: minimum) { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h)
            state.apply(.startAdd)
            state.apply(.line(.insert("トイレットペーパー 12ロール #日用品 @金")))
            return state
        }
        check("min-purchased", sizes: minimum) { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h)
            state.apply(.showScreen(.purchased))
            return state
        }
        check("min-categories", sizes: minimum) { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h)
            state.apply(.showScreen(.categories))
            return state
        }
        check("min-help", sizes: minimum) { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h)
            state.apply(.toggleHelp)
            return state
        }
    }

    // MARK: - Long counts and far dates

    /// Two-digit counts in the tabs and the y/n question, dates in another year.
    func testManyPurchasedAndFarDates() {
        var items = Fixture.items
        for i in 0..<120 {
            items.append(Item(id: 100 + Int64(i), name: "品物 \(i)", createdAt: Fixture.at(dayOffset: -20),
                              purchasedAt: Fixture.at(dayOffset: -3, minute: i)))
        }
        items.append(Item(id: 300, name: "おせち料理の予約", quantity: "1", categoryID: Fixture.household,
                          date: Fixture.day(34), createdAt: Fixture.at(dayOffset: -1)))
        let data = Snapshot(items: items, categories: Fixture.categories, knownNames: [])
        check("many-confirm") { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h, data: data)
            state.apply(.showScreen(.purchased))
            state.apply(.clearPurchased)
            return state
        }
        check("many-tobuy-later") { lang, w, h in
            var state = Fixture.listState(lang, width: w, height: h, data: data)
            state.apply(.moveToBottom)
            return state
        }
    }
}
