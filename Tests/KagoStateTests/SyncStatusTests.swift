@testable import KagoState
import XCTest

/// The TUI's sync marks and messages (SPEC §9): `⚠` stays while syncs fail, the reason is
/// said once, not again by every retry during an outage.
final class SyncStatusTests: XCTestCase {
    func makeState() -> AppState {
        var s = AppState(settings: Settings(), clock: LocalClock(today: wednesday), showIntro: false)
        s.apply(.resize(width: 80, height: 24))
        s.apply(.loaded(Snapshot(items: [Item(id: 1, name: "milk", createdAt: 1)])))
        s.apply(.listsLoaded([ShoppingList(id: 1, name: "Shopping", position: 0, linked: true)]))
        return s
    }

    func testAFailureIsSaidOnceAndAgainWhenItsReasonChangesOrSAsks() {
        var s = makeState()
        s.apply(.syncStarted)
        s.apply(.syncFinished(failure: "cannot connect to 127.0.0.1:5232"))
        XCTAssertEqual(s.syncMark, .failed)
        XCTAssertEqual(s.message?.message, .syncFailed("cannot connect to 127.0.0.1:5232"))
        s.message = nil
        s.apply(.syncStarted)
        s.apply(.syncFinished(failure: "cannot connect to 127.0.0.1:5232"))
        XCTAssertEqual(s.syncMark, .failed)
        XCTAssertNil(s.message, "a retry during the outage says nothing new")
        XCTAssertEqual(s.apply(.syncNow), [.sync])
        s.apply(.syncStarted)
        s.apply(.syncFinished(failure: "cannot connect to 127.0.0.1:5232"))
        XCTAssertEqual(s.message?.message, .syncFailed("cannot connect to 127.0.0.1:5232"), "S asked: the answer is shown")
        s.message = nil
        s.apply(.syncStarted)
        s.apply(.syncFinished(failure: "the server did not answer in time"))
        XCTAssertEqual(s.message?.message, .syncFailed("the server did not answer in time"), "a new reason")
        s.apply(.syncStarted)
        s.apply(.syncFinished(failure: nil))
        XCTAssertNil(s.syncMark)
        s.message = nil
        s.apply(.syncStarted)
        s.apply(.syncFinished(failure: "the server did not answer in time"))
        XCTAssertNotNil(s.message, "a new outage is said again")
    }
}
