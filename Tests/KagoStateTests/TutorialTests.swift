import KagoState
import KagoTestSupport
import XCTest

/// The tutorial's pages as a live practice list (SPEC §3, issue 15).
final class TutorialTests: XCTestCase {
    let today = Day(year: 2026, month: 12, day: 2)!

    func tutorial(seen: Int = 0, animations: Bool = false, width: Int = 80, height: Int = 24) -> AppState {
        var settings = Settings()
        settings.animations = animations
        settings.introSeen = seen
        var s = AppState(settings: settings, clock: LocalClock(today: today), showIntro: seen == 0)
        s.apply(.resize(width: width, height: height))
        s.apply(.loaded(Snapshot()))
        return s
    }

    /// Applies actions, checking that none of them asks the run loop for anything: the practice
    /// list is never written to the database (and the tutorial saves nothing until Start or Skip).
    func play(_ s: inout AppState, _ actions: [Action], file: StaticString = #filePath, line: UInt = #line) {
        for a in actions { XCTAssertEqual(s.apply(a), [], "\(a)", file: file, line: line) }
    }

    func names(_ s: AppState) -> [String] {
        let app = s.intro!.practice.app
        return app.list.rows.compactMap { if case .item(let id) = $0 { return app.model.items[id]!.name } else { return nil } }
    }

    func testThePracticeListStartsWithTwoItems() {
        let s = tutorial()
        XCTAssertEqual(s.intro?.pages, [.add, .check, .sort, .lists])
        XCTAssertEqual(Set(names(s)), ["bread", "eggs"])
        XCTAssertEqual(s.intro?.practice.app.lists.map(\.name), ["Shopping", "Drugstore"])
    }

    func testPage1IsDoneByAddingAnItem() {
        var s = tutorial()
        play(&s, [.startAdd])
        XCTAssertEqual(s.keyMode, .input, "the input line owns the keys")
        play(&s, [.line(.insert("milk x2"))])
        XCTAssertFalse(s.intro!.isDone)
        play(&s, [.submit])
        XCTAssertEqual(s.keyMode, .intro)
        XCTAssertTrue(s.intro!.isDone)
        let milk = s.intro!.practice.app.model.items.values.first(where: { $0.name == "milk" })
        XCTAssertEqual(milk?.quantity, "2")
        XCTAssertEqual(s.model.items.count, 0, "the real list is untouched")
    }

    func testEachPageIsDoneByItsOwnKey() {
        let lessons: [(Lesson, [Action])] = [
            (.check, [.toggle]), (.sort, [.cycleSort]), (.lists, [.nextList]),
        ]
        for (page, (lesson, actions)) in lessons.enumerated() {
            var s = tutorial()
            play(&s, [.introGoTo(page + 1)])
            XCTAssertEqual(s.intro?.lesson, lesson)
            XCTAssertFalse(s.intro!.isDone)
            play(&s, actions)
            XCTAssertTrue(s.intro!.isDone, "\(lesson)")
        }
    }

    /// A page's ✓ comes from its own key: checking on page 1 is not adding, and does not count
    /// for page 2 either.
    func testAnotherPagesKeyDoesNotDoThePage() {
        var s = tutorial()
        play(&s, [.toggle, .cycleSort])
        XCTAssertFalse(s.intro!.isDone)
        play(&s, [.introNext])
        XCTAssertFalse(s.intro!.isDone)
        XCTAssertEqual(s.intro?.done, [])
    }

    /// The practice list works like To buy: check, undo, redo, delete, edit, sort, the selection.
    func testThePracticeListWorksLikeToBuy() {
        var s = tutorial()
        let first = names(s)
        play(&s, [.toggle])
        XCTAssertEqual(names(s).count, 1)
        XCTAssertEqual(s.intro?.practice.app.model.purchasedCount, 1)
        play(&s, [.undo])
        XCTAssertEqual(names(s), first)
        play(&s, [.redo, .undo, .move(1), .delete])
        XCTAssertEqual(names(s), [first[0]])
        play(&s, [.startEdit, .line(.end), .line(.insert(" x3")), .submit])
        XCTAssertEqual(s.intro?.practice.app.model.items.values.first(where: { _ in true })?.quantity, "3")
        play(&s, [.cycleSort])
        XCTAssertEqual(s.intro?.practice.app.model.sort, .category)
    }

    /// `[` `]` belong to page 4; there they switch practice lists, and an undo goes back to the
    /// list it was made in.
    func testListKeysWorkOnPage4Only() {
        var s = tutorial()
        play(&s, [.nextList, .previousList])
        XCTAssertEqual(s.intro?.practice.app.model.listID, 1, "page 1 ignores [ and ]")
        play(&s, [.introGoTo(3), .nextList])
        XCTAssertEqual(s.intro?.practice.app.currentList?.name, "Drugstore")
        XCTAssertEqual(names(s), ["soap"])
        play(&s, [.toggle, .previousList])
        XCTAssertEqual(s.intro?.practice.app.currentList?.name, "Shopping")
        play(&s, [.undo])
        XCTAssertEqual(s.intro?.practice.app.currentList?.name, "Drugstore", "undo went back to its list")
        XCTAssertEqual(names(s), ["soap"])
    }

    /// The practice list carries over from page to page, and a replay starts a fresh one.
    func testThePracticeCarriesOverAndAReplayStartsAfresh() {
        var s = tutorial()
        play(&s, [.startAdd, .line(.insert("milk")), .submit, .introNext, .introNext])
        XCTAssertTrue(names(s).contains("milk"))
        XCTAssertEqual(s.apply(.introSkip), [.saveIntroSeen])
        play(&s, [.toggleHelp, .replayTutorial])
        XCTAssertFalse(names(s).contains("milk"))
        XCTAssertEqual(s.intro?.page, 0)
    }

    func testEscClosesTheInputLineAndOtherwiseSkips() {
        var s = tutorial()
        play(&s, [.startAdd, .line(.insert("q")), .cancel])
        XCTAssertNotNil(s.intro, "Esc with the line open closes the line")
        XCTAssertNil(s.intro?.practice.app.input)
        XCTAssertEqual(s.apply(.introSkip), [.saveIntroSeen])
        XCTAssertNil(s.intro)
    }

    /// Ctrl-C in the practice input line closes it (as on To buy); the next one quits kago,
    /// leaving the tutorial unseen.
    func testCtrlCInThePracticeLineClosesItFirst() {
        var s = tutorial()
        play(&s, [.startAdd, .line(.insert("eggs")), .interrupt])
        XCTAssertNil(s.intro?.practice.app.input)
        XCTAssertEqual(s.intro?.practice.app.message?.message, .ctrlCAgainToQuit)
        XCTAssertEqual(s.apply(.quit), [.quit])
    }

    /// The tutorial's help overlay: its own topic, scrolling, closed by Esc back to the page.
    func testHelpInTheTutorial() {
        var s = tutorial()
        play(&s, [.introNext, .toggleHelp])
        XCTAssertEqual(s.keyMode, .help)
        XCTAssertEqual(s.helpTopic, .tutorial)
        play(&s, [.replayTutorial])
        XCTAssertEqual(s.intro?.page, 1, "t inside the tutorial's help only closes it")
        play(&s, [.toggleHelp, .cancel])
        XCTAssertEqual(s.keyMode, .intro)
        XCTAssertEqual(s.intro?.page, 1)
    }

    /// A practice list smaller than a usable terminal still takes keys (it is the box's size).
    func testASmallPracticeListTakesKeys() {
        var s = tutorial(width: 60, height: 16)
        XCTAssertLessThan(s.intro!.practice.app.height, AppState.minimumHeight)
        play(&s, [.tick(now: 5), .startAdd, .tick(now: 10), .line(.insert("milk")), .submit])
        XCTAssertTrue(names(s).contains("milk"))
        XCTAssertTrue(s.intro!.isDone)
    }

    /// Resizing mid-input (even through too small) keeps the typed text and the practice list.
    func testResizeKeepsThePracticeAndTheInput() {
        var s = tutorial()
        play(&s, [.startAdd, .line(.insert("牛乳"))])
        for (w, h) in [(40, 12), (20, 5), (80, 24)] { play(&s, [.resize(width: w, height: h)]) }
        XCTAssertEqual(s.intro?.practice.app.input?.editor.text, "牛乳")
        XCTAssertEqual(s.keyMode, .input)
    }

    /// Start and Skip record the tutorial; a first run opens To buy, a replay returns to the
    /// screen the user was on.
    func testStartOpensToBuyAndAReplayReturns() {
        var s = tutorial()
        play(&s, [.introGoTo(3)])
        XCTAssertEqual(s.apply(.introConfirm), [.saveIntroSeen])
        XCTAssertEqual(s.screen, .toBuy)
        play(&s, [.showScreen(.categories), .toggleHelp, .replayTutorial])
        XCTAssertEqual(s.apply(.introSkip), [.saveIntroSeen])
        XCTAssertEqual(s.screen, .categories)
    }

    /// What's new: a user who saw version 1 gets page 4 only, labelled; one who saw this
    /// version gets nothing; a future version's pages go to version-2 users alone.
    func testWhatsNewShowsThePagesAddedSince() {
        let returning = tutorial(seen: 1)
        XCTAssertEqual(returning.intro?.pages, [.lists])
        XCTAssertEqual(returning.intro?.isWhatsNew, true)
        XCTAssertNil(tutorial(seen: Tutorial.version).intro)
        XCTAssertNil(tutorial(seen: Tutorial.version + 1).intro)
        XCTAssertEqual(tutorial().intro?.isWhatsNew, false)
        XCTAssertEqual(Tutorial.version, 2)
        XCTAssertNil(Tutorial.newLessons(since: 0), "never seen: the whole tutorial, not what's new")
        XCTAssertEqual(Tutorial.newLessons(since: 1), [.lists])
        var s = tutorial(seen: 1)
        play(&s, [.nextList])
        XCTAssertTrue(s.intro!.isDone, "on the what's-new page, ] works at once")
        XCTAssertEqual(s.apply(.introConfirm), [.saveIntroSeen], "its one page ends with Start")
    }

    /// Random keys in the tutorial never reach the database or the config, until Start or Skip.
    func testNoKeyInTheTutorialWritesAnything() {
        var random = SplitMix(seed: 15)
        let keys: [Action] = [
            .startAdd, .line(.insert("x")), .line(.insert("milk x2 #dairy")), .submit, .cancel, .toggle, .startEdit,
            .delete, .cycleSort, .move(1), .move(-1), .undo, .redo, .nextList, .previousList, .introNext, .introBack,
            .toggleHelp, .interrupt, .paste("a\nb"), .toggleRow(1), .selectRow(2), .line(.complete), .line(.backspace),
        ]
        for _ in 0..<200 {
            var s = tutorial()
            for _ in 0..<60 {
                let a = keys[Int(random.next() % UInt64(keys.count))]
                XCTAssertEqual(s.apply(a), [], "\(a)")
            }
            XCTAssertEqual(s.model.items.count, 0)
        }
    }
}
