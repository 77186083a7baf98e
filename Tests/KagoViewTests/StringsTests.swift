import Foundation
import KagoState
@testable import KagoView
import XCTest

final class StringsTests: XCTestCase {
    /// `{name}`-style placeholders in a text.
    func placeholders(_ s: String) -> Set<String> {
        var out = Set<String>()
        var rest = Substring(s)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return out
    }

    func testBothLanguagesHaveEveryKey() {
        for lang in Language.allCases {
            let table = Strings.table(for: lang)
            for key in StringKey.allCases {
                XCTAssertNotNil(table[key], "\(lang) lacks \(key)")
                if let text = table[key] {
                    XCTAssertFalse(text.trimmingCharacters(in: .whitespaces).isEmpty, "\(lang) \(key) is blank")
                }
            }
            XCTAssertEqual(table.count, StringKey.allCases.count, "\(lang) has keys the enum lacks")
        }
    }

    func testPlaceholdersMatchBetweenLanguages() {
        let en = Strings.table(for: .en), ja = Strings.table(for: .ja)
        for key in StringKey.allCases {
            XCTAssertEqual(placeholders(en[key] ?? ""), placeholders(ja[key] ?? ""), "\(key)")
        }
    }

    func testNoUITextContainsControlCharacters() {
        for lang in Language.allCases {
            for (key, text) in Strings.table(for: lang) {
                XCTAssertFalse(text.unicodeScalars.contains(where: isTerminalUnsafe), "\(lang) \(key)")
            }
        }
    }

    /// SPEC §3's table, verbatim, and the try-it and ✓ lines it gives.
    func testTutorialTextIsTheSpecs() {
        let en = Strings(.en), ja = Strings(.ja)
        XCTAssertEqual(en[.intro1Title], "🛒 Add items")
        XCTAssertEqual(en[.intro1Line], "Add what you need to your shopping list.")
        XCTAssertEqual(en[.intro2Title], "✅ Check them off")
        XCTAssertEqual(en[.intro2Line], "Checked items move to Purchased.")
        XCTAssertEqual(en[.intro3Title], "📅 Sort by date and category")
        XCTAssertEqual(en[.intro3Line], "Organise the list around your plans.")
        XCTAssertEqual(en[.intro4Title], "🗂 A list for every shop")
        XCTAssertEqual(en[.intro4Line], "One list per shop, on your phone too with kago sync.")
        XCTAssertEqual(ja[.intro1Title], "🛒 アイテムを追加しよう")
        XCTAssertEqual(ja[.intro1Line], "買い物リストにアイテムを追加できます。")
        XCTAssertEqual(ja[.intro2Title], "✅ チェックで管理")
        XCTAssertEqual(ja[.intro2Line], "チェックすると購入済みに移動します。")
        XCTAssertEqual(ja[.intro3Title], "📅 日付・カテゴリで並び替え")
        XCTAssertEqual(ja[.intro3Line], "予定に合わせて整理整頓しましょう。")
        XCTAssertEqual(ja[.intro4Title], "🗂 お店ごとにリスト")
        XCTAssertEqual(ja[.intro4Line], "お店ごとにリストを分けて、kago sync でスマホにも。")
        XCTAssertEqual(en[.tryAdd], "Try it: press a, type milk x2, then Enter")
        XCTAssertEqual(ja[.tryAdd], "やってみよう：a を押して「牛乳 x2」と入力し、Enter")
        XCTAssertEqual(en[.tryDone], "✓ Done. → for the next page")
        XCTAssertEqual(ja[.tryDone], "✓ できました。→ で次へ")
        XCTAssertEqual(en[.whatsNew], "New in kago")
        XCTAssertEqual(ja[.whatsNew], "kago の新機能")
        XCTAssertEqual([en[.practiceBread], en[.practiceEggs], ja[.practiceBread], ja[.practiceEggs]], ["bread", "eggs", "パン", "卵"])
    }

    /// SPEC §3 buttons and §4 tabs.
    func testButtonsAndTabsAreTheSpecs() {
        let en = Strings(.en), ja = Strings(.ja)
        XCTAssertEqual(en[.skip], "Skip")
        XCTAssertEqual(en[.back], "‹ Back")
        XCTAssertEqual(en[.next], "Next ›")
        XCTAssertEqual(en[.start], "Start")
        XCTAssertEqual(ja[.skip], "スキップ")
        XCTAssertTrue(ja[.back].contains("戻る"))
        XCTAssertTrue(ja[.next].contains("次へ"))
        XCTAssertEqual(ja[.start], "はじめる")
        XCTAssertEqual([en[.tabToBuy], en[.tabPurchased], en[.tabCategories]], ["To buy", "Purchased", "Categories"])
        XCTAssertEqual([ja[.tabToBuy], ja[.tabPurchased], ja[.tabCategories]], ["買うもの", "購入済み", "カテゴリ"])
        XCTAssertEqual(en.groupName(.overdue), "Overdue")
        XCTAssertEqual(en.groupName(.noDate), "No date")
        XCTAssertEqual(en.groupName(.category(nil)), "Uncategorised")
    }

    func testFormatFillsPlaceholders() {
        XCTAssertEqual(Strings(.en).format(.msgAdded, ["name": "牛乳"]), "Added 牛乳")
        XCTAssertEqual(Strings(.ja).format(.msgAdded, ["name": "milk"]), "milk を追加しました")
        XCTAssertEqual(Strings(.en).format(.tooSmallSize, ["width": "20", "height": "5"]), "20×5, needs 30×8")
        XCTAssertEqual(Strings(.en).message(.clearedPurchased(3)), "Cleared 3 purchased")
        XCTAssertEqual(Strings(.ja).message(.undone(.checked("卵"))), "取り消し: 卵 をチェックしました")
        XCTAssertEqual(Strings(.en).message(.undone(nil)), "Undone: the last change")
        XCTAssertEqual(Strings(.en).message(.sortedBy(.category)), "Sorted by category")
        XCTAssertEqual(Strings(.ja).message(.sortedBy(.added)), "追加順で並べ替えました")
        XCTAssertEqual(Strings(.en).message(.configProblem(.unknownKey(line: 3, key: "colour"), more: 2)),
                       "config line 3: unknown key colour; ignored (and 2 more)")
    }

    func testEveryMessageHasTextInBothLanguages() {
        let messages: [StatusMessage] = [
            .added("a"), .updated("a"), .checked("a"), .unchecked("a"), .deleted("a"), .clearedPurchased(2),
            .categoryAdded("a"), .categoryRenamed("a"), .categoryDeleted("a"), .undone(.added("a")), .redone(nil),
            .nothingToUndo, .nothingToRedo, .nothingPurchased, .nothingSelected, .emptyName, .emptyCategoryName,
            .badDate("@x"), .uncategorisedIsFixed, .sortedBy(.name),
            .configProblem(.badValue(line: 1, key: "theme", value: "x"), more: 0), .introNotSaved("EROFS"),
            .saveFailed("disk full"), .configUnreadable("EACCES"),
        ]
        for lang in Language.allCases {
            for m in messages {
                let text = Strings(lang).message(m)
                XCTAssertFalse(text.isEmpty, "\(lang) \(m)")
                XCTAssertFalse(text.contains("{"), "\(lang) \(m): unfilled placeholder in \(text)")
            }
        }
    }

    // MARK: - Dates (today is Wednesday 2 December 2026)

    func testRelativeDatesInEnglish() {
        let en = Strings(.en), t = Fixture.today
        XCTAssertEqual(en.relativeDate(t, today: t), "Today")
        XCTAssertEqual(en.relativeDate(Fixture.day(1), today: t), "Tomorrow")
        XCTAssertEqual(en.relativeDate(Fixture.day(-1), today: t), "Yesterday")
        XCTAssertEqual(en.relativeDate(Fixture.day(2), today: t), "Friday")
        XCTAssertEqual(en.relativeDate(Fixture.day(6), today: t), "Tuesday")
        XCTAssertEqual(en.relativeDate(Fixture.day(7), today: t), "Wed Dec 9")
        XCTAssertEqual(en.relativeDate(Fixture.day(-2), today: t), "Mon Nov 30")
        XCTAssertEqual(en.relativeDate(Fixture.day(34), today: t), "2027-01-05")
    }

    func testRelativeDatesInJapanese() {
        let ja = Strings(.ja), t = Fixture.today
        XCTAssertEqual(ja.relativeDate(t, today: t), "今日")
        XCTAssertEqual(ja.relativeDate(Fixture.day(1), today: t), "明日")
        XCTAssertEqual(ja.relativeDate(Fixture.day(-1), today: t), "昨日")
        XCTAssertEqual(ja.relativeDate(Fixture.day(2), today: t), "金曜日")
        XCTAssertEqual(ja.relativeDate(Fixture.day(7), today: t), "12月9日(水)")
        XCTAssertEqual(ja.relativeDate(Fixture.day(34), today: t), "2027-01-05", "another year in ISO form, narrow enough for the column")
    }

    func testPurchaseTimes() {
        let c = Fixture.clock
        XCTAssertEqual(Strings(.en).purchaseTime(Fixture.at(hour: 9, minute: 5), clock: c), "Today 09:05")
        XCTAssertEqual(Strings(.ja).purchaseTime(Fixture.at(hour: 23, minute: 59), clock: c), "今日 23:59")
        XCTAssertEqual(Strings(.en).purchaseTime(Fixture.at(dayOffset: -1, hour: 12), clock: c), "Yesterday")
        XCTAssertEqual(Strings(.en).purchaseTime(Fixture.at(dayOffset: -12), clock: c), "Fri Nov 20")
        let tokyo = LocalClock(today: Fixture.today, utcOffset: 9 * 3600)
        XCTAssertEqual(Strings(.en).purchaseTime(Fixture.at(hour: 1), clock: tokyo), "Today 10:00")
    }
}
