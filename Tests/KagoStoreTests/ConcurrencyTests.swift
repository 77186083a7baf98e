import Foundation
import KagoState
import KagoStore
import XCTest

/// Errors collected from several threads.
private final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func append(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}

final class ConcurrencyTests: TemporaryDirectoryTestCase {
    func testTwoConnectionsWritingAtOnceLoseNothing() throws {
        _ = try openStore()  // created and migrated before the race starts
        let path = databasePath, now = self.now
        let errors = ErrorLog()
        let perThread = 200
        let done = DispatchGroup()
        // Real threads, so the two writers truly overlap even on a busy pool.
        for writer in 0..<2 {
            done.enter()
            Thread {
                defer { done.leave() }
                do {
                    let store = try Store.open(path: path)
                    for i in 0..<perThread {
                        _ = try store.perform(.add(ItemDraft(name: "w\(writer)-\(i)", category: "c\(i % 3)")), now: now)
                        if i % 10 == 0 { _ = try store.load() }
                    }
                } catch {
                    errors.append("\(error)")
                }
            }.start()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 120), .success)
        XCTAssertEqual(errors.all, [], "no 'database is locked'")
        let snapshot = try openStore().load()
        XCTAssertEqual(snapshot.items.count, 2 * perThread)
        XCTAssertEqual(Set(snapshot.items.map(\.name)).count, 2 * perThread)
        XCTAssertEqual(Set(snapshot.items.map(\.id)).count, 2 * perThread)
        XCTAssertEqual(snapshot.categories.map(\.name).sorted(), ["c0", "c1", "c2"], "no duplicate categories")
    }

    func testOpeningConcurrentlyMigratesOnce() throws {
        let path = databasePath
        let errors = ErrorLog()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do { _ = try Store.open(path: path).load() } catch { errors.append("\(error)") }
        }
        XCTAssertEqual(errors.all, [])
        try add(try openStore(), "milk")
    }

    // MARK: - two processes

    /// Two separate processes (this test binary relaunched as `testWriterProcess`), as with a
    /// `kago add` while the list is open: POSIX locks behave differently across processes.
    func testTwoProcessesWritingAtOnceLoseNothing() throws {
        _ = try openStore()
        let binary = CommandLine.arguments[0]
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary), "cannot relaunch the test binary")
        let go = root + "/go"
        let children = try (0..<2).map { writer in
            let child = Process()
            child.executableURL = URL(fileURLWithPath: binary)
            child.arguments = ["KagoStoreTests.ConcurrencyTests/testWriterProcess"]
            child.environment = ProcessInfo.processInfo.environment.merging(
                ["KAGO_STORE_WRITER": "\(writer)", "KAGO_STORE_PATH": databasePath, "KAGO_STORE_GO": go]) { $1 }
            let log = root + "/writer\(writer).log"
            _ = FileManager.default.createFile(atPath: log, contents: nil)
            child.standardOutput = FileHandle(forWritingAtPath: log)
            child.standardError = child.standardOutput
            try child.run()
            return (child, log)
        }
        // Both are started before either may write, so their writes overlap.
        _ = FileManager.default.createFile(atPath: go, contents: nil)
        for (child, log) in children {
            child.waitUntilExit()
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            XCTAssertEqual(child.terminationStatus, 0, output)
            XCTAssertTrue(output.contains("Executed 1 test, with 0 failures"), output)
            XCTAssertFalse(output.contains("skipped"), output)
        }
        let snapshot = try openStore().load()
        XCTAssertEqual(snapshot.items.count, 2 * Self.writesPerProcess)
        XCTAssertEqual(Set(snapshot.items.map(\.name)).count, 2 * Self.writesPerProcess)
    }

    static let writesPerProcess = 200

    /// The writer half of `testTwoProcessesWritingAtOnceLoseNothing`; skipped when run alone.
    func testWriterProcess() throws {
        let env = ProcessInfo.processInfo.environment
        guard let writer = env["KAGO_STORE_WRITER"], let path = env["KAGO_STORE_PATH"], let go = env["KAGO_STORE_GO"] else {
            throw XCTSkip("runs only as a child of testTwoProcessesWritingAtOnceLoseNothing")
        }
        let store = try Store.open(path: path)
        for _ in 0..<10_000 where !FileManager.default.fileExists(atPath: go) { usleep(1000) }
        for i in 0..<Self.writesPerProcess {
            _ = try store.perform(.add(ItemDraft(name: "p\(writer)-\(i)", category: "c\(i % 3)")), now: now)
            // A breath between writes, as between keystrokes: without it SQLite's sleeping busy
            // handler lets one tight loop keep the lock and the writes barely interleave (the
            // thread test covers that tight loop).
            usleep(300)
        }
    }
}
