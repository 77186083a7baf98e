import KagoState
@testable import KagoView
import XCTest

/// The whole frame: cursor, hit-testing against what was drawn, and resizing.
final class RootViewTests: XCTestCase {
    func testCursorShowsOnlyInTheInputLine() {
        for lang in Language.allCases {
            var state = Fixture.listState(lang, width: 80, height: 24)
            XCTAssertNil(Fixture.render(state).cursor)
            state.apply(.toggleHelp)
            XCTAssertNil(Fixture.render(state).cursor)
            state.apply(.toggleHelp)
            state.apply(.startAdd)
            state.apply(.line(.insert("牛乳🥛")))
            let prompt = DisplayWidth.of(Strings(lang)[.promptAdd])
            XCTAssertEqual(Fixture.render(state).cursor?.x, prompt + 6)
            XCTAssertEqual(Fixture.render(state).cursor?.y, 23)
            state.apply(.line(.left))
            XCTAssertEqual(Fixture.render(state).cursor?.x, prompt + 4, "left moves over the emoji's two cells")
            state.apply(.line(.home))
            XCTAssertEqual(Fixture.render(state).cursor?.x, prompt)
            XCTAssertNil(Fixture.render(Fixture.introState(lang, width: 80, height: 24)).cursor)
        }
    }

    /// Issue 10.13: the category lines show a hint of their own, not the item syntax.
    func testCategoryLinesHintWithoutTheItemSyntax() {
        for lang in Language.allCases {
            var state = Fixture.listState(lang, width: 80, height: 24)
            state.apply(.showScreen(.categories))
            state.apply(.startAddCategory)
            let hintRow = Fixture.render(state).buffer.lines[22]
            XCTAssertTrue(hintRow.contains(Strings(lang)[.categoryInputHint]), hintRow)
            XCTAssertFalse(hintRow.contains("x2"), hintRow)
        }
    }

    /// Issue 10.8, SPEC §4: at 80×24 and larger every key of the screen fits on one page, and
    /// no key is cut; where it cannot fit, it scrolls.
    func testHelpShowsEveryKeyOnOnePageFrom80x24() {
        for lang in Language.allCases {
            let strings = Strings(lang)
            for (w, h) in [(80, 24), (100, 30), (120, 40)] {
                for screen in HelpTopic.all {
                    let layout = HelpOverlay.layout(for: screen, strings: strings, width: w, height: h)
                    XCTAssertFalse(layout.scrolls, "\(lang) \(screen) \(w)×\(h)")
                    let state = Fixture.helpState(lang, screen, width: w, height: h)
                    let text = Fixture.render(state).buffer.lines.joined(separator: "\n")
                    for row in HelpOverlay.sections(for: screen, strings: strings).flatMap(\.rows) {
                        for key in row.keys.flatMap({ $0.split(separator: " ") }) {
                            XCTAssertTrue(text.contains(String(key)), "\(lang) \(screen) \(w)×\(h): \(key) not shown")
                        }
                    }
                    XCTAssertFalse(text.contains("…"), "\(lang) \(screen) \(w)×\(h): something was cut\n\(text)")
                }
            }
            XCTAssertTrue(HelpOverlay.layout(for: .screen(.toBuy), strings: strings, width: 80, height: 12).scrolls)
        }
    }

    func testTabsAreDrawnWhereTheyAreClicked() {
        for lang in Language.allCases {
            for screen in Screen.allCases {
                var state = Fixture.listState(lang, width: 80, height: 24)
                state.apply(.showScreen(screen))
                let frame = Fixture.render(state)
                for tab in TabBar.tabs(state, strings: Strings(lang)) {
                    let drawn = (tab.rect.x..<tab.rect.maxX).map { frame.buffer[$0, 0].text }.joined()
                    XCTAssertEqual(drawn, tab.label, "\(lang)")
                    XCTAssertEqual(frame.buffer[tab.rect.x, 0].style.role, tab.screen == screen ? .tabActive : .tab)
                    for x in [tab.rect.x, tab.rect.maxX - 1] {
                        XCTAssertEqual(RootView.action(for: MouseEvent(.click, x: x, y: 0), in: state, strings: Strings(lang)),
                                       .showScreen(tab.screen), "\(lang) \(tab.label) at \(x)")
                    }
                }
            }
        }
    }

    func testClicksOnRowsSelectOrToggleTheRowDrawnThere() {
        let state = Fixture.listState(.en, width: 80, height: 24)
        let frame = Fixture.render(state)
        for y in 1..<23 {
            let action = RootView.action(for: MouseEvent(.click, x: 10, y: y), in: state, strings: Strings(.en))
            let line = frame.buffer.lines[y]
            if line.hasPrefix(" [ ]") {
                guard case .selectRow(let i)? = action, case .item(let id) = state.list.rows[i] else {
                    XCTFail("row \(y): \(String(describing: action))"); continue
                }
                XCTAssertTrue(line.contains(String(SafeText.sanitize(state.model.items[id]!.name).prefix(3))), "row \(y): \(line)")
                XCTAssertEqual(RootView.action(for: MouseEvent(.click, x: 2, y: y), in: state, strings: Strings(.en)),
                               .toggleRow(i), "a click on the checkbox toggles")
            } else if line.isEmpty {
                XCTAssertNil(action, "row \(y) is empty")
            }
        }
        XCTAssertEqual(RootView.action(for: MouseEvent(.wheelDown, x: 0, y: 5), in: state, strings: Strings(.en)), .scroll(3))
    }

    /// SPEC §6: growing the terminal back restores everything as it was.
    func testTooSmallAndBackRestoresTheSameFrame() {
        for lang in Language.allCases {
            var state = Fixture.listState(lang, width: 80, height: 24)
            state.apply(.move(5))
            state.apply(.startFilter)
            state.apply(.line(.insert("e")))
            state.apply(.submit)
            let before = Fixture.render(state)
            for (w, h) in [(20, 5), (29, 24), (80, 7), (1, 1)] {
                var s = state
                s.apply(.resize(width: w, height: h))
                XCTAssertTrue(s.isTooSmall)
                let small = Fixture.render(s)
                XCTAssertTrue(small.buffer.lines.joined().contains(Strings(lang)[.tooSmall].prefix(min(w / 2, 4))) || w < 8,
                              "\(w)x\(h)")
                assertFrameInvariants(small.buffer, "\(w)x\(h)")
                s.apply(.resize(width: 80, height: 24))
                XCTAssertEqual(Fixture.render(s), before, "\(lang) back from \(w)x\(h)")
            }
        }
    }

    /// Every frame at every size from tiny to wide keeps the cell invariants.
    func testAnySizeDrawsWellFormedFrames() {
        for lang in Language.allCases {
            for w in [1, 2, 9, 20, 29, 30, 31, 37, 40, 49, 50, 69, 70, 80, 101] {
                for h in [1, 3, 7, 8, 9, 12, 24] {
                    var list = Fixture.listState(lang, width: w, height: h)
                    assertFrameInvariants(Fixture.render(list).buffer, "list \(w)x\(h) \(lang)")
                    list.apply(.toggleHelp)
                    assertFrameInvariants(Fixture.render(list).buffer, "help \(w)x\(h) \(lang)")
                    list.apply(.toggleHelp)
                    list.apply(.showScreen(.categories))
                    assertFrameInvariants(Fixture.render(list).buffer, "categories \(w)x\(h) \(lang)")
                    list.apply(.startAddCategory)
                    list.apply(.line(.insert("トイレットペーパー🧻 と 歯ブラシ")))
                    assertFrameInvariants(Fixture.render(list).buffer, "input \(w)x\(h) \(lang)")
                    for page in 0..<3 {
                        let intro = Fixture.introState(lang, width: w, height: h, page: page)
                        assertFrameInvariants(Fixture.render(intro).buffer, "intro \(page) \(w)x\(h) \(lang)")
                    }
                }
            }
        }
    }

    /// Every step of a slide is well-formed, in both directions.
    func testSlideFramesAreWellFormed() {
        for lang in Language.allCases {
            for (from, action) in [(0, Action.introNext), (2, .introBack)] {
                var state = Fixture.introState(lang, width: 41, height: 13, page: from, animations: true)
                state.apply(action)
                state.apply(.tick(now: 0))
                for t in stride(from: 0.0, through: Transition.duration, by: 7) {
                    var s = state
                    s.apply(.tick(now: t))
                    assertFrameInvariants(Fixture.render(s).buffer, "\(lang) \(from) t=\(t)")
                }
            }
        }
    }

    func testUserTextNeverReachesTheFrameAsControls() {
        let evil = "\u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}1m\u{202E}\u{7F}\r\n\t"
        let data = Snapshot(items: [Item(id: 1, name: "x" + evil, quantity: evil, categoryID: 1, date: Fixture.today,
                                         note: evil, createdAt: 0)],
                            categories: [Category(id: 1, name: evil, position: 0)], knownNames: [evil])
        for lang in Language.allCases {
            for sort in SortMode.allCases {
                var state = Fixture.listState(lang, width: 100, height: 10, sort: sort, data: data)
                assertFrameInvariants(Fixture.render(state).buffer, "\(sort)")
                state.apply(.showScreen(.categories))
                assertFrameInvariants(Fixture.render(state).buffer, "categories")
                state.apply(.showScreen(.toBuy))
                state.apply(.startEdit)
                assertFrameInvariants(Fixture.render(state).buffer, "edit")
                state.apply(.cancel)
                state.apply(.committed(ChangeSet(), CommitContext(message: .added(evil))))
                assertFrameInvariants(Fixture.render(state).buffer, "message")
            }
        }
    }

    /// The list name opens the Lists overlay; in it a click selects a row, a click on the
    /// selected row opens it, and a click outside closes it.
    func testTheMouseWorksTheListsOverlay() {
        for lang in Language.allCases {
            let strings = Strings(lang)
            var state = Fixture.listState(lang, width: 80, height: 24)
            state.apply(.listsLoaded([ShoppingList(id: 1, name: "Shopping", position: 0),
                                      ShoppingList(id: 2, name: "ドラッグストア", position: 1)]))
            let click = { (x: Int, y: Int) in RootView.action(for: MouseEvent(.click, x: x, y: y), in: state, strings: strings) }
            XCTAssertEqual(click(2, 0), .toggleLists, "\(lang)")
            XCTAssertEqual(click(TabBar.tabs(state, strings: strings)[1].rect.x + 1, 0), .showScreen(.purchased), "\(lang)")
            state.apply(.toggleLists)
            let layout = ListsOverlayLayout(state, strings: strings)
            XCTAssertEqual(click(layout.box.x + 4, layout.rowsY + 1), .selectRow(1), "\(lang)")
            XCTAssertEqual(click(layout.box.x + 4, layout.rowsY), .chooseList, "\(lang): the selected row")
            XCTAssertNil(click(layout.box.x + 1, layout.box.y), "\(lang): the border")
            XCTAssertEqual(click(0, 20), .cancel, "\(lang): outside")
            state.apply(.selectRow(1))
            XCTAssertEqual(state.overlaySelection, 1)
        }
    }
}
