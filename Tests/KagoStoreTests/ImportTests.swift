import KagoState
import KagoStore
import XCTest

final class ImportTests: TemporaryDirectoryTestCase {
    func testInsertsEveryRowAsWritten() throws {
        let store = try openStore()
        let milk = try add(store, "milk", category: "Dairy")
        let rows = [
            ImportRow(name: "cheese", quantity: "200g", category: "dairy", date: Day(year: 2026, month: 3, day: 1),
                      note: "aged", purchasedAt: 50, createdAt: 40),
            ImportRow(name: "milk"),
            ImportRow(name: "tofu", category: "Vegan"),
        ]
        let changes = try store.insert(rows, now: now)
        XCTAssertEqual(changes.categories.map(\.after?.name), ["Vegan"])
        let items = changes.items.compactMap(\.after)
        XCTAssertEqual(items.count, 3)
        XCTAssertTrue(changes.items.allSatisfy { $0.before == nil })
        XCTAssertEqual(items[0], Item(id: items[0].id, name: "cheese", quantity: "200g", categoryID: milk.categoryID,
                                      date: Day(year: 2026, month: 3, day: 1), note: "aged", createdAt: 40, purchasedAt: 50))
        XCTAssertNil(items[1].categoryID, "imported rows are taken as written, no learned category")
        XCTAssertEqual(items[1].createdAt, now)
        XCTAssertEqual(try store.load().items.count, 4)
    }

    func testAnInvalidRowWritesNothingAndIsNamed() throws {
        let store = try openStore()
        let rows = [ImportRow(name: "milk", category: "dairy"), ImportRow(name: " "), ImportRow(name: "bread")]
        XCTAssertThrowsError(try store.insert(rows, now: now)) {
            XCTAssertEqual(($0 as? StoreError)?.message, "row 2: an item needs a name")
        }
        XCTAssertEqual(try store.load(), Snapshot())
    }

    func testAnOldImportedRowDoesNotOverrideWhatWasLearnedSince() throws {
        let store = try openStore()
        try add(store, "milk", category: "drinks", at: now)
        _ = try store.insert([ImportRow(name: "Milk", category: "dairy", createdAt: now - 1000)], now: now)
        XCTAssertEqual(try add(store, "milk").categoryID, try category(store, named: "drinks")?.id)
        _ = try store.insert([ImportRow(name: "milk", category: "dairy", createdAt: now + 5)], now: now)
        XCTAssertEqual(try add(store, "milk", at: now + 6).categoryID, try category(store, named: "dairy")?.id)
    }
}
