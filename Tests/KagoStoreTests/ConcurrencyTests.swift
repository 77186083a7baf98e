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
}
