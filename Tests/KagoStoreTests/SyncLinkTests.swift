import KagoState
import KagoStore
import XCTest

/// Linking and unlinking (SPEC §9): the records that give items their UIDs outlive an unlink,
/// so linking the same collection again carries on instead of uploading every item twice.
final class SyncLinkTests: TemporaryDirectoryTestCase {
    func testRecordsOfTheSameCollectionSurviveAnUnlinkAndOthersGo() throws {
        let store = try openStore()
        let milk = try add(store, "milk")
        let list = store.listID
        let link = SyncLink(listID: list, url: "https://dav.example/alice/shop/", syncCollection: true)
        try store.link(link, collectionPath: "/alice/shop/")
        var record = SyncRecord(uid: "u-1", itemID: milk.id, href: "/alice/shop/u-1.ics", etag: "\"1\"", base: Array("BEGIN".utf8))
        record.baseOffset = 9 * 3600
        try store.applySync(list: list, [.record(record)], token: .some("t1"), now: now)
        try store.unlink(list: list)
        XCTAssertNil(try store.syncLocal(list: list), "unlinked")

        try store.link(link, collectionPath: "/alice/shop/")
        let again = try XCTUnwrap(store.syncLocal(list: list))
        var kept = record
        kept.etag = nil
        XCTAssertEqual(again.records, [kept], "the same collection: the item keeps its UID and base, not its ETag")
        XCTAssertNil(again.link.token, "the first sync compares every member")

        try store.link(SyncLink(listID: list, url: "https://dav.example/alice/shop-2/", syncCollection: true),
                       collectionPath: "/alice/shop-2/")
        XCTAssertEqual(try XCTUnwrap(store.syncLocal(list: list)).records.count, 0, "another collection starts afresh")
    }
}
