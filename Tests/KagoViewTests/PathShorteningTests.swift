import KagoState
import KagoView
import XCTest

/// Issue 10.12: a message with a path loses directories, never its reason.
final class PathShorteningTests: XCTestCase {
    let message = "Not saved: cannot write /tmp/kago-e2e.x1/test/data/kago/kago.sqlite3: disk full"

    func testThePathShrinksFromTheMiddleAndTheReasonStays() {
        let fitted = PathShortening.fit(message, width: 60)
        XCTAssertLessThanOrEqual(DisplayWidth.of(fitted), 60)
        XCTAssertTrue(fitted.hasSuffix("kago.sqlite3: disk full"), fitted)
        XCTAssertTrue(fitted.hasPrefix("Not saved: cannot write /tmp/…/"), fitted)
    }

    func testWhatFitsIsLeftAlone() {
        XCTAssertEqual(PathShortening.fit(message, width: 200), message)
        XCTAssertEqual(PathShortening.fit("Nothing to undo", width: 5), "Nothing to undo")
    }

    func testAtTheShortestOnlyTheRootAndTheFileNameStay() {
        XCTAssertEqual(PathShortening.fit(message, width: 10),
                       "Not saved: cannot write /tmp/…/kago.sqlite3: disk full")
    }
}
