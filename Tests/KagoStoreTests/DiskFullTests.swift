import Foundation
import KagoState
import KagoStore
import XCTest

/// A full disk, simulated with a file-size limit in a child process (the limit would also
/// stop the test runner's own log files).
final class DiskFullTests: TemporaryDirectoryTestCase {
    func testAFullDiskFailsTheWholeChangeAndKeepsTheData() throws {
        do {
            let store = try openStore()
            try add(store, "milk")
        }
        let binary = CommandLine.arguments[0]
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary), "cannot relaunch the test binary")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: binary)
        child.arguments = ["KagoStoreTests.DiskFullTests/testFullDiskChild"]
        child.environment = ProcessInfo.processInfo.environment.merging(["KAGO_STORE_FULL_PATH": databasePath]) { $1 }
        let log = root + "/child.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        child.standardOutput = FileHandle(forWritingAtPath: log)
        child.standardError = child.standardOutput
        try child.run()
        child.waitUntilExit()
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(child.terminationStatus, 0, output)
        XCTAssertTrue(output.contains("Executed 1 test, with 0 failures"), output)
        XCTAssertFalse(output.contains("skipped"), output)

        let snapshot = try openStore().load()
        XCTAssertEqual(snapshot.items.map(\.name), ["milk"], "the failed import left no row behind")
    }

    /// The child half: a write past the size limit must fail as one clean error.
    func testFullDiskChild() throws {
        guard let path = ProcessInfo.processInfo.environment["KAGO_STORE_FULL_PATH"] else {
            throw XCTSkip("runs only as a child of testAFullDiskFailsTheWholeChangeAndKeepsTheData")
        }
        let store = try Store.open(path: path)
        signal(SIGXFSZ, SIG_IGN)  // get EFBIG from write(2) instead of being killed
        var limit = rlimit(rlim_cur: 256 * 1024, rlim_max: rlim_t.max)
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit), 0)
        let rows = (0..<5000).map { ImportRow(name: "row \($0) " + String(repeating: "x", count: 200)) }
        XCTAssertThrowsError(try store.insert(rows, now: now)) { error in
            let message = (error as? StoreError)?.message ?? "\(error)"
            XCTAssertEqual(message, "cannot write \(path): File too large", "EFBIG, as a full disk gives ENOSPC")
        }
        limit.rlim_cur = rlim_t.max  // RLIM_INFINITY, which imports as an overflowing literal
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit), 0)
        XCTAssertEqual(try store.load().items.map(\.name), ["milk"])
    }
}
