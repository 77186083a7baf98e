@testable import KagoSync
import KagoState
import XCTest

/// Broken or hostile iCalendar from a server: read and patched without a crash, bytes kept.
final class TodoRobustnessTests: XCTestCase {
    func testHugeSequenceDoesNotTrapWhenPatched() {
        let body = ics(["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:u", "SEQUENCE:9223372036854775807", "SUMMARY:x",
                        "END:VTODO", "END:VCALENDAR"])
        assertNoTrap("SEQUENCE:Int.max") {
            guard let t = Todo(body, localOffset: utcOffset) else { return false }
            var f = t.fields
            f.summary = "y"
            return Todo(t.patched(f, now: 0, localOffset: utcOffset), localOffset: utcOffset)?.fields == f
        }
    }

    func testMutatedTodosReadAndPatchWithoutCrashing() {
        var state: UInt64 = 7
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        let alphabet = utf8(":;,\\\"\r\n \t=ZT0123456789BEGINENDVTODOVALARM") + [0xE4, 0xB9, 0xB3, 0xF0, 0x9F, 0x80, 0xFF, 0]
        for round in 0..<2000 {
            var b = phoneTodo
            for _ in 0..<(1 + next() % 8) {
                let i = next() % b.count
                switch next() % 3 {
                case 0: b[i] = alphabet[next() % alphabet.count]
                case 1: b.remove(at: i)
                default: b.insert(alphabet[next() % alphabet.count], at: i)
                }
            }
            XCTAssertEqual(ICalendar.lines(b).flatMap(\.raw), b, "round \(round)")
            guard let t = Todo(b, localOffset: tokyoOffset) else { continue }
            XCTAssertEqual(t.patched(t.fields, now: 1000, localOffset: tokyoOffset), b, "round \(round)")
            var f = t.fields
            f.summary += "!"
            f.completed = f.completed == nil ? 5 : nil
            let out = t.patched(f, now: 1000, localOffset: tokyoOffset)
            // A stray CR is not written back: TEXT escaping drops it.
            let written = String(String.UnicodeScalarView(f.summary.unicodeScalars.filter { $0 != "\r" }))
            XCTAssertEqual(Todo(out, localOffset: tokyoOffset)?.fields.summary, written, "round \(round)")
        }
    }
}
