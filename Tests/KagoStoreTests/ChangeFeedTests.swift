import KagoState
import KagoStore
import XCTest

/// The change feed (issue 11.3): another process's changes are read as the rows changed since
/// the last sequence seen, not as the whole list.
final class ChangeFeedTests: TemporaryDirectoryTestCase {
    func testAnotherProcessesChangesArriveAsTheRowsAsTheyAreNow() throws {
        let mine = try openStore()
        let milk = try add(mine, "milk", category: "dairy")
        let start = try mine.changeSequence()
        XCTAssertEqual(try mine.changes(since: start).rows?.items.count, 0, "nothing since")

        let other = try openStore()
        let bread = try add(other, "bread")
        _ = try other.perform(.setPurchased(ids: [milk.id], true), now: now + 1)
        _ = try other.perform(.renameCategory(id: try XCTUnwrap(milk.categoryID), name: "Dairy"), now: now + 2)
        _ = try other.perform(.delete(ids: [bread.id]), now: now + 3)

        let feed = try mine.changes(since: start)
        XCTAssertGreaterThan(feed.sequence, start)
        let rows = try XCTUnwrap(feed.rows)
        XCTAssertEqual(Set(rows.items.keys), [milk.id, bread.id])
        XCTAssertEqual(rows.items[bread.id], .some(nil), "deleted")
        XCTAssertEqual(rows.items[milk.id]??.purchasedAt, now + 1)
        XCTAssertEqual(rows.categories[try XCTUnwrap(milk.categoryID)]??.name, "Dairy")
        XCTAssertEqual(try mine.changes(since: feed.sequence).rows?.items.count, 0, "read once")
    }

    func testAReaderTooFarBehindThePrunedFeedReadsEverything() throws {
        let store = try openStore()
        let start = try store.changeSequence()
        _ = try store.insert((0..<12_000).map { ImportRow(name: "item\($0)") }, now: now)
        XCTAssertTrue(try store.changes(since: start).rows == nil, "pruned past it: read the whole list")
        let recent = try store.changeSequence()
        _ = try add(store, "one more")
        XCTAssertEqual(try store.changes(since: recent).rows?.items.count, 1)
    }

    /// What lets an idle sync skip reading the list: no item or category changed since a
    /// point in the feed; a pruned feed says "changed".
    func testItemsUnchangedSinceAPointInTheFeed() throws {
        let store = try openStore()
        let milk = try add(store, "milk", category: "dairy")
        var start = try store.changeSequence()
        XCTAssertTrue(try store.itemsUnchanged(since: start))
        _ = try store.perform(.setPurchased(ids: [milk.id], true), now: now + 1)
        XCTAssertFalse(try store.itemsUnchanged(since: start), "an item changed")
        start = try store.changeSequence()
        _ = try store.perform(.renameCategory(id: try XCTUnwrap(milk.categoryID), name: "Dairy"), now: now + 2)
        XCTAssertFalse(try store.itemsUnchanged(since: start), "a category changed")
        start = try store.changeSequence()
        _ = try store.insert((0..<12_000).map { ImportRow(name: "item\($0)") }, now: now)
        XCTAssertFalse(try store.itemsUnchanged(since: start))
        XCTAssertFalse(try store.itemsUnchanged(since: 0), "the feed no longer reaches back there")
        XCTAssertTrue(try store.itemsUnchanged(since: try store.changeSequence()))
    }
}
