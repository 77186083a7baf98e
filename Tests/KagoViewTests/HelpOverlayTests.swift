import KagoState
@testable import KagoView
import XCTest

/// The `?` overlay at several sizes (issue 10.8): keys never cut, paging shows every line.
final class HelpOverlayTests: XCTestCase {
    /// The overlay open on a screen, or in the tutorial, with the line counts the app supplies.
    func helpState(_ lang: Language, _ topic: HelpTopic, width: Int, height: Int) -> AppState {
        var state = Fixture.helpState(lang, topic, width: width, height: height)
        state.helpLineCounts = HelpOverlay.lineCounts(strings: Strings(lang), width: width, height: height)
        return state
    }

    /// The overlay's body rows (below its title, above its footer) on each page, PgDn after PgDn.
    func pages(_ state: AppState) -> [[String]] {
        var state = state
        var out: [[String]] = []
        while true {
            let lines = Fixture.render(state).buffer.lines
            out.append(Array(lines[2..<(2 + state.helpViewport)]))
            let before = state.helpScroll
            state.apply(.pageDown)
            if state.helpScroll == before { return out }
        }
    }

    /// Where the width allows, the key column holds its longest entry whole: at 80×12 the
    /// input line's cursor keys are one line, not cut at 20 cells.
    func testKeyColumnHoldsItsLongestEntryWhenThereIsRoom() {
        let layout = HelpOverlay.layout(for: .screen(.toBuy), strings: Strings(.en), width: 80, height: 12)
        XCTAssertTrue(layout.scrolls)
        XCTAssertEqual(layout.keyWidth, DisplayWidth.of("← → Home Ctrl-A End Ctrl-E"))
        let shown = pages(helpState(.en, .screen(.toBuy), width: 80, height: 12)).joined()
        XCTAssertTrue(shown.contains { $0.contains("← → Home Ctrl-A End Ctrl-E move the cursor") },
                      shown.joined(separator: "\n"))
    }

    /// A key column narrower than an entry wraps it between bindings, so `Home Ctrl-A` stays
    /// together; a single label wider than the column wraps inside it.
    func testKeysWrapBetweenBindingsFirst() {
        XCTAssertEqual(HelpOverlay.wrapKeys(["←", "→", "Home Ctrl-A", "End Ctrl-E"], width: 12),
                       ["← →", "Home Ctrl-A", "End Ctrl-E"])
        XCTAssertEqual(HelpOverlay.wrapKeys(["Backspace", "Delete Ctrl-D"], width: 9), ["Backspace", "Delete", "Ctrl-D"])
        XCTAssertEqual(HelpOverlay.wrapKeys(["j ↓"], width: 12), ["j ↓"])
    }

    /// At small sizes PgDn after PgDn shows every line of the overlay, in order, none cut.
    func testPagingShowsEveryLineAndCutsNothing() {
        for lang in Language.allCases {
            for (w, h) in [(80, 12), (40, 12), (30, 8)] {
                for screen in HelpTopic.all {
                    let state = helpState(lang, screen, width: w, height: h)
                    let layout = HelpOverlay.layout(for: screen, strings: Strings(lang), width: w, height: h)
                    let pages = pages(state)
                    let shown = pages.joined().joined(separator: "\n")
                    // Every line of the overlay is on some page: PgDn skips none.
                    for line in layout.columns[0] {
                        for piece in [line.keys ?? "", line.text] where !piece.isEmpty {
                            XCTAssertTrue(shown.contains(piece), "\(lang) \(screen) \(w)×\(h): '\(piece)' never shown\n\(shown)")
                        }
                    }
                    XCTAssertFalse(shown.contains("…"), "\(lang) \(screen) \(w)×\(h): something was cut\n\(shown)")
                    for row in HelpOverlay.sections(for: screen, strings: Strings(lang)).flatMap(\.rows) {
                        for key in row.keys.flatMap({ $0.split(separator: " ") }) {
                            XCTAssertTrue(shown.contains(String(key)), "\(lang) \(screen) \(w)×\(h): \(key) not shown")
                        }
                    }
                }
            }
        }
    }

    /// At 40×12 the footer still says where the page is, the hints giving way to it.
    func testFooterKeepsThePositionOnANarrowScreen() {
        for lang in Language.allCases {
            let state = helpState(lang, .screen(.toBuy), width: 40, height: 12)
            let footer = Fixture.render(state).buffer.lines[11]
            let count = state.helpLineCounts[.screen(.toBuy)]!
            XCTAssertTrue(footer.hasSuffix("1–9/\(count)  ") || footer.contains("1–9/\(count)"), footer)
        }
    }

    /// Wide screens use the columns the width allows, filled evenly rather than one full and
    /// the rest nearly empty.
    func testColumnsAreBalancedOnAWideScreen() {
        for lang in Language.allCases {
            let layout = HelpOverlay.layout(for: .screen(.toBuy), strings: Strings(lang), width: 120, height: 40)
            XCTAssertFalse(layout.scrolls)
            XCTAssertEqual(layout.columns.count, 3, "\(lang)")
            let heights = layout.columns.map(\.count)
            XCTAssertLessThanOrEqual(heights.max()! - heights.min()!, 4, "\(lang): \(heights)")
        }
    }
}
