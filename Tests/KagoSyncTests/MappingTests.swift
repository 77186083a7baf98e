@testable import KagoSync
import KagoState
import KagoStore
import XCTest

/// Mapping between kago's items and VTODO fields, written against the server's base.
final class MappingTests: XCTestCase {
    private func item(_ name: String, _ quantity: String? = nil, note: String? = nil, date: Day? = nil, purchasedAt: Timestamp? = nil) -> Item {
        Item(id: 1, name: name, quantity: quantity, date: date, note: note, createdAt: 0, purchasedAt: purchasedAt)
    }

    func testWithoutABaseKagoWritesItsOwnForm() {
        let f = Mapping.fields(of: item("牛乳", "2", note: "low fat", date: day(2026, 12, 5)), category: "Dairy", base: nil)
        XCTAssertEqual(f, TodoFields(summary: "牛乳 ×2", note: "low fat", categories: ["Dairy"], due: day(2026, 12, 5)))
    }

    func testSummaryThatReadsTheSameStaysAsTheServerHadIt() {
        let base = TodoFields(summary: "Milk x2")
        XCTAssertEqual(Mapping.fields(of: item("Milk", "2"), category: nil, base: base).summary, "Milk x2")
        XCTAssertEqual(Mapping.fields(of: item("Milk", "3"), category: nil, base: base).summary, "Milk ×3")
        XCTAssertEqual(Mapping.fields(of: item("Milk"), category: nil, base: base).summary, "Milk")
    }

    func testAPhonesSecondCategoryStays() {
        let base = TodoFields(summary: "Milk", categories: ["Dairy", "Phone"])
        XCTAssertEqual(Mapping.fields(of: item("Milk"), category: "dairy", base: base).categories, ["Dairy", "Phone"])
        XCTAssertEqual(Mapping.fields(of: item("Milk"), category: "Drinks", base: base).categories, ["Drinks", "Phone"])
        XCTAssertEqual(Mapping.fields(of: item("Milk"), category: "phone", base: base).categories, ["phone"])
    }

    func testACompletionKeepsTheBaseTime() {
        let base = TodoFields(summary: "Milk", completed: 100)
        XCTAssertEqual(Mapping.fields(of: item("Milk", purchasedAt: 500), category: nil, base: base).completed, 100)
        XCTAssertEqual(Mapping.fields(of: item("Milk", purchasedAt: 500), category: nil, base: TodoFields(summary: "Milk")).completed, 500)
        XCTAssertNil(Mapping.fields(of: item("Milk"), category: nil, base: base).completed)
    }

    func testValuesOfAPhonesTodo() throws {
        let v = try XCTUnwrap(Mapping.values(of: TodoFields(summary: "2本 ビール", note: "cold", categories: ["Drinks", "Phone"],
                                                            due: day(2026, 12, 5), completed: 9)))
        XCTAssertEqual(v, SyncValues(name: "ビール", quantity: "2本", note: "cold", category: "Drinks", date: day(2026, 12, 5), purchasedAt: 9))
        XCTAssertNil(Mapping.values(of: TodoFields(summary: "")))
        XCTAssertNil(Mapping.values(of: TodoFields(summary: "   ")))
    }

    func testFieldsReadBackAsTheItem() throws {
        let i = item("Oat milk", "1.5L", note: "barista", date: day(2026, 12, 7), purchasedAt: 77)
        let v = try XCTUnwrap(Mapping.values(of: Mapping.fields(of: i, category: "Drinks", base: nil)))
        XCTAssertEqual(v, SyncValues(name: "Oat milk", quantity: "1.5L", note: "barista", category: "Drinks", date: day(2026, 12, 7), purchasedAt: 77))
    }
}
