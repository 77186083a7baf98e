import KagoTestSupport
import KagoState
@testable import KagoView
import XCTest

/// SPEC §6 at every terminal size from 1×1 to 300×100: no crash, frames of exactly the size
/// asked, the "too small" screen below 30×8 and the real one from 30×8 up, and resizing — even
/// a storm of resizes through tiny sizes — never loses state.
final class SizeTests: XCTestCase {
    static let maxWidth = 300, maxHeight = 100

    /// A screen or mode to draw, built at a size.
    struct Mode: Sendable {
        var name: String
        var build: @Sendable (Language, Int, Int) -> AppState
    }

    /// Every screen and mode the root view can show.
    static let modes: [Mode] = {
        var modes: [Mode] = []
        for page in 0..<3 {
            modes.append(Mode(name: "intro\(page + 1)") { Fixture.introState($0, width: $1, height: $2, page: page) })
        }
        modes.append(Mode(name: "intro-slide") { lang, w, h in
            var s = Fixture.introState(lang, width: w, height: h, animations: true)
            s.apply(.introNext)
            s.apply(.tick(now: 0))
            s.apply(.tick(now: Transition.duration / 3))
            return s
        })
        for sort in SortMode.allCases {
            modes.append(Mode(name: "tobuy-\(sort)") { lang, w, h in
                var s = Fixture.listState(lang, width: w, height: h, sort: sort)
                s.apply(.moveToBottom)
                return s
            })
        }
        modes.append(Mode(name: "tobuy-empty") { Fixture.listState($0, width: $1, height: $2, data: Snapshot()) })
        modes.append(Mode(name: "purchased") { lang, w, h in
            var s = Fixture.listState(lang, width: w, height: h)
            s.apply(.showScreen(.purchased))
            s.apply(.move(1))
            return s
        })
        modes.append(Mode(name: "categories") { lang, w, h in
            var s = Fixture.listState(lang, width: w, height: h)
            s.apply(.showScreen(.categories))
            s.apply(.move(3))
            return s
        })
        modes.append(Mode(name: "scoped") { lang, w, h in
            var s = Fixture.listState(lang, width: w, height: h)
            s.apply(.showScreen(.categories))
            s.apply(.move(1))
            s.apply(.openCategory)
            return s
        })
        modes.append(Mode(name: "add") { lang, w, h in
            var s = Fixture.listState(lang, width: w, height: h)
            s.apply(.startAdd)
            s.apply(.line(.insert("トイレットペーパー🧻 x12 #日用品 @明日 -- the soft one")))
            s.apply(.line(.left))
            return s
        })
        modes.append(Mode(name: "edit") { lang, w, h in
            var s = Fixture.listState(lang, width: w, height: h)
            s.apply(.startEdit)
            return s
        })
        modes.append(Mode(name: "filter") { lang, w, h in
            var s = Fixture.listState(lang, width: w, height: h)
            s.apply(.startFilter)
            s.apply(.line(.insert("e")))
            return s
        })
        modes.append(Mode(name: "filter-nothing") { lang, w, h in
            var s = Fixture.listState(lang, width: w, height: h)
            s.apply(.startFilter)
            s.apply(.line(.insert("zzzz")))
            s.apply(.submit)
            return s
        })
        modes.append(Mode(name: "help") { lang, w, h in
            var s = Fixture.listState(lang, width: w, height: h)
            s.helpLineCounts = HelpOverlay.lineCounts(strings: Strings(lang), width: w, height: h)
            s.apply(.toggleHelp)
            s.apply(.helpScroll(1000))
            return s
        })
        modes.append(Mode(name: "confirm") { lang, w, h in
            var s = Fixture.listState(lang, width: w, height: h)
            s.apply(.showScreen(.purchased))
            s.apply(.clearPurchased)
            return s
        })
        modes.append(Mode(name: "message") { lang, w, h in
            var s = Fixture.listState(lang, width: w, height: h)
            s.apply(.committed(ChangeSet(), CommitContext(message: .added("Extra-virgin olive oil, cold pressed 🫒"))))
            return s
        })
        return modes
    }()

    /// Checks one frame: its size, and the too-small screen exactly below 30×8.
    func checkFrame(_ state: AppState, _ frame: Frame, _ what: String, strings: Strings) {
        let b = frame.buffer
        guard b.width == state.width, b.height == state.height else {
            XCTFail("\(what): frame is \(b.width)x\(b.height)")
            return
        }
        let text = b.lines
        let tooSmallText = strings[.tooSmall]
        if state.width < AppState.minimumWidth || state.height < AppState.minimumHeight {
            XCTAssertTrue(state.isTooSmall, what)
            XCTAssertNil(frame.cursor, "\(what): no cursor on the too-small screen")
            // The message, cut to the width (ending in … when cut), on the middle row.
            let y = max(0, state.height / 2 - 1)
            let shown = text[y]
            let expected = state.width >= DisplayWidth.of(tooSmallText) ? tooSmallText : nil
            if let expected {
                XCTAssertTrue(shown.contains(expected), "\(what): too-small row is \(shown.debugDescription)")
            } else {
                XCTAssertFalse(shown.isEmpty && state.width > 1, "\(what): too-small row is empty")
            }
        } else {
            XCTAssertFalse(state.isTooSmall, what)
            XCTAssertFalse(text.joined().contains(tooSmallText), "\(what): too-small text at a usable size")
            if state.intro == nil {
                // The tab bar starts the first row; at narrow widths names are cut, never the counts.
                XCTAssertTrue(text[0].hasPrefix(" " + strings[.tabToBuy].prefix(1)), "\(what): row 0 is \(text[0].debugDescription)")
                let counts = [state.model.toBuyCount, state.model.purchasedCount, state.model.categories.count]
                for (tab, count) in zip(TabBar.tabs(state, strings: strings), counts) {
                    XCTAssertTrue(tab.label.hasSuffix(" \(count) ") && tab.rect.maxX <= state.width,
                                  "\(what): tab \(tab.label.debugDescription) at \(tab.rect)")
                }
                // The selection, when there is one, is drawn inside the list area.
                if state.list.selected != nil, state.helpScroll == nil {
                    let area = RootView.listArea(state)
                    let selectedRows = (area.y..<area.maxY).filter { y in (0..<b.width).contains { b[$0, y].style.selected } }
                    XCTAssertEqual(selectedRows.count, 1, "\(what): rows drawn selected: \(selectedRows)")
                }
            }
        }
    }

    // MARK: - Every size

    /// Every one of the 30,000 sizes from 1×1 to 300×100 drawn once, the modes taken in turn so
    /// that each mode meets sizes all over the range (and both sides of every threshold).
    func testEverySizeFrom1x1To300x100() {
        var frames = 0
        let strings = Language.allCases.map { Strings($0) }
        var built: [String: AppState] = [:]
        for w in 1...Self.maxWidth {
            for h in 1...Self.maxHeight {
                let i = w * 7 + h
                let mode = Self.modes[i % Self.modes.count]
                let lang = Language.allCases[(i / Self.modes.count) % 2]
                // Build each mode once per language at 80×24 and resize it: building at every size
                // would cost more than drawing, and a resize is what a terminal does anyway.
                let key = "\(mode.name)-\(lang)"
                var state = built[key] ?? mode.build(lang, 80, 24)
                built[key] = state
                state.apply(.resize(width: w, height: h))
                let frame = RootView.render(state, strings: strings[lang == .en ? 0 : 1])
                checkFrame(state, frame, "\(mode.name) \(w)x\(h) \(lang)", strings: strings[lang == .en ? 0 : 1])
                frames += 1
            }
        }
        XCTAssertEqual(frames, 30_000)
        print("SizeTests: \(frames) sizes drawn, \(Self.modes.count) modes in turn")
    }

    /// Every mode built at (not resized to) sizes on a grid, dense near the thresholds, with the
    /// full cell invariants (wide characters whole, rows exactly as wide as the frame).
    func testEveryModeOnAGridWithFullInvariants() {
        let widths = Array(1...12) + [20, 28, 29, 30, 31, 32, 35, 39, 40, 41, 49, 50, 51, 60, 69, 70, 71, 80, 81, 120, 199, 300]
        let heights = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 24, 25, 50, 99, 100]
        var frames = 0
        for mode in Self.modes {
            for (i, w) in widths.enumerated() {
                for (j, h) in heights.enumerated() {
                    let lang = Language.allCases[(i + j) % 2]
                    let state = mode.build(lang, w, h)
                    let strings = Strings(lang)
                    let frame = RootView.render(state, strings: strings)
                    let what = "\(mode.name) \(w)x\(h) \(lang)"
                    checkFrame(state, frame, what, strings: strings)
                    assertFrameInvariants(frame.buffer, what)
                    frames += 1
                }
            }
        }
        print("SizeTests: \(frames) frames on the grid with full invariants")
    }

    // MARK: - Resizing keeps state

    /// What a resize must never change: everything but the size and the scroll offsets.
    static func essence(_ s: AppState) -> String {
        var out = "\(s.screen) \(s.model.sort) intro=\(String(describing: s.intro?.page)) help=\(s.helpScroll != nil) "
        out += "input=\(String(describing: s.input?.editor.text)) cursor=\(String(describing: s.input?.editor.cursor)) "
        out += "confirm=\(String(describing: s.confirmation)) scope=\(String(describing: s.model.scope)) "
        out += "counts=\(s.model.toBuyCount)/\(s.model.purchasedCount)/\(s.model.categories.count) "
        for screen in Screen.allCases {
            let l = s.model.screens[screen]!
            out += "\(screen): \(String(describing: l.selected)) filter=\(l.filter) rows=\(l.rows.count); "
        }
        return out + "message=\(String(describing: s.message?.message))"
    }

    /// A storm of 500 random resizes per mode (a third of them below 30×8), then back: the same
    /// state and the very same frame; after each resize at a usable size the selection is in view.
    func testResizeStormsKeepEveryModesState() {
        var rng = SplitMix(seed: 0x6B61_676F)
        var resizes = 0
        for mode in Self.modes {
            for lang in Language.allCases {
                let original = mode.build(lang, 80, 24)
                let before = RootView.render(original, strings: Strings(lang))
                var state = original
                for _ in 0..<500 {
                    let tiny = Int.random(in: 0..<3, using: &rng) == 0
                    let w = tiny ? Int.random(in: 1...40, using: &rng) : Int.random(in: 1...Self.maxWidth, using: &rng)
                    let h = tiny ? Int.random(in: 1...10, using: &rng) : Int.random(in: 1...Self.maxHeight, using: &rng)
                    state.apply(.resize(width: w, height: h))
                    resizes += 1
                    if !state.isTooSmall, state.intro == nil, state.helpScroll == nil {
                        let l = state.list
                        if l.selected != nil {
                            let top = ListView.scroll(l, height: RootView.listArea(state).height)
                            XCTAssertTrue(l.selection >= top && l.selection < top + RootView.listArea(state).height,
                                          "\(mode.name) \(lang) at \(w)x\(h): selection \(l.selection) out of view (top \(top))")
                        }
                    }
                    XCTAssertEqual(Self.essence(state), Self.essence(original), "\(mode.name) \(lang) at \(w)x\(h)")
                }
                state.apply(.resize(width: 80, height: 24))
                XCTAssertEqual(Self.essence(state), Self.essence(original), "\(mode.name) \(lang) back at 80x24")
                let after = RootView.render(state, strings: Strings(lang))
                if after != before {
                    let diff = zip(before.buffer.lines, after.buffer.lines).enumerated()
                        .filter { $0.element.0 != $0.element.1 }
                        .map { "row \($0.offset): \($0.element.0.debugDescription) → \($0.element.1.debugDescription)" }
                    XCTFail("\(mode.name) \(lang): the frame differs after the storm:\n" + diff.joined(separator: "\n"))
                }
            }
        }
        print("SizeTests: \(resizes) resizes in storms")
    }

    /// Shrinking one row at a time down to 1×1 and growing back, with a long list scrolled to the
    /// bottom: the selected item never changes and ends where it was drawn.
    func testShrinkingAndGrowingStepByStep() {
        let items = (1...300).map { Item(id: Int64($0), name: "item \($0) 🍙", createdAt: Timestamp($0)) }
        for lang in Language.allCases {
            var state = Fixture.listState(lang, width: 80, height: 24, sort: .added, data: Snapshot(items: items))
            state.apply(.move(250))
            let selected = state.list.selected
            let before = RootView.render(state, strings: Strings(lang))
            for h in stride(from: 24, through: 1, by: -1) { state.apply(.resize(width: 80, height: h)) }
            for w in stride(from: 80, through: 1, by: -1) { state.apply(.resize(width: w, height: 1)) }
            XCTAssertEqual(state.list.selected, selected)
            for w in 1...300 { state.apply(.resize(width: w, height: 1)) }
            for h in 1...100 { state.apply(.resize(width: 300, height: h)) }
            XCTAssertEqual(state.list.selected, selected)
            state.apply(.resize(width: 80, height: 24))
            XCTAssertEqual(state.list.selected, selected)
            XCTAssertEqual(RootView.render(state, strings: Strings(lang)), before, "\(lang)")
        }
    }

    /// Zero and negative sizes (a terminal can report them while it is being set up) draw an
    /// empty frame of at least 1×1 rather than crash.
    func testDegenerateSizesAreClamped() {
        var state = Fixture.listState(.en, width: 80, height: 24)
        for (w, h) in [(0, 0), (-5, 10), (10, -5), (0, 24), (80, 0), (Int.min / 4, Int.min / 4)] {
            state.apply(.resize(width: w, height: h))
            XCTAssertGreaterThanOrEqual(state.width, 1)
            XCTAssertGreaterThanOrEqual(state.height, 1)
            let frame = RootView.render(state, strings: Strings(.en))
            XCTAssertEqual(frame.buffer.width, state.width)
        }
    }
}
