@testable import KagoSync
import KagoState
import XCTest

/// Reading kago's fields from a VTODO another app wrote.
final class TodoReadTests: XCTestCase {
    /// A calendar object around VTODO property lines.
    private func todo(_ properties: [String], offset: (Timestamp) -> Int = utcOffset) -> Todo? {
        Todo(ics(["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "UID:u1"] + properties + ["END:VTODO", "END:VCALENDAR"]),
             localOffset: offset)
    }

    func testPhoneTodoFields() throws {
        let t = try XCTUnwrap(Todo(phoneTodo, localOffset: utcOffset))
        XCTAssertEqual(t.uid, "phone-4711@example.com")
        XCTAssertEqual(t.fields.summary, "Milk x2")
        XCTAssertEqual(t.fields.note, "the good one, please\nfrom the farm")
        XCTAssertEqual(t.fields.categories, ["Dairy", "Cold", "Phone"], "several CATEGORIES lines merge")
        XCTAssertEqual(t.fields.due, day(2026, 12, 4))
        XCTAssertNil(t.fields.completed)
        XCTAssertEqual(t.modified, utcTime(day(2026, 12, 1), 9))
        XCTAssertTrue(t.showable)
        XCTAssertEqual(t.text, phoneTodo)
    }

    func testDTSTAMPStandsInForAMissingLastModified() throws {
        let t = try XCTUnwrap(todo(["DTSTAMP:20261201T080000Z", "SUMMARY:x"]))
        XCTAssertEqual(t.modified, utcTime(day(2026, 12, 1), 8))
    }

    func testCategoriesAreTrimmedAndNotRepeated() throws {
        let t = try XCTUnwrap(todo(["CATEGORIES:Dairy, Cold\\, frozen,,", "CATEGORIES:Dairy"]))
        XCTAssertEqual(t.fields.categories, ["Dairy", "Cold, frozen"])
    }

    func testEmptyDescriptionIsNoNote() throws {
        XCTAssertNil(try XCTUnwrap(todo(["SUMMARY:x", "DESCRIPTION:"])).fields.note)
    }

    func testDueAsDate() throws {
        XCTAssertEqual(try XCTUnwrap(todo(["DUE;VALUE=DATE:20261204"])).fields.due, day(2026, 12, 4))
    }

    func testDueInUTCIsTheLocalDay() throws {
        XCTAssertEqual(try XCTUnwrap(todo(["DUE:20261204T200000Z"], offset: tokyoOffset)).fields.due, day(2026, 12, 5))
        XCTAssertEqual(try XCTUnwrap(todo(["DUE:20261204T200000Z"], offset: utcOffset)).fields.due, day(2026, 12, 4))
        XCTAssertEqual(try XCTUnwrap(todo(["DUE:20261205T030000Z"], offset: { _ in -5 * 3600 })).fields.due, day(2026, 12, 4))
    }

    /// The offset a UTC DUE was read with is kept with the base, to read it as the same day later.
    func testTheOffsetAUTCDueWasReadWith() throws {
        XCTAssertEqual(try XCTUnwrap(todo(["DUE:20261204T200000Z"], offset: tokyoOffset)).dueOffset, 9 * 3600)
        XCTAssertEqual(try XCTUnwrap(todo(["DUE:20261204T200000Z "], offset: tokyoOffset)).dueValue, "20261204T200000Z")
        XCTAssertNil(try XCTUnwrap(todo(["DUE;VALUE=DATE:20261204"], offset: tokyoOffset)).dueOffset)
        XCTAssertNil(try XCTUnwrap(todo(["DUE;TZID=Asia/Tokyo:20261204T233000"], offset: tokyoOffset)).dueOffset)
        XCTAssertNil(try XCTUnwrap(todo(["SUMMARY:x"], offset: tokyoOffset)).dueOffset)
    }

    func testDueWithTZIDOrFloatingIsItsOwnDate() throws {
        XCTAssertEqual(try XCTUnwrap(todo(["DUE;TZID=Asia/Tokyo:20261204T233000"], offset: { _ in -10 * 3600 })).fields.due,
                       day(2026, 12, 4))
        XCTAssertEqual(try XCTUnwrap(todo(["DUE:20261204T233000"], offset: tokyoOffset)).fields.due, day(2026, 12, 4))
    }

    func testUnreadableDueIsNoDate() throws {
        XCTAssertNil(try XCTUnwrap(todo(["DUE:tomorrow"])).fields.due)
        XCTAssertNil(try XCTUnwrap(todo(["DUE;VALUE=DATE:20261332"])).fields.due)
    }

    func testCompletedOnlyFromCOMPLETED() throws {
        let t = try XCTUnwrap(todo(["LAST-MODIFIED:20261201T090000Z", "COMPLETED:20261203T101500Z"]))
        XCTAssertEqual(t.fields.completed, utcTime(day(2026, 12, 3), 10, 15))
    }

    func testCompletedOnlyFromSTATUS() throws {
        let t = try XCTUnwrap(todo(["LAST-MODIFIED:20261201T090000Z", "STATUS:COMPLETED"]))
        XCTAssertEqual(t.fields.completed, utcTime(day(2026, 12, 1), 9), "the time of the last change")
    }

    func testCompletedOnlyFromPercentComplete() throws {
        XCTAssertNotNil(try XCTUnwrap(todo(["PERCENT-COMPLETE:100"])).fields.completed)
        XCTAssertNil(try XCTUnwrap(todo(["PERCENT-COMPLETE:50"])).fields.completed)
        XCTAssertNil(try XCTUnwrap(todo(["STATUS:NEEDS-ACTION"])).fields.completed)
        XCTAssertNil(try XCTUnwrap(todo(["STATUS:IN-PROCESS", "PERCENT-COMPLETE:20"])).fields.completed)
    }

    /// python caldav's uncomplete() removes COMPLETED and sets STATUS:NEEDS-ACTION, but leaves
    /// PERCENT-COMPLETE:100: unchecked, or the uncheck never arrives.
    func testNeedsActionWinsOverALeftoverPercentComplete() throws {
        XCTAssertNil(try XCTUnwrap(todo(["STATUS:NEEDS-ACTION", "PERCENT-COMPLETE:100"])).fields.completed)
        XCTAssertNil(try XCTUnwrap(todo(["PERCENT-COMPLETE:100", "STATUS:IN-PROCESS"])).fields.completed)
        XCTAssertNotNil(try XCTUnwrap(todo(["STATUS:COMPLETED", "PERCENT-COMPLETE:100"])).fields.completed)
    }

    func testRecurringOrCancelledIsNotShowable() throws {
        XCTAssertFalse(try XCTUnwrap(todo(["SUMMARY:Bins", "RRULE:FREQ=WEEKLY"])).showable)
        XCTAssertFalse(try XCTUnwrap(todo(["SUMMARY:Bins", "RDATE;VALUE=DATE:20261210"])).showable)
        XCTAssertFalse(try XCTUnwrap(todo(["SUMMARY:Bins", "STATUS:CANCELLED"])).showable)
        XCTAssertTrue(try XCTUnwrap(todo(["SUMMARY:Bins", "STATUS:NEEDS-ACTION"])).showable)
    }

    func testPropertiesInsideVALARMAreNotTheTodos() throws {
        let t = try XCTUnwrap(todo([
            "BEGIN:VALARM", "ACTION:EMAIL", "SUMMARY:alarm summary", "DESCRIPTION:alarm text", "STATUS:CANCELLED",
            "RRULE:FREQ=DAILY", "CATEGORIES:Alarm", "DUE;VALUE=DATE:20300101", "END:VALARM",
        ]))
        XCTAssertEqual(t.fields, TodoFields(summary: ""))
        XCTAssertTrue(t.showable)
        let after = try XCTUnwrap(todo(["BEGIN:VALARM", "SUMMARY:alarm", "END:VALARM", "SUMMARY:Eggs"]))
        XCTAssertEqual(after.fields.summary, "Eggs")
    }

    func testNoVTODOOrNoUIDIsNil() {
        XCTAssertNil(Todo(ics(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:e", "END:VEVENT", "END:VCALENDAR"]), localOffset: utcOffset))
        XCTAssertNil(Todo(ics(["BEGIN:VCALENDAR", "BEGIN:VTODO", "SUMMARY:x", "END:VTODO", "END:VCALENDAR"]), localOffset: utcOffset))
        XCTAssertNil(Todo(ics(["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:  ", "END:VTODO"]), localOffset: utcOffset))
        XCTAssertNil(Todo(ics(["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:u"]), localOffset: utcOffset), "no END:VTODO")
        XCTAssertNil(Todo([], localOffset: utcOffset))
    }

    func testLFOnlyAndLowercaseNames() throws {
        let body = utf8("begin:vcalendar\nbegin:vtodo\nuid:u2\nsummary:2本 ビール\ncategories:飲み物\nend:vtodo\nend:vcalendar\n")
        let t = try XCTUnwrap(Todo(body, localOffset: utcOffset))
        XCTAssertEqual(t.uid, "u2")
        XCTAssertEqual(t.fields.summary, "2本 ビール")
        XCTAssertEqual(t.fields.categories, ["飲み物"])
    }
}
