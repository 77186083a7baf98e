@testable import KagoState
import XCTest

final class ItemTableTests: XCTestCase {
    func item(_ id: Int64, _ name: String = "x") -> Item { Item(id: id, name: name, createdAt: 0) }

    func testDenseAndSpreadIdsAreFoundCountedAndReplaced() {
        var table = ItemTable()
        for id: Int64 in [5, 6, 8, 7, 1_000_000_000, 2, -3] { table[id] = item(id) }
        XCTAssertEqual(table.count, 7)
        for id: Int64 in [5, 6, 7, 8, 1_000_000_000, 2, -3] { XCTAssertEqual(table[id]?.id, id) }
        XCTAssertNil(table[4])
        XCTAssertNil(table[9])
        table[6] = item(6, "renamed")
        table[1_000_000_000] = item(1_000_000_000, "far")
        XCTAssertEqual(table.count, 7, "replacing is not adding")
        XCTAssertEqual(table[6]?.name, "renamed")
        XCTAssertEqual(table[1_000_000_000]?.name, "far")
        table[6] = nil
        table[1_000_000_000] = nil
        table[6] = nil
        table[42] = nil
        XCTAssertEqual(table.count, 5)
        XCTAssertEqual(Set(table.ids), [5, 7, 8, 2, -3])
        XCTAssertEqual(Array(table.values.prefix(3)).map(\.id), [5, 7, 8], "the dense part in id order")
    }

    func testEqualityIsByContentsWhateverTheLayout() {
        let ids: [Int64] = [1, 2, 3, 500_000, 4]
        let forward = ItemTable(ids.map { item($0) })
        let backward = ItemTable(ids.reversed().map { item($0) })
        XCTAssertEqual(forward, backward)
        var other = forward
        other[3] = item(3, "changed")
        XCTAssertNotEqual(forward, other)
        other[3] = nil
        XCTAssertNotEqual(forward, other)
    }
}
