@testable import KagoState
import XCTest

final class ListRowsTests: XCTestCase {
    let today = wednesday

    let categories: [Int64: Category] = [
        1: Category(id: 1, name: "Dairy", position: 2),
        2: Category(id: 2, name: "野菜", position: 0),
        3: Category(id: 3, name: "Frozen Food", position: 1),
    ]

    func item(_ id: Int64, _ name: String, _ category: Int64?, _ offset: Int?, note: String? = nil,
              purchased: Timestamp? = nil) -> Item {
        Item(id: id, name: name, categoryID: category, date: offset.map { wednesday.adding(days: $0) }, note: note,
             createdAt: 1000 + id, purchasedAt: purchased)
    }

    /// Ids follow the order of adding; apples' category 99 no longer exists.
    var items: [Item] {
        [
            item(1, "Milk", 1, 0),
            item(2, "にんじん", 2, 1),
            item(3, "Peas", 3, nil),
            item(4, "apples", 99, 6),
            item(5, "Eggs", 1, 3, note: "Free range"),
            item(6, "Tofu", 2, 7),
            item(7, "Bread", nil, -1),
            item(8, "Butter", 1, 0),
        ].shuffled()
    }

    func rows(_ sort: SortMode, filter: String = "", scope: CategoryScope? = nil) -> [ListRow] {
        ListRows.toBuy(items, sort: sort, categories: categories, today: today, filter: filter, scope: scope)
    }

    func ids(_ rows: [ListRow]) -> [Int64] {
        rows.compactMap { if case .item(let id) = $0 { return id } else { return nil } }
    }

    // MARK: - Date groups

    func testDateGroupBoundaries() {
        let table: [(Int?, GroupHeader)] = [
            (-1000, .overdue), (-1, .overdue), (0, .today), (1, .tomorrow), (2, .thisWeek), (6, .thisWeek),
            (7, .later), (400, .later), (nil, .noDate),
        ]
        for (offset, group) in table {
            XCTAssertEqual(ListRows.dateGroup(offset.map { today.adding(days: $0) }, today: today), group, "\(String(describing: offset))")
        }
    }

    // MARK: - Sorts

    func testDateSortGroupsUnderHeaders() {
        XCTAssertEqual(rows(.date), [
            .header(.overdue), .item(7),
            .header(.today), .item(1), .item(8),
            .header(.tomorrow), .item(2),
            .header(.thisWeek), .item(5), .item(4),
            .header(.later), .item(6),
            .header(.noDate), .item(3),
        ])
    }

    func testCategorySortFollowsPositionWithUncategorisedLast() {
        XCTAssertEqual(rows(.category), [
            .header(.category(2)), .item(2), .item(6),
            .header(.category(3)), .item(3),
            .header(.category(1)), .item(1), .item(5), .item(8),
            .header(.category(nil)), .item(4), .item(7),
        ])
    }

    func testCategorySortWithEqualPositionsKeepsGroupsTogether() {
        let cats: [Int64: Category] = [1: Category(id: 1, name: "A", position: 0), 2: Category(id: 2, name: "B", position: 0)]
        let list = [item(1, "x", 2, nil), item(2, "y", 1, nil), item(3, "z", 2, nil), item(4, "w", 1, nil)]
        XCTAssertEqual(ListRows.toBuy(list, sort: .category, categories: cats, today: today, filter: "", scope: nil),
                       [.header(.category(1)), .item(2), .item(4), .header(.category(2)), .item(1), .item(3)])
    }

    func testNameSort() {
        XCTAssertEqual(rows(.name), [.item(4), .item(7), .item(8), .item(5), .item(1), .item(3), .item(6), .item(2)])
        let same = [item(2, "milk", nil, nil), item(1, "Milk", nil, nil), item(3, "MILK", nil, nil)]
        XCTAssertEqual(ids(ListRows.toBuy(same, sort: .name, categories: [:], today: today, filter: "", scope: nil)), [1, 2, 3],
                       "equal names keep the order added")
    }

    func testAddedSort() {
        XCTAssertEqual(rows(.added), (1...8).map { .item(Int64($0)) })
    }

    func testEmptyList() {
        for sort in SortMode.allCases {
            XCTAssertEqual(ListRows.toBuy([], sort: sort, categories: categories, today: today, filter: "", scope: nil), [])
        }
    }

    // MARK: - Filter and scope

    func testFilterOverNameCategoryAndNote() {
        let table: [(String, [Int64])] = [
            ("milk", [1]), ("MILK", [1]), ("mIl", [1]),
            ("dairy", [1, 5, 8]), ("DAI", [1, 5, 8]),
            ("free", [5]), ("RANGE", [5]),
            ("野菜", [2, 6]), ("にん", [2]),
            ("frozen food", [3]),
            ("b", [7, 8]),
            ("zzz", []),
            ("", [1, 2, 3, 4, 5, 6, 7, 8]),
        ]
        for (filter, expected) in table {
            XCTAssertEqual(ids(rows(.added, filter: filter)), expected, filter)
        }
        XCTAssertEqual(rows(.date, filter: "dairy"), [.header(.today), .item(1), .item(8), .header(.thisWeek), .item(5)],
                       "headers only for groups that have rows")
        XCTAssertEqual(rows(.date, filter: "zzz"), [])
    }

    func testScope() {
        XCTAssertEqual(ids(rows(.added, scope: .category(1))), [1, 5, 8])
        XCTAssertEqual(ids(rows(.added, scope: .category(2))), [2, 6])
        XCTAssertEqual(ids(rows(.added, scope: .category(42))), [])
        XCTAssertEqual(ids(rows(.added, scope: .uncategorised)), [4, 7], "a missing category counts as uncategorised")
        XCTAssertEqual(ids(rows(.added, filter: "eggs", scope: .category(1))), [5])
        XCTAssertEqual(ids(rows(.added, filter: "eggs", scope: .category(2))), [])
        XCTAssertEqual(rows(.category, scope: .category(1)), [.header(.category(1)), .item(1), .item(5), .item(8)])
    }

    // MARK: - Purchased

    func testPurchasedNewestFirst() {
        let bought = [
            item(10, "Milk", 1, nil, purchased: 100), item(11, "Eggs", 1, nil, purchased: 300),
            item(12, "Peas", 3, nil, note: "petits pois", purchased: 200), item(13, "Tea", nil, nil, purchased: 300),
        ].shuffled()
        XCTAssertEqual(ListRows.purchased(bought, categories: categories, filter: ""), [.item(13), .item(11), .item(12), .item(10)])
        XCTAssertEqual(ListRows.purchased(bought, categories: categories, filter: "DAIRY"), [.item(11), .item(10)])
        XCTAssertEqual(ListRows.purchased(bought, categories: categories, filter: "pois"), [.item(12)])
        XCTAssertEqual(ListRows.purchased([], categories: categories, filter: ""), [])
    }

    // MARK: - Categories

    func testCategoriesInStoreWalkOrderThenUncategorised() {
        let all = Array(categories.values).shuffled()
        XCTAssertEqual(ListRows.categories(all, filter: ""), [.category(2), .category(3), .category(1), .category(nil)])
        XCTAssertEqual(ListRows.categories(all, filter: "FROZEN"), [.category(3)])
        XCTAssertEqual(ListRows.categories(all, filter: "野"), [.category(2)])
        XCTAssertEqual(ListRows.categories(all, filter: "zzz"), [])
        XCTAssertEqual(ListRows.categories([], filter: ""), [.category(nil)])
        let tied = [Category(id: 5, name: "b", position: 1), Category(id: 4, name: "a", position: 1), Category(id: 6, name: "c", position: 0)]
        XCTAssertEqual(ListRows.categories(tied, filter: ""), [.category(6), .category(4), .category(5), .category(nil)])
    }

    func testSelectableRows() {
        XCTAssertFalse(ListRow.header(.today).isSelectable)
        XCTAssertFalse(ListRow.header(.category(nil)).isSelectable)
        XCTAssertTrue(ListRow.item(1).isSelectable)
        XCTAssertTrue(ListRow.category(nil).isSelectable)
    }
}
