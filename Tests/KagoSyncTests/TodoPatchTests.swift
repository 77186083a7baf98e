@testable import KagoSync
import KagoState
import XCTest

/// Todo.patched rewrites only what kago owns and keeps every other byte; Todo.new reads back.
final class TodoPatchTests: XCTestCase {
    let now = utcTime(day(2026, 12, 4), 12, 30)

    private func phone(file: StaticString = #filePath, line: UInt = #line) throws -> Todo {
        try XCTUnwrap(Todo(phoneTodo, localOffset: utcOffset), file: file, line: line)
    }

    private func read(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> Todo {
        try XCTUnwrap(Todo(bytes, localOffset: utcOffset), string(bytes), file: file, line: line)
    }

    private func values(_ bytes: [UInt8], _ name: String) -> [String] {
        todoProperties(bytes).filter { $0.name == name }.map(\.value)
    }

    func testSummaryChangeKeepsEveryOtherLineByteForByte() throws {
        let t = try phone()
        var f = t.fields
        f.summary = "Milk ×3"
        let out = t.patched(f, now: now, localOffset: utcOffset)
        XCTAssertEqual(foreignRaw(out), foreignRaw(phoneTodo), string(out))
        for kept in ["BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Alarm text\r\nSUMMARY:alarm summary\r\n",
                     "RELATED-TO;RELTYPE=PARENT:parent-uid@example.com\r\n", "PRIORITY:1\r\n", "X-FOO;X-PARAM=1:bar\r\n",
                     "x-lower:keep me exactly\r\n", "X-LONG;X-ODD=\"a:b\":abc\r\n\tdef\r\n ghi\r\n",
                     "DESCRIPTION:the good one\\, please\\nfrom the farm\r\n", "CATEGORIES:Dairy,Cold\r\nCATEGORIES:Phone\r\n",
                     "DUE;TZID=Europe/Berlin;X-UNKNOWN=z:20261204T100000\r\n"] {
            XCTAssertTrue(contains(out, utf8(kept)), "lost: \(kept)")
        }
        let back = try read(out)
        XCTAssertEqual(back.fields, f)
        XCTAssertEqual(back.modified, now)
        XCTAssertEqual(values(out, "SUMMARY"), ["Milk ×3"])
        XCTAssertEqual(values(out, "SEQUENCE"), ["4"])
        XCTAssertEqual(values(out, "LAST-MODIFIED"), [DateValue.utc(now)])
        XCTAssertEqual(values(out, "DTSTAMP"), [DateValue.utc(now)])
    }

    func testChangedPropertyIsRewrittenWhereItWas() throws {
        // Todo.patched's contract: "each owned property whose value changed is rewritten where it was".
        let t = try phone()
        var f = t.fields
        f.summary = "Eggs"
        let names = todoProperties(t.patched(f, now: now, localOffset: utcOffset)).map(\.name)
        let priority = try XCTUnwrap(names.firstIndex(of: "PRIORITY"))
        XCTAssertEqual(names[priority + 1], "SUMMARY", "\(names)")
    }

    func testEqualFieldsReturnTheIdenticalBytes() throws {
        let t = try phone()
        XCTAssertEqual(t.patched(t.fields, now: now, localOffset: utcOffset), phoneTodo)
    }

    func testUnchangedDueKeepsItsZonedLine() throws {
        let t = try phone()
        var f = t.fields
        f.note = "any"
        let out = t.patched(f, now: now, localOffset: utcOffset)
        XCTAssertTrue(contains(out, utf8("DUE;TZID=Europe/Berlin;X-UNKNOWN=z:20261204T100000\r\n")))
        XCTAssertEqual(values(out, "DESCRIPTION"), ["any"])
        XCTAssertEqual(try read(out).fields, f)
    }

    func testChangedDueIsWrittenAsADate() throws {
        let t = try phone()
        var f = t.fields
        f.due = day(2026, 12, 6)
        let out = t.patched(f, now: now, localOffset: utcOffset)
        XCTAssertEqual(todoProperties(out).filter { $0.name == "DUE" }.map { string($0.logical) }, ["DUE;VALUE=DATE:20261206"])
        XCTAssertEqual(foreignRaw(out), foreignRaw(phoneTodo))
        f.due = nil
        XCTAssertEqual(values(t.patched(f, now: now, localOffset: utcOffset), "DUE"), [])
    }

    func testChangedCategoriesBecomeOneLine() throws {
        let t = try phone()
        var f = t.fields
        f.categories = ["Dairy", "Cold, frozen"]
        let out = t.patched(f, now: now, localOffset: utcOffset)
        XCTAssertEqual(values(out, "CATEGORIES"), ["Dairy,Cold\\, frozen"])
        XCTAssertEqual(try read(out).fields.categories, ["Dairy", "Cold, frozen"])
    }

    func testCheckingAddsAllThreeAndUncheckingRemovesThem() throws {
        let t = try phone()
        var f = t.fields
        f.completed = now
        let checked = t.patched(f, now: now, localOffset: utcOffset)
        XCTAssertEqual(values(checked, "STATUS"), ["COMPLETED"])
        XCTAssertEqual(values(checked, "COMPLETED"), [DateValue.utc(now)])
        XCTAssertEqual(values(checked, "PERCENT-COMPLETE"), ["100"])
        XCTAssertEqual(foreignRaw(checked), foreignRaw(phoneTodo))
        let done = try read(checked)
        XCTAssertEqual(done.fields.completed, now)

        var g = done.fields
        g.completed = nil
        let unchecked = done.patched(g, now: now + 60, localOffset: utcOffset)
        for name in ["STATUS", "COMPLETED", "PERCENT-COMPLETE"] { XCTAssertEqual(values(unchecked, name), [], name) }
        XCTAssertNil(try read(unchecked).fields.completed)
        XCTAssertEqual(values(unchecked, "SEQUENCE"), ["5"])
        XCTAssertEqual(foreignRaw(unchecked), foreignRaw(phoneTodo))
    }

    func testUncheckingATodoCompletedByStatusOrPercentOnly() throws {
        for line in ["STATUS:COMPLETED", "PERCENT-COMPLETE:100", "COMPLETED:20261201T000000Z"] {
            let t = try read(ics(["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:u", "SUMMARY:x", line, "X-KEEP:1", "END:VTODO", "END:VCALENDAR"]))
            XCTAssertNotNil(t.fields.completed, line)
            var f = t.fields
            f.completed = nil
            let out = t.patched(f, now: now, localOffset: utcOffset)
            for name in ["STATUS", "COMPLETED", "PERCENT-COMPLETE"] { XCTAssertEqual(values(out, name), [], "\(line): \(name)") }
            XCTAssertTrue(contains(out, utf8("X-KEEP:1\r\n")))
        }
    }

    func testSequenceStartsAtOneWhenThereWasNone() throws {
        let t = try read(ics(["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:u", "SUMMARY:x", "END:VTODO", "END:VCALENDAR"]))
        var f = t.fields
        f.summary = "y"
        XCTAssertEqual(values(t.patched(f, now: now, localOffset: utcOffset), "SEQUENCE"), ["1"])
    }

    func testNewPropertyGoesIntoTheTodoNotTheAlarm() throws {
        let body = ics(["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:u", "SUMMARY:x", "BEGIN:VALARM", "ACTION:DISPLAY",
                        "DESCRIPTION:alarm", "TRIGGER:-PT5M", "END:VALARM", "END:VTODO", "END:VCALENDAR"])
        let t = try read(body)
        var f = t.fields
        f.note = "new note"
        let out = t.patched(f, now: now, localOffset: utcOffset)
        XCTAssertEqual(values(out, "DESCRIPTION"), ["new note"])
        XCTAssertTrue(contains(out, utf8("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:alarm\r\nTRIGGER:-PT5M\r\nEND:VALARM\r\n")))
        XCTAssertEqual(try read(out).fields, f)
        XCTAssertEqual(foreignRaw(out), foreignRaw(body))
    }

    func testNewObjectReadsBackToTheSameFields() throws {
        let fields = TodoFields(summary: "牛乳 ×2; " + String(repeating: "とても長い名前", count: 10), note: "a\\b, c;\nd",
                                categories: ["Dairy", "Cold, frozen"], due: day(2026, 12, 5), completed: now - 3600)
        let bytes = Todo.new(uid: "kago-1", fields: fields, now: now)
        for physical in physicalLines(bytes) {
            XCTAssertEqual(Array(physical.suffix(2)), [13, 10])
            XCTAssertLessThanOrEqual(physical.count - 2, 75)
        }
        let t = try read(bytes)
        XCTAssertEqual(t.uid, "kago-1")
        XCTAssertEqual(t.fields, fields)
        XCTAssertEqual(t.modified, now)
        XCTAssertTrue(t.showable)
        XCTAssertEqual(t.patched(fields, now: now + 1, localOffset: utcOffset), bytes)

        let plain = try read(Todo.new(uid: "kago-2", fields: TodoFields(summary: "Eggs"), now: now))
        XCTAssertEqual(plain.fields, TodoFields(summary: "Eggs"))
    }
}
