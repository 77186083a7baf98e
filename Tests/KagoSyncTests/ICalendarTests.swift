@testable import KagoSync
import XCTest

/// Folding at 75 octets on UTF-8 boundaries, and unfolding what other clients write.
final class ICalendarFoldTests: XCTestCase {
    /// Checks the physical lines of a folded line: CRLF, at most 75 octets, valid UTF-8 each.
    private func assertWellFolded(_ folded: [UInt8], _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let lines = physicalLines(folded)
        XCTAssertFalse(lines.isEmpty, context, file: file, line: line)
        for (i, physical) in lines.enumerated() {
            XCTAssertEqual(Array(physical.suffix(2)), [13, 10], "\(context): line \(i) does not end in CRLF", file: file, line: line)
            let content = Array(physical.dropLast(2))
            XCTAssertLessThanOrEqual(content.count, 75, "\(context): line \(i) is \(content.count) octets", file: file, line: line)
            XCTAssertFalse(content.contains(13) || content.contains(10), "\(context): stray line break", file: file, line: line)
            XCTAssertNotNil(String(validating: content, as: UTF8.self), "\(context): line \(i) splits a UTF-8 character",
                            file: file, line: line)
            if i > 0 { XCTAssertEqual(content.first, 32, "\(context): continuation without a space", file: file, line: line) }
        }
    }

    func testShortLineIsOnlyEndedWithCRLF() {
        XCTAssertEqual(ICalendar.fold(utf8("UID:1")), utf8("UID:1\r\n"))
        XCTAssertEqual(ICalendar.fold([]), [13, 10])
    }

    func testASCIILinesOfEveryLengthStayWithin75Octets() {
        for n in 0...400 {
            let logical = utf8("X-A:" + String(repeating: "a", count: n))
            let folded = ICalendar.fold(logical)
            assertWellFolded(folded, "length \(n)")
            XCTAssertEqual(ICalendar.lines(folded).map(\.logical), [logical], "length \(n)")
        }
    }

    func testExactly75OctetsIsNotFolded() {
        let logical = utf8("SUMMARY:" + String(repeating: "a", count: 67))
        XCTAssertEqual(logical.count, 75)
        XCTAssertEqual(physicalLines(ICalendar.fold(logical)).count, 1)
        XCTAssertEqual(physicalLines(ICalendar.fold(logical + utf8("b"))).count, 2)
    }

    func testJapaneseAndEmojiAtTheFoldPointAreNeverSplit() {
        // Every offset of "牛乳🥛" (3+3+4 octets) relative to the 75th octet, on the first and later lines.
        for pad in 0...160 {
            let logical = utf8("SUMMARY:" + String(repeating: "a", count: pad) + "牛乳🥛" + "牛乳🥛卵🥚")
            let folded = ICalendar.fold(logical)
            assertWellFolded(folded, "pad \(pad)")
            let back = ICalendar.lines(folded)
            XCTAssertEqual(back.count, 1, "pad \(pad)")
            XCTAssertEqual(back.first?.logical, logical, "pad \(pad)")
        }
    }

    func testMixedTextFoldsAndUnfoldsBack() {
        let pieces = ["a", "é", "牛", "乳", "🥛", "ß", " ", "\\,", "ｍ", "👨‍👩‍👧"]
        var state: UInt64 = 42
        for round in 0..<300 {
            var text = "DESCRIPTION:"
            for _ in 0..<(round % 120) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            let folded = ICalendar.fold(utf8(text))
            assertWellFolded(folded, "round \(round)")
            XCTAssertEqual(ICalendar.lines(folded).map { string($0.logical) }, [text], "round \(round)")
        }
    }

    func testContentLineFoldingKeepsLogicalAndRaw() {
        let logical = utf8("SUMMARY:" + String(repeating: "牛乳", count: 30))
        let line = ContentLine(folding: logical)
        XCTAssertEqual(line.logical, logical)
        XCTAssertEqual(line.raw, ICalendar.fold(logical))
    }
}

/// Splitting a body into content lines: LF alone, tabs, folds inside a character, raw bytes kept.
final class ICalendarUnfoldTests: XCTestCase {
    func testLFOnlyBodyReadsLikeCRLF() {
        let lf = utf8("BEGIN:VTODO\nSUMMARY:Milk\n  and honey\nEND:VTODO\n")
        let crlf = utf8("BEGIN:VTODO\r\nSUMMARY:Milk\r\n  and honey\r\nEND:VTODO\r\n")
        XCTAssertEqual(ICalendar.lines(lf).map(\.logical), ICalendar.lines(crlf).map(\.logical))
        XCTAssertEqual(ICalendar.lines(lf).map { string($0.logical) }, ["BEGIN:VTODO", "SUMMARY:Milk and honey", "END:VTODO"])
    }

    func testTabContinuation() {
        let lines = ICalendar.lines(utf8("DESCRIPTION:one\r\n\ttwo\r\n three\r\n"))
        XCTAssertEqual(lines.map { string($0.logical) }, ["DESCRIPTION:onetwothree"])
    }

    func testFoldInsideAUTF8CharacterIsJoinedBeforeDecoding() {
        // Another client folded between the octets of 乳 (E4 B9 B3) and of 🥛 (F0 9F A5 9B).
        let milk = utf8("乳"), glass = utf8("🥛")
        let body = utf8("SUMMARY:牛") + [milk[0]] + [13, 10, 32] + Array(milk[1...]) + [glass[0], glass[1]]
            + [13, 10, 9] + Array(glass[2...]) + [13, 10]
        let lines = ICalendar.lines(body)
        XCTAssertEqual(lines.count, 1)
        XCTAssertEqual(lines.first?.logical, utf8("SUMMARY:牛乳🥛"))
        XCTAssertEqual(lines.first?.value, "牛乳🥛")
        XCTAssertEqual(lines.first?.raw, body)
    }

    func testRawBytesGoBackAsTheyCame() {
        let bodies = [phoneTodo, utf8("A:1\nB:2\r\n\r\n C\r\nD:4"), utf8("\r\nA:1\r\n\r\n"), utf8(" leading continuation\r\nX:1\r\n")]
        for body in bodies {
            XCTAssertEqual(ICalendar.lines(body).flatMap(\.raw), body, string(body))
        }
    }

    func testLastLineWithoutLineBreak() {
        let lines = ICalendar.lines(utf8("A:1\r\nEND:VCALENDAR"))
        XCTAssertEqual(lines.map { string($0.logical) }, ["A:1", "END:VCALENDAR"])
    }

    func testNameValueAndParameters() {
        let line = ICalendar.lines(utf8("due;tzid=\"Europe/Berlin:odd\";X-UNKNOWN=z:20261204T100000\r\n"))[0]
        XCTAssertEqual(line.name, "DUE")
        XCTAssertEqual(line.value, "20261204T100000")
        XCTAssertEqual(line.parameters, ["TZID": "Europe/Berlin:odd", "X-UNKNOWN": "z"])
        XCTAssertEqual(ICalendar.lines(utf8("x-lower:a:b\r\n"))[0].name, "X-LOWER")
        XCTAssertEqual(ICalendar.lines(utf8("x-lower:a:b\r\n"))[0].value, "a:b")
        XCTAssertEqual(ICalendar.lines(utf8("SUMMARY:x\r\n"))[0].parameters, [:])
    }
}

/// TEXT escaping (RFC 5545 §3.3.11) and CATEGORIES lists.
final class ICalendarEscapeTests: XCTestCase {
    func testEscapeOfEachSpecialCharacter() {
        XCTAssertEqual(ICalendar.escape("a\\b;c,d\ne"), "a\\\\b\\;c\\,d\\ne")
        XCTAssertEqual(ICalendar.escape("牛乳 🥛"), "牛乳 🥛")
    }

    func testEscapeThenUnescapeRoundTrips() {
        let texts = ["", "plain", "\\", "\\\\n", ";", ",", "\n", "a\\;b,c\nd", "end\\", "牛乳, 卵; 🥛\\n", "\\n literally"]
        for text in texts {
            XCTAssertEqual(ICalendar.unescape(ICalendar.escape(text)), [text], text)
            XCTAssertEqual(ICalendar.unescape(ICalendar.escape(text), splitCommas: true), [text], text)
        }
    }

    func testUnescapeReadsUppercaseNAndUnknownEscapes() {
        XCTAssertEqual(ICalendar.unescape("a\\Nb"), ["a\nb"])
        XCTAssertEqual(ICalendar.unescape("a\\:b"), ["a:b"])
        XCTAssertEqual(ICalendar.unescape("a,b"), ["a,b"])
    }

    func testCategoriesSplitOnUnescapedCommasOnly() {
        XCTAssertEqual(ICalendar.unescape("Dairy,Cold\\, frozen,Baking", splitCommas: true), ["Dairy", "Cold, frozen", "Baking"])
        XCTAssertEqual(ICalendar.unescape("a\\\\,b", splitCommas: true), ["a\\", "b"])
        XCTAssertEqual(ICalendar.unescape("one", splitCommas: true), ["one"])
    }
}

/// What a calendar object kago cannot read as a VTODO is: left alone, or an error.
final class ICalendarKindTests: XCTestCase {
    func testAnEventIsACalendarWithoutATodo() {
        let event = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:e\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        XCTAssertTrue(ICalendar.isCalendarWithoutTodo(Array(event.utf8)))
        XCTAssertTrue(ICalendar.isCalendarWithoutTodo(Array("begin:vcalendar\nbegin:vevent\nuid:e\nend:vevent\nend:vcalendar\n".utf8)))
    }

    func testWhatIsNotICalendarOrABrokenTodoIsNot() {
        for text in ["", "this is not iCalendar\r\nBEGIN:VTODO\r\nSUMMARY\r\n", "<html>hi</html>",
                     "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\n",
                     "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:no uid\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"] {
            XCTAssertFalse(ICalendar.isCalendarWithoutTodo(Array(text.utf8)), text)
        }
    }
}
