import KagoState
@testable import KagoView
import XCTest

/// Screens that once drew something wrong on narrow terminals or in Japanese: each checks every
/// row a narrow layout could spoil.
final class NarrowLayoutTests: XCTestCase {
    /// Categories: the counts never overwrite the names; narrow rows shorten the counts instead
    /// (they once read "野1 to buy · 0 purchased").
    func testCategoryCountsDoNotOverwriteNames() {
        for lang in Language.allCases {
            let strings = Strings(lang)
            for w in [30, 34, 38, 50, 80] {
                var state = Fixture.listState(lang, width: w, height: 10)
                state.apply(.showScreen(.categories))
                let lines = Fixture.render(state).buffer.lines
                for (i, row) in state.list.rows.enumerated() {
                    guard case .category(let id) = row else { continue }
                    let line = lines[1 + i]
                    let name = id.flatMap { state.model.categories[$0]?.name } ?? strings[.uncategorised]
                    let counts = state.model.categoryCounts[id] ?? ItemCounts()
                    let args = ["toBuy": String(counts.toBuy), "purchased": String(counts.purchased)]
                    let forms = [strings.format(.categoryCounts, args), strings.format(.categoryCountsShort, args)]
                    guard let start = forms.lazy.compactMap({ line.range(of: $0, options: .backwards)?.lowerBound }).first else {
                        XCTFail("\(lang) \(w) cols: no counts in \(line)"); continue
                    }
                    let before = line[..<start].dropFirst(5)
                    var shown = before
                    while shown.last == " " { shown = shown.dropLast() }
                    XCTAssertTrue(before.count > shown.count, "\(lang) \(w) cols: no gap before the counts: \(line)")
                    XCTAssertTrue(shown == name || (shown.hasSuffix("…") && name.hasPrefix(shown.dropLast())),
                                  "\(lang) \(w) cols: name \(name) shown as \(shown)")
                }
            }
        }
    }

    /// To buy: every Japanese date fits the date column (`11月25日(水)` needs 12 cells).
    func testDatesFitTheDateColumn() {
        for lang in Language.allCases {
            let strings = Strings(lang)
            for w in [40, 80] {
                let state = Fixture.listState(lang, width: w, height: 30)
                let text = Fixture.render(state).buffer.lines.joined(separator: "\n")
                for item in Fixture.items where !item.isPurchased {
                    guard let d = item.date else { continue }
                    let shown = strings.relativeDate(d, today: Fixture.today)
                    XCTAssertTrue(text.contains(shown), "\(lang) \(w) cols: \(shown) is cut")
                }
            }
        }
    }

    /// The clear-purchased question keeps its `y/n` however long the count and narrow the screen.
    func testConfirmationAlwaysShowsYesNo() {
        var items = Fixture.items
        for i in 0..<120 {
            items.append(Item(id: 100 + Int64(i), name: "x\(i)", createdAt: 0, purchasedAt: Fixture.at(dayOffset: -3)))
        }
        for lang in Language.allCases {
            for w in [30, 40] {
                var state = Fixture.listState(lang, width: w, height: 12, data: Snapshot(items: items, categories: []))
                state.apply(.showScreen(.purchased))
                state.apply(.clearPurchased)
                let last = Fixture.render(state).buffer.lines.last ?? ""
                XCTAssertTrue(last.contains("y/n"), "\(lang) \(w) cols: \(last)")
            }
        }
    }

    /// The too-small screen says what size is needed, whole, even at 20 columns in Japanese.
    func testTooSmallMessageFitsTwentyColumns() {
        for lang in Language.allCases {
            let state = Fixture.listState(lang, width: 20, height: 5)
            let text = Fixture.render(state).buffer.lines.joined(separator: "\n")
            XCTAssertFalse(text.contains("…"), "\(lang): \(text)")
            XCTAssertTrue(text.contains("30×8"), "\(lang): \(text)")
        }
    }

    /// A filtered or category-scoped list says so at every width: in the tab bar where it fits,
    /// else on the status line.
    func testNarrowingIsAlwaysShown() {
        for lang in Language.allCases {
            for w in stride(from: 30, through: 100, by: 5) {
                var state = Fixture.listState(lang, width: w, height: 12)
                state.apply(.showScreen(.categories))
                state.apply(.move(1))
                state.apply(.openCategory)
                state.apply(.startFilter)
                state.apply(.line(.insert("e")))
                state.apply(.submit)
                let lines = Fixture.render(state).buffer.lines
                let text = [lines.first ?? "", lines.last ?? ""].joined(separator: "\n")
                XCTAssertTrue(text.contains("/e"), "\(lang) \(w) cols: the filter is not shown:\n\(text)")
                XCTAssertTrue(text.contains("#dairy") || text.contains("#da"), "\(lang) \(w) cols: the scope is not shown:\n\(text)")
            }
        }
    }
}
