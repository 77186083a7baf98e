@testable import KagoSync
import KagoState
import XCTest

/// Mapping.merge: the field-by-field three-way merge of a VTODO changed on both sides.
final class MergeTests: XCTestCase {
    let base = TodoFields(summary: "Milk", note: "semi-skimmed", categories: ["Dairy", "Phone"], due: day(2026, 12, 4))

    func testOneSideChangedIsTaken() {
        var local = base
        local.summary = "Milk ×2"
        let (m1, both1) = Mapping.merge(base: base, local: local, remote: base, localNewer: false)
        XCTAssertEqual(m1, local)
        XCTAssertFalse(both1)

        var remote = base
        remote.due = day(2026, 12, 6)
        let (m2, both2) = Mapping.merge(base: base, local: base, remote: remote, localNewer: true)
        XCTAssertEqual(m2, remote)
        XCTAssertFalse(both2)
    }

    func testNothingChanged() {
        let (m, both) = Mapping.merge(base: base, local: base, remote: base, localNewer: true)
        XCTAssertEqual(m, base)
        XCTAssertFalse(both)
    }

    func testDifferentFieldsOnBothSidesAreBothKept() {
        var local = base, remote = base
        local.summary = "Milk ×2"
        local.completed = 1_000
        remote.note = "whole milk"
        remote.due = nil
        for localNewer in [true, false] {
            let (m, both) = Mapping.merge(base: base, local: local, remote: remote, localNewer: localNewer)
            XCTAssertEqual(m, TodoFields(summary: "Milk ×2", note: "whole milk", categories: ["Dairy", "Phone"], due: nil, completed: 1_000))
            XCTAssertTrue(both)
        }
    }

    func testSameFieldOnBothSidesTakesTheNewer() {
        var local = base, remote = base
        local.summary = "Milk ×2"
        remote.summary = "Milk ×3"
        XCTAssertEqual(Mapping.merge(base: base, local: local, remote: remote, localNewer: true).0.summary, "Milk ×2")
        XCTAssertEqual(Mapping.merge(base: base, local: local, remote: remote, localNewer: false).0.summary, "Milk ×3")
        XCTAssertTrue(Mapping.merge(base: base, local: local, remote: remote, localNewer: false).1)
    }

    func testCompletionCountsAsChangedOnlyWhenItsStateChanges() {
        let done = TodoFields(summary: "Milk", completed: 100)
        var local = done, remote = done
        local.completed = 200 // a different time, still completed: no change
        remote.summary = "Eggs"
        let (m, both) = Mapping.merge(base: done, local: local, remote: remote, localNewer: true)
        XCTAssertEqual(m.summary, "Eggs")
        XCTAssertNotNil(m.completed)
        XCTAssertFalse(both)

        local.completed = nil
        XCTAssertNil(Mapping.merge(base: done, local: local, remote: remote, localNewer: false).0.completed, "unchecked on one side")
    }

    func testCategoriesMergeAsASet() {
        var local = base, remote = base
        local.categories = ["Dairy", "Phone", "Cold"] // adds Cold
        remote.categories = ["Dairy"] // removes Phone
        let (m, both) = Mapping.merge(base: base, local: local, remote: remote, localNewer: false)
        XCTAssertEqual(m.categories, ["Dairy", "Cold"])
        XCTAssertTrue(both)
    }

    func testCategoriesMatchIgnoringCase() {
        var local = base, remote = base
        local.categories = ["dairy", "Phone"]
        remote.categories = ["Dairy", "Phone", "Sale"]
        let (m, _) = Mapping.merge(base: base, local: local, remote: remote, localNewer: true)
        XCTAssertEqual(m.categories.map(\.matchKey), ["dairy", "phone", "sale"])
    }

    func testKagosCategoryChangedOnBothSidesTakesTheNewer() {
        // The first category is kago's category, a field: changed on both sides, the newer change wins (SPEC §9).
        let b = TodoFields(summary: "Milk", categories: ["Dairy"])
        var local = b, remote = b
        local.categories = ["Fridge"]
        remote.categories = ["Drinks"]
        XCTAssertEqual(Mapping.merge(base: b, local: local, remote: remote, localNewer: true).0.categories.first, "Fridge")
        XCTAssertEqual(Mapping.merge(base: b, local: local, remote: remote, localNewer: false).0.categories.first, "Drinks")
    }

    func testWithoutABaseEveryDifferenceIsAConflict() {
        let local = TodoFields(summary: "Milk", note: "a", categories: ["Dairy"])
        let same = Mapping.merge(base: nil, local: local, remote: local, localNewer: false)
        XCTAssertEqual(same.0, local)
        XCTAssertFalse(same.1)

        let remote = TodoFields(summary: "Milk ×2", note: "a", categories: ["Drinks"], due: day(2026, 12, 5))
        let newerLocal = Mapping.merge(base: nil, local: local, remote: remote, localNewer: true)
        XCTAssertEqual(newerLocal.0, local)
        XCTAssertTrue(newerLocal.1)
        let newerRemote = Mapping.merge(base: nil, local: local, remote: remote, localNewer: false)
        XCTAssertEqual(newerRemote.0, remote)
        XCTAssertTrue(newerRemote.1)
    }
}
