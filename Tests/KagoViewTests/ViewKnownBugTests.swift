import KagoState
@testable import KagoView
import XCTest

/// Screens that are known to draw something wrong, in view files this target does not own.
/// Each check turns into a failure once the drawing is right, so it can become a plain assertion.
final class ViewKnownBugTests: XCTestCase {
    /// Categories: the counts are written without a width limit over the name column, so on a
    /// narrow terminal they overwrite the names ("野1 to buy · 0 purchased").
    func testCategoryCountsDoNotOverwriteNames() {
        expectKnownBug("ListView.drawCategory: counts overwrite the category names below ~40 columns") {
            var found: [String] = []
            for lang in Language.allCases {
                for w in [30, 34, 38] {
                    var state = Fixture.listState(lang, width: w, height: 10)
                    state.apply(.showScreen(.categories))
                    let lines = Fixture.render(state).buffer.lines
                    for (i, row) in state.list.rows.enumerated() {
                        guard case .category(let id) = row else { continue }
                        let line = lines[1 + i]
                        let name = id.flatMap { state.categories[$0]?.name } ?? Strings(lang)[.uncategorised]
                        let counts = state.categoryCounts[id] ?? ItemCounts()
                        let countText = Strings(lang).format(.categoryCounts, ["toBuy": String(counts.toBuy),
                                                                               "purchased": String(counts.purchased)])
                        guard let start = line.range(of: countText)?.lowerBound else {
                            found.append("\(lang) \(w) cols: no counts in \(line)"); continue
                        }
                        let before = line[..<start].dropFirst(5)
                        var shown = before
                        while shown.last == " " { shown = shown.dropLast() }
                        let gap = before.count > shown.count
                        let ok = gap && (shown == name || (shown.hasSuffix("…") && name.hasPrefix(shown.dropLast())))
                        if !ok { found.append("\(lang) \(w) cols: \(line)") }
                    }
                }
            }
            return found
        }
    }

    /// To buy: the date column is 11 cells, but Japanese dates need 12 (`11月25日(水)`) and 16 in
    /// another year (`2027年1月5日(火)`), so they lose the weekday or more.
    func testJapaneseDatesFitTheDateColumn() {
        expectKnownBug("ListView: the To buy date column is too narrow for Japanese dates") {
            var found: [String] = []
            for lang in Language.allCases {
                let strings = Strings(lang)
                for w in [40, 80] {
                    let state = Fixture.listState(lang, width: w, height: 30)
                    let text = Fixture.render(state).buffer.lines.joined(separator: "\n")
                    for item in Fixture.items where !item.isPurchased {
                        guard let d = item.date else { continue }
                        let shown = strings.relativeDate(d, today: Fixture.today)
                        if !text.contains(shown) { found.append("\(lang) \(w) cols: \(shown) is cut") }
                    }
                }
            }
            return found
        }
    }

    /// The y/n question is written without room for long counts; in Japanese at 40 columns and
    /// 123 purchased items its end, `y/n`, is cut off.
    func testConfirmationAlwaysShowsYesNo() {
        expectKnownBug("StatusLine: the clear-purchased question loses its y/n on narrow terminals") {
            var found: [String] = []
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
                    if !last.contains("y/n") { found.append("\(lang) \(w) cols: \(last)") }
                }
            }
            return found
        }
    }

    /// The too-small screen should say what size is needed; in Japanese at 20×5 it is cut.
    func testTooSmallMessageFitsTwentyColumns() {
        expectKnownBug("TooSmallView: the Japanese size line is cut at 20 columns") {
            Language.allCases.compactMap { lang in
                let state = Fixture.listState(lang, width: 20, height: 5)
                let text = Fixture.render(state).buffer.lines.joined(separator: "\n")
                return text.contains("…") || !text.contains("30×8") ? "\(lang): \(text)" : nil
            }
        }
    }
}
