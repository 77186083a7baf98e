#if canImport(Glibc)
import Glibc
#endif
@testable import KagoSync
import KagoState
import XCTest

// Helpers shared by the KagoSync tests: bytes, iCalendar text, days and offsets.

/// The UTF-8 bytes of a string.
func utf8(_ s: String) -> [UInt8] { Array(s.utf8) }

/// Bytes decoded as UTF-8 (invalid sequences become U+FFFD).
func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// An iCalendar body from lines, each ended with CRLF.
func ics(_ lines: [String]) -> [UInt8] { utf8(lines.map { $0 + "\r\n" }.joined()) }

/// A day that exists.
func day(_ year: Int, _ month: Int, _ dayOfMonth: Int) -> Day { Day(year: year, month: month, day: dayOfMonth)! }

/// Seconds since the epoch of a UTC day and time.
func utcTime(_ d: Day, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Timestamp {
    Timestamp(d.ordinal) * 86_400 + Timestamp(hour * 3600 + minute * 60 + second)
}

/// Local time is UTC.
func utcOffset(_: Timestamp) -> Int { 0 }
/// Local time is UTC+9 (Tokyo).
func tokyoOffset(_: Timestamp) -> Int { 9 * 3600 }

/// Whether `needle` occurs in `haystack`.
func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard haystack.count >= needle.count else { return false }
    for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
        if Array(haystack[i..<(i + needle.count)]) == needle { return true }
    }
    return false
}

/// The physical lines of a body, split after each LF, line breaks kept.
func physicalLines(_ bytes: [UInt8]) -> [[UInt8]] {
    var out: [[UInt8]] = [], current: [UInt8] = []
    for b in bytes {
        current.append(b)
        if b == UInt8(ascii: "\n") { out.append(current); current = [] }
    }
    if !current.isEmpty { out.append(current) }
    return out
}

/// The content lines of the first VTODO that are its own properties (not a VALARM's).
func todoProperties(_ bytes: [UInt8]) -> [ContentLine] {
    var depth = 0, out: [ContentLine] = []
    for line in ICalendar.lines(bytes) {
        if line.name == "BEGIN" {
            if depth > 0 || line.value.uppercased() == "VTODO" { depth += 1 }
        } else if line.name == "END" {
            if depth > 0 { depth -= 1 }
        } else if depth == 1 {
            out.append(line)
        }
    }
    return out
}

/// The raw bytes of every content line kago does not own: what a patch must keep byte for byte.
func foreignRaw(_ bytes: [UInt8]) -> [[UInt8]] {
    var depth = 0, out: [[UInt8]] = []
    for line in ICalendar.lines(bytes) {
        if line.name == "BEGIN", depth > 0 || line.value.uppercased() == "VTODO" { depth += 1 }
        let owned = depth == 1 && line.name != "BEGIN" && line.name != "END" && Todo.owned.contains(line.name)
        if line.name == "END", depth > 0 { depth -= 1 }
        if !owned { out.append(line.raw) }
    }
    return out
}

/// A VTODO as a phone app might write it, with what kago does not own all around.
/// A VTIMEZONE before it, unknown parameters, lowercase x- names, odd folding and a VALARM.
let phoneTodo: [UInt8] = utf8([
    "BEGIN:VCALENDAR\r\n",
    "VERSION:2.0\r\n",
    "PRODID:-//Phone//Tasks 1.0//EN\r\n",
    "BEGIN:VTIMEZONE\r\n",
    "TZID:Europe/Berlin\r\n",
    "BEGIN:STANDARD\r\n",
    "DTSTART:19701025T030000\r\n",
    "TZOFFSETFROM:+0200\r\n",
    "TZOFFSETTO:+0100\r\n",
    "END:STANDARD\r\n",
    "END:VTIMEZONE\r\n",
    "BEGIN:VTODO\r\n",
    "UID:phone-4711@example.com\r\n",
    "DTSTAMP:20261201T080000Z\r\n",
    "LAST-MODIFIED:20261201T090000Z\r\n",
    "SEQUENCE:3\r\n",
    "PRIORITY:1\r\n",
    "SUMMARY;LANGUAGE=en:Milk x2\r\n",
    "RELATED-TO;RELTYPE=PARENT:parent-uid@example.com\r\n",
    "DESCRIPTION:the good one\\, please\\nfrom the farm\r\n",
    "CATEGORIES:Dairy,Cold\r\n",
    "CATEGORIES:Phone\r\n",
    "X-FOO;X-PARAM=1:bar\r\n",
    "x-lower:keep me exactly\r\n",
    "X-LONG;X-ODD=\"a:b\":abc\r\n",
    "\tdef\r\n",
    " ghi\r\n",
    "DUE;TZID=Europe/Berlin;X-UNKNOWN=z:20261204T100000\r\n",
    "BEGIN:VALARM\r\n",
    "ACTION:DISPLAY\r\n",
    "DESCRIPTION:Alarm text\r\n",
    "SUMMARY:alarm summary\r\n",
    "TRIGGER;RELATED=START:-PT15M\r\n",
    "END:VALARM\r\n",
    "END:VTODO\r\n",
    "END:VCALENDAR\r\n",
].joined())

/// Runs `body` in a child process, so that a runtime trap (an overflow, say) fails the test
/// instead of ending the whole run. `body` returns whether its own checks held.
func assertNoTrap(_ what: String, file: StaticString = #filePath, line: UInt = #line, _ body: () -> Bool) {
    let pid = fork()
    if pid == 0 { _exit(body() ? 0 : 1) }
    guard pid > 0 else { return XCTFail("\(what): fork failed", file: file, line: line) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let signal = status & 0x7F
    XCTAssertEqual(signal, 0, "\(what): the process trapped (signal \(signal))", file: file, line: line)
    if signal == 0 { XCTAssertEqual((status >> 8) & 0xFF, 0, "\(what): wrong result", file: file, line: line) }
}
