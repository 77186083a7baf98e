@testable import KagoState
import XCTest

/// Size limits count what the text holds (issue 10.11): a character can carry any number of
/// combining marks, so the limits count Unicode scalars.
final class ItemLimitsTests: XCTestCase {
    func testCombiningMarksCountTowardTheLimit() {
        let piled = "e" + String(repeating: "\u{301}", count: 1_000)
        XCTAssertEqual(piled.count, 1, "one character")
        XCTAssertTrue(ItemLimits.isOver(piled, .name))
        XCTAssertEqual(ItemLimits.overlong(name: "milk", note: nil, category: "a" + String(repeating: "\u{308}", count: 100)),
                       .category)
        XCTAssertEqual(ItemLimits.overlong(ItemDraft(name: piled)), .name)
    }

    func testAQuantityHasALimitToo() {
        XCTAssertEqual(ItemLimits.overlong(name: "milk", note: nil, category: nil, quantity: String(repeating: "9", count: 101)),
                       .quantity)
        XCTAssertNil(ItemLimits.overlong(ItemDraft(name: "milk", quantity: String(repeating: "9", count: 100))))
        XCTAssertEqual(ItemLimits.Field.quantity.problem, "the quantity is longer than 100 characters")
    }

    func testTextUpToTheLimitIsFine() {
        XCTAssertFalse(ItemLimits.isOver(String(repeating: "あ", count: 1_000), .name), "characters, not bytes")
        XCTAssertTrue(ItemLimits.isOver(String(repeating: "あ", count: 1_001), .name))
        XCTAssertFalse(ItemLimits.isOver("e\u{301}" + String(repeating: "a", count: 998), .name), "1,000 scalars")
        XCTAssertFalse(ItemLimits.isOver(String(repeating: "n", count: 10_000), .note))
        XCTAssertTrue(ItemLimits.isOver(String(repeating: "n", count: 10_001), .note))
    }
}
