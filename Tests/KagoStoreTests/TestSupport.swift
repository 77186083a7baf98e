import Foundation
import KagoState
@testable import KagoStore
import XCTest

/// A fresh temporary directory per test, removed afterwards (modes restored so root-less
/// cleanup of chmod-ed directories works).
class TemporaryDirectoryTestCase: XCTestCase {
    var root = ""

    /// A fixed clock: the store takes `now` from the caller.
    let now: Timestamp = 1_800_000_000

    override func setUpWithError() throws {
        let template = NSTemporaryDirectory() + "kago-store-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw POSIXError(.EIO) }
        root = String(cString: made)
    }

    override func tearDownWithError() throws {
        _ = try? FileManager.default.subpathsOfDirectory(atPath: root).forEach {
            chmod(root + "/" + $0, 0o700)
        }
        chmod(root, 0o700)
        try? FileManager.default.removeItem(atPath: root)
    }

    var databasePath: String { root + "/data/kago/kago.sqlite3" }

    func openStore(_ path: String? = nil) throws -> Store {
        try Store.open(path: path ?? databasePath)
    }

    /// The error `Store.open` throws, or nil when it opens.
    func openError(_ path: String) -> StoreError? {
        do {
            _ = try Store.open(path: path)
            return nil
        } catch {
            return error
        }
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    func write(_ data: Data, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
    }

    func entries(_ directory: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
    }

    func mode(_ path: String) -> mode_t {
        var st = stat()
        XCTAssertEqual(stat(path, &st), 0, "stat \(path)")
        return st.st_mode & 0o7777
    }

    /// Whether permission bits stop this process (they do not stop root).
    var permissionsApply: Bool { geteuid() != 0 }

    /// Adds an item from a draft and returns the stored item.
    @discardableResult
    func add(_ store: Store, _ name: String, category: String? = nil, quantity: String? = nil,
             at time: Timestamp? = nil) throws -> Item {
        let changes = try store.perform(.add(ItemDraft(name: name, quantity: quantity, category: category)),
                                        now: time ?? now)
        return try XCTUnwrap(changes.items.first?.after)
    }

    func category(_ store: Store, named name: String) throws -> Category? {
        try store.categories().first { $0.name == name }
    }
}

/// Compares items and categories only: the learned names are a memory undo leaves alone.
func XCTAssertRows(_ a: Snapshot, _ b: Snapshot, _ message: String = "", file: StaticString = #filePath,
                   line: UInt = #line) {
    XCTAssertEqual(a.items, b.items, message, file: file, line: line)
    XCTAssertEqual(a.categories, b.categories, message, file: file, line: line)
}
