import KagoState
@testable import KagoView
import XCTest

final class IntroViewTests: XCTestCase {
    let pageCount = Tutorial.allLessons.count

    func testLayoutPutsButtonsWhereTheyAreDrawn() {
        for (w, h) in [(80, 24), (40, 12), (30, 8)] {
            for lang in Language.allCases {
                for page in 0..<pageCount {
                    let state = Fixture.introState(lang, width: w, height: h, page: page)
                    let strings = Strings(lang)
                    let frame = Fixture.render(state)
                    let layout = IntroLayout(state.intro!, width: w, height: h, strings: strings)
                    let id = "\(w)x\(h) \(lang) page \(page + 1)"
                    XCTAssertEqual(text(frame.buffer, layout.skip), " " + strings[.skip] + " ", id)
                    let forward = strings[page == pageCount - 1 ? .start : .next]
                    XCTAssertEqual(text(frame.buffer, layout.forward), " " + forward + " ", id)
                    XCTAssertEqual(layout.back.map { text(frame.buffer, $0) }, page > 0 ? " " + strings[.back] + " " : nil, id)
                    XCTAssertEqual(layout.dots.map { text(frame.buffer, $0) }, (0..<pageCount).map { $0 == page ? "●" : "○" }, id)
                    XCTAssertTrue(layout.skip.maxX <= w && layout.forward.maxX <= w, id)
                    // Clicking a button is the same as its key.
                    let click = { (r: Rect) in RootView.action(for: MouseEvent(.click, x: r.x, y: r.y), in: state, strings: strings) }
                    XCTAssertEqual(click(layout.skip), .introSkip, id)
                    XCTAssertEqual(click(layout.forward), .introConfirm, id)
                    XCTAssertEqual(click(layout.dots[2]), .introGoTo(2), id)
                    if let back = layout.back { XCTAssertEqual(click(back), .introBack, id) }
                }
            }
        }
    }

    /// The text of the cells in a one-row rectangle.
    func text(_ b: ScreenBuffer, _ r: Rect) -> String {
        (r.x..<r.maxX).map { b[$0, r.y].text }.joined()
    }

    func testBackAndForwardNeverOverlapTheDots() {
        for w in 30...90 {
            for lang in Language.allCases {
                for page in 0..<pageCount {
                    let state = Fixture.introState(lang, width: w, height: 12, page: page)
                    let layout = IntroLayout(state.intro!, width: w, height: 12, strings: Strings(lang))
                    let dots = Rect(x: layout.dots[0].x, y: layout.dots[0].y, width: layout.dots.last!.maxX - layout.dots[0].x,
                                    height: 1)
                    XCTAssertLessThan(dots.maxX, layout.forward.x, "\(w) \(lang) \(page)")
                    if let back = layout.back { XCTAssertLessThan(back.maxX, dots.x, "\(w) \(lang) \(page)") }
                }
            }
        }
    }

    /// At 80×24 every page shows its practice box, title, line and try-it line with blank rows
    /// between them; on shorter terminals the box goes before any of the text does.
    func testThePracticeBoxFitsAt80x24AndGoesFirstWhenShort() throws {
        for lang in Language.allCases {
            let strings = Strings(lang)
            for h in stride(from: 24, through: 8, by: -1) {
                for page in 0..<pageCount {
                    let state = Fixture.introState(lang, width: 80, height: h, page: page)
                    let intro = state.intro!
                    let text = Fixture.render(state).buffer.lines.joined(separator: "\n")
                    let id = "\(lang) 80×\(h) page \(page + 1)\n\(text)"
                    let lesson = intro.pages[page]
                    for key in [IntroView.title(lesson), IntroView.line(lesson), IntroView.tryIt(intro, page: page)] {
                        XCTAssertTrue(text.contains(strings[key]), "\(strings[key]) missing: \(id)")
                    }
                    let layout = IntroLayout(intro, width: 80, height: h, strings: strings)
                    if h == 24 {
                        let box = try XCTUnwrap(layout.practice, id)
                        XCTAssertGreaterThanOrEqual(box.height, 6, id)
                        XCTAssertTrue(text.contains(strings[.practiceBread]), id)
                        // Room: a blank row above the box and below the try-it line.
                        let lines = Fixture.render(state).buffer.lines
                        XCTAssertEqual(lines[box.y - 2].trimmingCharacters(in: .whitespaces), "", id)
                    }
                    if layout.practice == nil {
                        XCTAssertFalse(text.contains("+---"), id)
                    }
                }
            }
        }
    }

    /// A click on a practice row selects it, and on its checkbox checks it, as on To buy.
    func testClicksOnThePracticeListActOnItsRows() {
        let state = Fixture.introState(.en, width: 80, height: 24, page: 1)
        let strings = Strings(.en)
        let box = try! XCTUnwrap(IntroLayout(state.intro!, width: 80, height: 24, strings: strings).practice)
        let lines = Fixture.render(state).buffer.lines
        let eggs = try! XCTUnwrap(lines.firstIndex { $0.contains("[ ] eggs") })
        let onName = MouseEvent(.click, x: box.x + 6, y: eggs)
        let row = try! XCTUnwrap(state.intro!.practice.app.list.rows.firstIndex { row in
            if case .item(let id) = row { return state.intro!.practice.app.model.items[id]?.name == "eggs" }
            return false
        })
        XCTAssertEqual(RootView.action(for: onName, in: state, strings: strings), .selectRow(row))
        XCTAssertEqual(RootView.action(for: MouseEvent(.click, x: box.x + 2, y: eggs), in: state, strings: strings),
                       .toggleRow(row))
        var checked = state
        checked.apply(.toggleRow(row))
        XCTAssertTrue(checked.intro!.isDone, "checking by mouse is page 2's lesson")
    }

    /// The terminal cursor is in the practice list's input line while it is open, in the box
    /// or, without one, above the buttons.
    func testTheCursorIsInThePracticeInputLine() {
        for (w, h) in [(80, 24), (40, 12)] {
            var state = Fixture.introState(.en, width: w, height: h)
            state.apply(.startAdd)
            state.apply(.line(.insert("milk")))
            let frame = Fixture.render(state)
            let cursor = try! XCTUnwrap(frame.cursor, "\(w)×\(h)")
            XCTAssertTrue(frame.buffer.lines[cursor.y].contains("milk"), "\(w)×\(h)\n" + frame.buffer.lines.joined(separator: "\n"))
        }
    }

    /// The what's-new run shows only the new page, labelled, with Start and one dot.
    func testWhatsNewShowsTheNewPageLabelled() {
        for lang in Language.allCases {
            let strings = Strings(lang)
            let state = Fixture.introState(lang, width: 80, height: 24, seen: 1)
            XCTAssertEqual(state.intro?.pages, [.lists])
            let lines = Fixture.render(state).buffer.lines
            XCTAssertTrue(lines[0].contains(strings[.whatsNew]), lines[0])
            XCTAssertTrue(lines.joined().contains(strings[.intro4Title]))
            XCTAssertTrue(lines[22].contains(strings[.start]) && lines[22].contains("●") && !lines[22].contains("○"), lines[22])
        }
    }
}
