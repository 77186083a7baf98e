import Foundation
import KagoState
@testable import KagoStore
import XCTest

/// A database on a read-only mount (issue 10.17; root can make one, where permissions do not
/// stop it): read without a -shm or -wal created beside it, every write refused, the file as it was.
final class ReadOnlyTests: TemporaryDirectoryTestCase {
    func testADatabaseOnAReadOnlyMountIsReadAndNeverWritten() throws {
        let source = root + "/src/kago.sqlite3"
        let store = try openStore(source)
        let milk = try add(store, "milk", category: "dairy")
        store.close()
        let before = bytes(source)
        let mount = root + "/mnt"
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        try XCTSkipUnless(run("/bin/mount", "--bind", root + "/src", mount), "cannot bind-mount here")
        defer { _ = run("/bin/umount", mount) }
        try XCTSkipUnless(run("/bin/mount", "-o", "remount,ro,bind", mount), "cannot remount read-only here")
        let path = mount + "/kago.sqlite3"

        XCTAssertEqual(openError(path), .cannotWrite(path: path, reason: "Read-only file system"),
                       "a store for writing is refused at once")
        for check in [OpenCheck.full, .header] {
            let reader = try Store.open(path: path, check: check, readOnlyIfNeeded: true)
            XCTAssertTrue(reader.isReadOnly)
            XCTAssertEqual(try reader.load().items, [milk])
            XCTAssertEqual(try reader.categories().map(\.name), ["dairy"])
            XCTAssertNoThrow(try reader.verify())
            for command in [Command.add(ItemDraft(name: "eggs")), .delete(ids: [milk.id]), .addCategory(name: "fruit")] {
                XCTAssertThrowsError(try reader.perform(command, now: now)) { error in
                    XCTAssertEqual(error as? StoreError, .cannotWrite(path: path, reason: Store.readOnlyReason))
                }
            }
            XCTAssertThrowsError(try reader.insert([ImportRow(name: "eggs")], now: now))
            reader.close()
        }
        XCTAssertEqual(entries(mount), ["kago.sqlite3"], "no -wal or -shm made beside it")
        XCTAssertEqual(bytes(source), before)
    }

    private func run(_ tool: String, _ arguments: String...) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
