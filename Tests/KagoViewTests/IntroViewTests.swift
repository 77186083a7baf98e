import KagoState
@testable import KagoView
import XCTest

final class IntroViewTests: XCTestCase {
    func testLayoutPutsButtonsWhereTheyAreDrawn() {
        for (w, h) in [(80, 24), (40, 12), (30, 8)] {
            for lang in Language.allCases {
                for page in 0..<3 {
                    let state = Fixture.introState(lang, width: w, height: h, page: page)
                    let strings = Strings(lang)
                    let frame = Fixture.render(state)
                    let layout = IntroLayout(width: w, height: h, page: page, pageCount: 3, strings: strings)
                    let id = "\(w)x\(h) \(lang) page \(page + 1)"
                    XCTAssertEqual(text(frame.buffer, layout.skip), " " + strings[.skip] + " ", id)
                    let forward = strings[page == 2 ? .start : .next]
                    XCTAssertEqual(text(frame.buffer, layout.forward), " " + forward + " ", id)
                    XCTAssertEqual(layout.back.map { text(frame.buffer, $0) }, page > 0 ? " " + strings[.back] + " " : nil, id)
                    XCTAssertEqual(layout.dots.map { text(frame.buffer, $0) }, (0..<3).map { $0 == page ? "●" : "○" }, id)
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
                for page in 0..<3 {
                    let layout = IntroLayout(width: w, height: 12, page: page, pageCount: 3, strings: Strings(lang))
                    let dots = Rect(x: layout.dots[0].x, y: layout.dots[0].y, width: layout.dots[2].maxX - layout.dots[0].x, height: 1)
                    XCTAssertLessThan(dots.maxX, layout.forward.x, "\(w) \(lang) \(page)")
                    if let back = layout.back { XCTAssertLessThan(back.maxX, dots.x, "\(w) \(lang) \(page)") }
                }
            }
        }
    }
}
