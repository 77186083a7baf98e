import KagoState
import XCTest

/// Due again (SPEC §10): the rhythm of each name in whole local days.
final class DueAgainTests: XCTestCase {
    /// Noon UTC on 2026-03-01 plus some days.
    static let start = Timestamp(Day(year: 2026, month: 3, day: 1)!.ordinal) * 86400 + 12 * 3600
    var nextID: Int64 = 0

    /// A purchase `days` after the start, its day in UTC unless a zone says otherwise.
    func bought(_ name: String, _ days: Int, hour: Int = 0, quantity: String? = nil, category: String? = nil,
                hidden: Bool = false, zone: (Timestamp) -> Day = { LocalClock(today: Day(ordinal: 0)).day(of: $0) }) -> Purchase {
        nextID += 1
        let t = Self.start + Timestamp(days * 86400 + hour * 3600)
        return Purchase(id: nextID, listID: 1, itemID: nextID, name: name, quantity: quantity, category: category,
                        purchasedAt: t, day: zone(t), hidden: hidden)
    }

    func day(_ n: Int) -> Day { Day(year: 2026, month: 3, day: 1)!.adding(days: n) }

    func due(_ purchases: [Purchase], on today: Int, toBuy: Set<String> = []) -> [DueItem] {
        DueAgain.items(PurchaseHistory(purchases), today: day(today), onToBuy: { toBuy.contains($0) })
    }

    /// The acceptance: milk bought three times a week apart is offered the day it is due.
    func testMilkThreeTimesAWeekApartIsDueTheDayItIsDue() {
        let milk = [bought("Milk", 0), bought("milk", 7, quantity: "2", category: "Dairy"), bought("MILK", 14, quantity: "2", category: "乳製品")]
        XCTAssertEqual(due(milk, on: 20), [], "a day early")
        let item = due(milk, on: 21)
        XCTAssertEqual(item, [DueItem(key: "milk", name: "MILK", quantity: "2", category: "乳製品", intervalDays: 7, daysSince: 7,
                                      lastPurchased: milk[2].purchasedAt)])
        XCTAssertEqual(item.first?.draft, ItemDraft(name: "MILK", quantity: "2", category: "乳製品"), "the last purchase's")
        XCTAssertEqual(due(milk, on: 30).first?.daysSince, 16, "still due, and more overdue")
    }

    func testThreeDaysAreNeededAndOneDayCountsOnce() {
        XCTAssertEqual(due([bought("rice", 0), bought("rice", 30)], on: 90), [], "two purchases are no rhythm yet")
        let sameDay = [bought("eggs", 0), bought("eggs", 0, hour: 3), bought("eggs", 10), bought("eggs", 10, hour: 5)]
        XCTAssertEqual(due(sameDay, on: 40), [], "four purchases on two days")
        XCTAssertEqual(due(sameDay + [bought("eggs", 20)], on: 30).map(\.intervalDays), [10])
    }

    func testTheIntervalIsTheMedianGap() {
        XCTAssertEqual(due([bought("a", 0), bought("a", 3), bought("a", 13), bought("a", 17)], on: 60).map(\.intervalDays), [4],
                       "gaps 3, 10, 4: the middle one")
        XCTAssertEqual(due([bought("b", 0), bought("b", 6), bought("b", 13)], on: 60).map(\.intervalDays), [7],
                       "gaps 6 and 7: half a day rounds up")
        XCTAssertEqual(due([bought("c", 0), bought("c", 1), bought("c", 2), bought("c", 40)], on: 60).map(\.intervalDays), [1],
                       "one long gap does not move the median")
    }

    func testNotOnToBuyAndNotHiddenUntilBoughtAgain() {
        let bread = [bought("bread", 0), bought("bread", 2), bought("bread", 4)]
        XCTAssertEqual(due(bread, on: 10, toBuy: ["bread"]), [], "on To buy already")
        let hidden = bread.dropLast() + [bought("bread", 4, hidden: true)]
        XCTAssertEqual(due(Array(hidden), on: 10), [], "hidden")
        XCTAssertEqual(due(Array(hidden) + [bought("bread", 6)], on: 10).map(\.key), ["bread"], "bought again: due again")
    }

    func testMostOverdueFirstThenByName() {
        let purchases = [0, 7, 14].map { bought("milk", $0) } + [0, 30, 60].map { bought("rice", $0) }
            + [0, 7, 14].map { bought("eggs", $0) } + [0, 1, 2].map { bought("bread", $0) }
        XCTAssertEqual(due(purchases, on: 95).map(\.key), ["bread", "eggs", "milk", "rice"])
        XCTAssertEqual(due(purchases, on: 95).map(\.overdue), [92, 74, 74, 5])
    }

    // MARK: - Local days

    /// The same moments are other days in Tokyo and in New York: each counts its own days.
    func testDaysAreLocalToTheTimeZone() {
        let tokyo = LocalClock(today: day(0), utcOffset: 9 * 3600), newYork = LocalClock(today: day(0), utcOffset: -5 * 3600)
        // 14:00 UTC: 23:00 in Tokyo; then 16:00 UTC four days later: 01:00 the next day there.
        let hours = [(0, 14), (4, 16), (8, 14)]
        func purchases(_ zone: LocalClock) -> [Purchase] { hours.map { bought("tofu", $0.0, hour: $0.1 - 12, zone: zone.day(of:)) } }
        XCTAssertEqual(PurchaseHistory(purchases(tokyo)).habits["tofu"]?.days.map(\.ordinal).map { $0 - day(0).ordinal }, [0, 5, 8])
        XCTAssertEqual(PurchaseHistory(purchases(newYork)).habits["tofu"]?.days.map(\.ordinal).map { $0 - day(0).ordinal }, [0, 4, 8])
        XCTAssertEqual(due(purchases(tokyo), on: 12).map(\.intervalDays), [4], "gaps 5 and 3 in Tokyo")
        XCTAssertEqual(due(purchases(tokyo), on: 12).map(\.daysSince), [4])
    }

    /// Berlin leaves winter time on 2026-03-29: a purchase every Saturday at 00:30 local time is
    /// at 23:30 UTC before and 22:30 UTC after. With the offset of the moment (as the store
    /// records days) the rhythm stays seven days; with one fixed offset it would not.
    func testDaylightSavingTimeKeepsAWeeklyRhythmWeekly() {
        let change = Timestamp(Day(year: 2026, month: 3, day: 29)!.ordinal) * 86400 + 3600
        let berlin: (Timestamp) -> Day = { t in LocalClock(today: Day(ordinal: 0), utcOffset: t < change ? 3600 : 7200).day(of: t) }
        // Saturdays 2026-03-21, 03-28, 04-04 at 00:30 local: the evenings before, in UTC.
        let times = [(19, 23 * 3600 + 1800), (26, 23 * 3600 + 1800), (33, 22 * 3600 + 1800)]
        let purchases = times.map { d, utc in
            nextID += 1
            let t = Timestamp(day(d).ordinal) * 86400 + Timestamp(utc)
            return Purchase(id: nextID, listID: 1, itemID: nil, name: "Brötchen", purchasedAt: t, day: berlin(t))
        }
        XCTAssertEqual(purchases.map(\.day.iso), ["2026-03-21", "2026-03-28", "2026-04-04"])
        XCTAssertEqual(due(purchases, on: 41).map(\.intervalDays), [7])
        XCTAssertEqual(due(purchases, on: 40), [], "not a day early")
        let winterOnly: (Timestamp) -> Day = LocalClock(today: Day(ordinal: 0), utcOffset: 3600).day(of:)
        XCTAssertEqual(purchases.map { winterOnly($0.purchasedAt).iso }, ["2026-03-21", "2026-03-28", "2026-04-03"],
                       "one fixed offset puts the summer purchase on the Friday")
    }

    // MARK: - Keeping up

    func testUpdatesForgetMoveAndAddPurchases() {
        let milk = [bought("milk", 0), bought("milk", 7), bought("milk", 14)]
        var history = PurchaseHistory(milk)
        history.apply([RowChange(id: milk[2].id, before: milk[2], after: nil)])
        XCTAssertNil(history.habits["milk"]?.interval, "an undone check takes the rhythm back to two days")
        history.apply([RowChange(id: milk[2].id, before: nil, after: milk[2])])
        XCTAssertEqual(history, PurchaseHistory(milk), "and redone, as it was")
        var renamed = milk[0]
        renamed.listID = 2
        history.apply([RowChange(id: renamed.id, before: milk[0], after: nil), RowChange(id: 99, before: nil, after: bought("tea", 3))])
        XCTAssertEqual(history.habits["milk"]?.entries.map(\.id), [milk[1].id, milk[2].id])
        XCTAssertEqual(history.habits.keys.sorted(), ["milk", "tea"])
        history.apply([RowChange(id: milk[1].id, before: nil, after: nil), RowChange(id: milk[2].id, before: nil, after: nil)])
        XCTAssertNil(history.habits["milk"], "a name with no purchases left is gone, found without its old state too")
    }
}
