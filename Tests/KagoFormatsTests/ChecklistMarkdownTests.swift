@testable import KagoFormats
import KagoState
import XCTest

final class ChecklistMarkdownTests: XCTestCase {
    func testSectionsWithItemsOnly() {
        let text = ChecklistMarkdown.encode([
            ChecklistSection(title: "乳製品", items: [
                ItemRecord(name: "牛乳", quantity: "2"),
                ItemRecord(name: "cheese", quantity: "200g", date: Day(year: 2026, month: 3, day: 1), note: "aged", purchased: true),
            ]),
            ChecklistSection(title: "Empty", items: []),
            ChecklistSection(title: "Uncategorised", items: [ItemRecord(name: "bread")]),
        ])
        XCTAssertEqual(text, """
        ## 乳製品

        - [ ] 牛乳 ×2
        - [x] cheese 200g @2026-03-01 -- aged

        ## Uncategorised

        - [ ] bread

        """)
        XCTAssertEqual(ChecklistMarkdown.encode([]), "")
    }

    func testUserTextIsOneSafeEscapedLine() {
        XCTAssertEqual(ChecklistMarkdown.escape("*bold* [link](x) <b> #1 a_b `c` x|y ~z~ &amp; \\"),
                       "\\*bold\\* \\[link\\](x) \\<b\\> \\#1 a\\_b \\`c\\` x\\|y \\~z\\~ \\&amp; \\\\")
        XCTAssertEqual(ChecklistMarkdown.escape("two\r\nlines\tand\u{1B}[2J\u{202E}"), "two lines and\u{FFFD}\\[2J\u{FFFD}")
    }
}
