import KagoState
@testable import KagoView
import XCTest

/// SPEC §6: no byte of user text reaches the terminal as a control sequence.
///
/// Hostile text (C0 and C1 controls, U+009B CSI, ESC sequences, DEL, bidi overrides, a 10,000-
/// character name) is put in every place user text can reach the screen: item names,
/// quantities, notes, category names, the filter, the input line, status messages and the
/// config problems they quote. Every frame is then checked cell by cell with a predicate written
/// out here (not `SafeText.isUnsafe`), and the text is checked to be shown as `�`, not dropped.
final class HostileTextTests: XCTestCase {
    // MARK: - Inputs

    /// Each entry is a name, as a user or an imported file could give it.
    static let hostile: [String] = [
        "clear\u{1B}[2Jscreen",
        "title\u{1B}]0;pwned\u{07}bell",
        "title2\u{1B}]2;pwned\u{1B}\\st",
        "csi\u{9B}1mbold",
        "osc8\u{9D}8;;http://x\u{9C}link",
        "dcs\u{90}+q544e\u{9C}end",
        "nel\u{85}line",
        "del\u{7F}ete",
        "nul\u{0}byte",
        "cr\rreturn",
        "lf\nfeed",
        "crlf\r\nfeed",
        "tab\there",
        "bs\u{08}\u{08}\u{08}back",
        "ris\u{1B}creset",
        "alt\u{1B}[?1049lscreen",
        "paste\u{1B}[201~end",
        "mouse\u{1B}[?1000hon",
        "rtl\u{202E}txet",
        "isolate\u{2066}x\u{2069}y",
        "marks\u{200E}\u{200F}\u{061C}z",
        "every C0 " + String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) })),
        "every C1 " + String(String.UnicodeScalarView((0x7F...0x9F).map { Unicode.Scalar(UInt8($0)) })),
        "\u{1B}\u{301}combining after ESC",
        "牛乳\u{1B}[31m赤",
        "🍎\u{9B}2J🍏",
    ]

    /// A 10,000-character name with a control every few characters.
    static let long: String = {
        var s = ""
        let pieces = ["abc", "\u{1B}[2J", "かご", "\u{9B}", "🛒", "\u{7}", "x\u{202E}y"]
        var i = 0
        while s.count < 10_000 {
            s += pieces[i % pieces.count]
            i += 1
        }
        return String(s.prefix(10_000))
    }()

    /// C0/C1 controls, DEL, ESC, bidi overrides, isolates and marks: what must never be sent.
    static func mustNotBeSent(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }

    static let sizes = [(80, 24), (40, 12), (30, 8), (200, 50)]

    // MARK: - Building states

    /// Items with hostile text in the name, quantity, note, category and date group, plus a long
    /// one; half of them purchased so the Purchased screen shows them too.
    static func snapshot() -> Snapshot {
        let clock = Fixture.clock
        var items: [Item] = []
        var categories: [KagoState.Category] = []
        let all = hostile + [long]
        for (i, text) in all.enumerated() {
            let id = Int64(i + 1)
            categories.append(KagoState.Category(id: id, name: "cat " + text, position: i))
            items.append(Item(id: id, name: text, quantity: i % 3 == 0 ? text : "2", categoryID: i % 2 == 0 ? id : nil,
                              date: i % 4 == 0 ? clock.today.adding(days: i % 9 - 3) : nil, note: text,
                              createdAt: Fixture.at(dayOffset: -3, hour: i % 24),
                              purchasedAt: i % 5 == 4 ? Fixture.at(hour: i % 24) : nil))
        }
        return Snapshot(items: items, categories: categories, knownNames: all)
    }

    static func state(_ lang: Language, width: Int, height: Int, sort: SortMode = .date) -> AppState {
        Fixture.listState(lang, width: width, height: height, sort: sort, data: snapshot())
    }

    // MARK: - Checking frames

    /// Fails for every cell holding a scalar that must not be sent; returns how many cells were checked.
    @discardableResult
    func assertNothingUnsafe(_ frame: Frame, _ what: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
        let b = frame.buffer
        var checked = 0
        for y in 0..<b.height {
            for x in 0..<b.width {
                checked += 1
                let bad = b[x, y].text.unicodeScalars.filter(Self.mustNotBeSent)
                if !bad.isEmpty {
                    XCTFail("\(what): cell (\(x),\(y)) holds \(bad.map { "U+" + String($0.value, radix: 16) })",
                            file: file, line: line)
                    return checked
                }
            }
        }
        assertFrameInvariants(b, what, file: file, line: line)
        return checked
    }

    /// Renders the state and checks it; returns the frame's lines.
    @discardableResult
    func check(_ state: AppState, _ what: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let frame = Fixture.render(state)
        XCTAssertEqual(frame.buffer.width, state.width, what, file: file, line: line)
        XCTAssertEqual(frame.buffer.height, state.height, what, file: file, line: line)
        cellsChecked += assertNothingUnsafe(frame, what, file: file, line: line)
        framesChecked += 1
        return frame.buffer.lines
    }

    var cellsChecked = 0
    var framesChecked = 0

    override func tearDown() {
        if framesChecked > 0 { print("HostileTextTests: \(framesChecked) frames, \(cellsChecked) cells checked") }
        super.tearDown()
    }

    // MARK: - The screens

    func testListScreensShowHostileTextAsReplacementCharacters() {
        for (w, h) in Self.sizes {
            for lang in Language.allCases {
                for sort in SortMode.allCases {
                    var state = Self.state(lang, width: w, height: h, sort: sort)
                    for screen in Screen.allCases {
                        state.apply(.showScreen(screen))
                        // Walk the whole list so every row is drawn at least once, selected.
                        var seen = Set<Int>()
                        state.apply(.moveToTop)
                        while seen.insert(state.list.selection).inserted {
                            check(state, "\(screen) \(sort) \(w)x\(h) \(lang) row \(state.list.selection)")
                            state.apply(.pageDown)
                        }
                    }
                }
            }
        }
    }

    func testTheNamesAreShownNotDropped() {
        var state = Self.state(.en, width: 200, height: 60, sort: .added)
        let lines = check(state, "to buy 200x60").joined(separator: "\n")
        for text in Self.hostile where !text.contains(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\t" }) {
            let item = state.model.items.values.first { $0.name == text }!
            guard !item.isPurchased else { continue }
            // The first ten cells of the name as the view shows it: controls as U+FFFD.
            let shown = String(Glyphs.of(text).items.prefix(10).map(\.text).joined())
            XCTAssertTrue(lines.contains(shown), "\(text.debugDescription) should show as \(shown.debugDescription)")
        }
        XCTAssertTrue(lines.contains("clear\u{FFFD}[2Jscreen"))
        XCTAssertTrue(lines.contains("csi\u{FFFD}1mbold"))
        XCTAssertTrue(lines.contains("title\u{FFFD}]0;pwned\u{FFFD}bell"))
        state.apply(.showScreen(.categories))
        let categories = check(state, "categories 200x60").joined(separator: "\n")
        XCTAssertTrue(categories.contains("cat clear\u{FFFD}[2Jscreen"))
    }

    func testTheLongNameIsTruncatedInOneRow() {
        for (w, h) in Self.sizes {
            var state = Self.state(.en, width: w, height: h, sort: .name)
            let id = state.model.items.values.first { $0.name == Self.long }!.id
            state.apply(.selectRow(state.list.rows.firstIndex(of: .item(id))!))
            let lines = check(state, "long name \(w)x\(h)")
            // At 30 columns the name column is four cells: `abc…`.
            let row = lines.first { $0.contains(w > 30 ? "abc\u{FFFD}[2J" : "abc…") }
            XCTAssertNotNil(row, "\(w)x\(h): the long name's row")
            XCTAssertTrue(row?.contains("…") ?? false, "\(w)x\(h): truncated with an ellipsis: \(row ?? "")")
        }
    }

    /// Sizes and languages for the tests that render many states: every language at the usual
    /// size, the smallest and a large size once each (a frame costs about 10 ms in a debug build).
    static let views: [(Int, Int, Language)] = [(80, 24, .en), (80, 24, .ja), (30, 8, .en), (200, 50, .ja)]

    func testStatusMessagesQuotingUserText() {
        func kinds(_ t: String) -> [StatusMessage] {
            [.added(t), .updated(t), .checked(t), .unchecked(t), .deleted(t), .categoryAdded(t), .categoryRenamed(t),
             .categoryDeleted(t), .undone(.deleted(t)), .redone(.added(t)), .badDate(t),
             .configProblem(.badValue(line: 1, key: t, value: t), more: 2), .configProblem(.unknownKey(line: 2, key: t), more: 0),
             .introNotSaved("cannot save /home/\(t)/config: Permission denied"), .saveFailed(t), .configUnreadable(t)]
        }
        // Every kind of message for a few texts, and one kind (in turn) for each of the others.
        var messages = Self.hostile.prefix(3).flatMap(kinds) + [.added(Self.long), .saveFailed(Self.long)]
        for (i, t) in Self.hostile.dropFirst(3).enumerated() {
            let all = kinds(t)
            messages.append(all[i % all.count])
        }
        for (w, h, lang) in Self.views {
            var state = Self.state(lang, width: w, height: h)
            for m in messages {
                state.message = ShownMessage(message: m)
                check(state, "message \(m) \(w)x\(h) \(lang)")
            }
            // A message above the open input line, too.
            state.apply(.startAdd)
            state.message = ShownMessage(message: .added(Self.hostile[0]))
            check(state, "message over the input line \(w)x\(h) \(lang)")
        }
    }

    func testAMessageShowsTheNameWithReplacementCharacters() {
        var state = Self.state(.en, width: 80, height: 24)
        state.message = ShownMessage(message: .added("title\u{1B}]0;pwned\u{07}bell"))
        let last = check(state, "added").last!
        XCTAssertTrue(last.contains("Added title\u{FFFD}]0;pwned\u{FFFD}bell"), last)
    }

    func testTheInputLineWithHostileText() {
        for (w, h, lang) in Self.views {
            for text in Self.hostile + [Self.long] {
                var state = Self.state(lang, width: w, height: h)
                state.apply(.startAdd)
                state.apply(.line(.insert(text)))
                XCTAssertFalse(state.input!.editor.text.unicodeScalars.contains(where: Self.mustNotBeSent),
                               "typed or pasted controls are dropped: \(text.debugDescription)")
                check(state, "add line \(text.debugDescription.prefix(30)) \(w)x\(h) \(lang)")
                if text == Self.long {
                    state.apply(.line(.home))
                    check(state, "add line, cursor home \(w)x\(h) \(lang)")
                }
                state.apply(.cancel)
                // Filtering draws the text twice: in the input line and in the tab bar.
                state.apply(.startFilter)
                state.apply(.line(.insert(String(text.prefix(40)))))
                check(state, "filter line \(w)x\(h) \(lang)")
                state.apply(.submit)
                check(state, "filter in the tab bar \(w)x\(h) \(lang)")
            }
        }
    }

    /// `e` fills the line with the stored item, controls and all (an imported name keeps them):
    /// the line must draw them as `�`, with the cursor after the last cell drawn.
    func testEditingAnItemWithHostileTextFillsTheLineSafely() {
        var misplaced: [String] = []
        for (w, h, lang) in Self.views {
            var state = Self.state(lang, width: w, height: h, sort: .name)
            for item in state.model.items.values.sorted(by: { $0.id < $1.id }) where !item.isPurchased {
                state.apply(.selectRow(state.list.rows.firstIndex(of: .item(item.id))!))
                state.apply(.startEdit)
                guard let input = state.input else { XCTFail("no edit line for \(item.name.debugDescription)"); continue }
                let frame = Fixture.render(state)
                check(state, "edit \(item.name.debugDescription.prefix(30)) \(w)x\(h) \(lang)")
                // With the whole line visible, the cursor sits right after the text as drawn.
                let prompt = DisplayWidth.of(InputLine.prompt(input.purpose, strings: Strings(lang)))
                let drawn = Glyphs.of(input.editor.text).totalWidth
                if prompt + drawn < w - 1, let cursor = frame.cursor, cursor.x != prompt + drawn {
                    misplaced.append("\(input.editor.text.debugDescription) at \(w)x\(h): cursor \(cursor.x), text ends at \(prompt + drawn)")
                }
                state.apply(.cancel)
            }
        }
        XCTAssertEqual(misplaced, [], "the cursor sits right after the text as drawn, CR LF included")
    }

    func testScopeLabelHelpAndConfirmation() {
        for (w, h, lang) in Self.views {
            do {
                var state = Self.state(lang, width: w, height: h)
                state.apply(.showScreen(.categories))
                for i in 0..<state.list.rows.count {
                    state.apply(.selectRow(i))
                    var opened = state
                    opened.apply(.openCategory)
                    check(opened, "scope of category row \(i) \(w)x\(h) \(lang)")
                }
                state.apply(.toggleHelp)
                check(state, "help \(w)x\(h) \(lang)")
                state.apply(.toggleHelp)
                state.apply(.showScreen(.purchased))
                state.apply(.clearPurchased)
                check(state, "confirm \(w)x\(h) \(lang)")
            }
        }
    }

    /// Placeholders in user text are shown as typed, not filled with other arguments.
    func testPlaceholdersInUserTextAreNotExpanded() {
        let strings = Strings(.en)
        var wrong: [String] = []
        // Swift's Dictionary order differs from run to run, so try enough times to see both orders.
        for _ in 0..<20 {
            let text = strings.message(.configProblem(.badValue(line: 7, key: "{value}", value: "{line}"), more: 0))
            if !text.contains("{value}") || !text.contains("{line}") { wrong.append(text) }
        }
        XCTAssertEqual(wrong, [], "{placeholders} in user text stay as typed")
    }

    // MARK: - Every scalar

    /// Every Unicode scalar, written through the screen buffer in runs of 1,000: no cell may hold
    /// a control, and every cell is one glyph of the width its place says.
    func testEveryUnicodeScalarIsDrawnSafely() {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(1_112_064)
        for v in UInt32(0)...0x10FFFF { if let u = Unicode.Scalar(v) { scalars.append(u) } }
        var i = 0
        var runs = 0
        while i < scalars.count {
            let run = scalars[i..<min(scalars.count, i + 1000)]
            var buffer = ScreenBuffer(width: 2100, height: 1)
            buffer.write(String(String.UnicodeScalarView(run)), x: 0, y: 0)
            let frame = Frame(buffer: buffer, cursor: nil)
            for x in 0..<buffer.width {
                let bad = buffer[x, 0].text.unicodeScalars.filter(Self.mustNotBeSent)
                if !bad.isEmpty {
                    XCTFail("run from U+\(String(run.first!.value, radix: 16)): cell \(x) holds \(bad)")
                    return
                }
            }
            // The full invariant check is slower; the first 64 runs hold every script of the BMP
            // that mixes widths and marks, then every 32nd run.
            if runs < 64 || runs % 32 == 0 {
                assertFrameInvariants(frame.buffer, "run from U+\(String(run.first!.value, radix: 16))")
            }
            i += 1000
            runs += 1
        }
        XCTAssertEqual(runs, 1113)
    }

    /// Each control alone, at the start, the end and between wide characters, at a clipped width.
    func testEachControlAloneAndClipped() {
        let controls = (0..<0x20).map { Unicode.Scalar(UInt8($0)) } + (0x7F...0x9F).map { Unicode.Scalar(UInt8($0)) }
            + [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C]
            .map { Unicode.Scalar(UInt32($0))! }
        for u in controls {
            let c = String(u)
            for text in [c, c + "x", "x" + c, "牛" + c + "乳", c + c + c, String(repeating: c, count: 50)] {
                for maxWidth in [1, 2, 3, 5, 40] {
                    var buffer = ScreenBuffer(width: 10, height: 1)
                    buffer.write(text, x: 0, y: 0, maxWidth: maxWidth)
                    for x in 0..<10 where buffer[x, 0].text.unicodeScalars.contains(where: Self.mustNotBeSent) {
                        XCTFail("U+\(String(u.value, radix: 16)) in \(text.debugDescription) reached cell \(x)")
                    }
                }
            }
        }
    }
}
