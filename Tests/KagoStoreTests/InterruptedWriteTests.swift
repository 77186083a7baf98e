import Foundation
import KagoState
@testable import KagoStore
import XCTest

/// A kago killed in the middle of a write leaves a hot journal beside the database; the next
/// kago finishes the recovery and opens the file instead of refusing it for good.
final class InterruptedWriteTests: TemporaryDirectoryTestCase {
    func testAHotJournalIsRolledBackAndTheFileOpens() throws {
        do {
            let store = try openStore()
            try add(store, "milk")
            store.close()
        }
        // A write in rollback-journal mode, frozen mid-way: the file and its journal are copied
        // while the transaction is open, as a kill would leave them.
        let crashed = root + "/crashed/kago/kago.sqlite3"
        try FileManager.default.createDirectory(atPath: root + "/crashed/kago", withIntermediateDirectories: true)
        let db = try Database(creatingAt: databasePath)
        try db.execute("PRAGMA journal_mode = DELETE")
        try db.execute("PRAGMA cache_size = 1")  // spills changed pages into the file before the commit
        try db.execute("BEGIN IMMEDIATE")
        try db.execute("DELETE FROM items")
        try db.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
            INSERT INTO items (name, created_at) SELECT 'half-' || i, 0 FROM n
            """)
        for suffix in ["", "-journal"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: databasePath + suffix), "no \(suffix) file to copy")
            try FileManager.default.copyItem(atPath: databasePath + suffix, toPath: crashed + suffix)
        }
        try db.execute("ROLLBACK")

        let store = try Store.open(path: crashed)
        XCTAssertEqual(try store.load().items.map(\.name), ["milk"], "the last committed state, nothing half-written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: crashed + "-journal"), "the journal was played back")
    }
}
