import KagoState
import KagoView

/// Fixed inputs for view tests: one clock, one list of items, and builders for screen states.
enum Fixture {
    /// Wednesday, 2 December 2026, UTC.
    static let today = Day(year: 2026, month: 12, day: 2)!
    static let clock = LocalClock(today: today, utcOffset: 0)

    /// A day relative to `today`.
    static func day(_ offset: Int) -> Day { today.adding(days: offset) }

    /// Midnight UTC of `today` plus hours and minutes, as a timestamp.
    static func at(dayOffset: Int = 0, hour: Int = 0, minute: Int = 0) -> Timestamp {
        Timestamp((today.ordinal + dayOffset) * 86400 + hour * 3600 + minute * 60)
    }

    static let vegetables: Int64 = 1, dairy: Int64 = 2, bakery: Int64 = 3, fruit: Int64 = 4, household: Int64 = 5

    /// Store-walk order: 野菜, dairy, a long bakery name, 🍎 果物, 日用品.
    static let categories: [Category] = [
        Category(id: vegetables, name: "野菜", position: 0),
        Category(id: dairy, name: "dairy", position: 1),
        Category(id: bakery, name: "Bakery & breakfast things", position: 2),
        Category(id: fruit, name: "🍎 果物", position: 3),
        Category(id: household, name: "日用品", position: 4),
    ]

    /// Ten-odd items to buy mixing scripts, emoji, long names, quantities, categories and every
    /// date group, plus three purchased ones.
    static let items: [Item] = {
        var n: Int64 = 0
        func item(_ name: String, _ quantity: String? = nil, _ category: Int64? = nil, _ date: Int? = nil,
                  note: String? = nil, purchased: Timestamp? = nil) -> Item {
            n += 1
            return Item(id: n, name: name, quantity: quantity, categoryID: category, date: date.map(day),
                        note: note, createdAt: at(dayOffset: -10, hour: Int(n)), purchasedAt: purchased)
        }
        return [
            item("牛乳", "2", dairy, 0),
            item("Eggs", "10", dairy, 1),
            item("🍎 りんご", "3", fruit, 2),
            item("Extra-virgin olive oil, cold pressed, the big bottle from the Italian shop", "1L", nil, 22),
            item("ほうれん草", nil, vegetables, -2, note: "安い方"),
            item("Bread", nil, bakery, nil, note: "the sourdough one"),
            item("Coffee beans ☕", "500g", nil, 6),
            item("トイレットペーパー", "12ロール", household, 1),
            item("ﾊﾟﾝ粉", nil, nil, nil),
            item("Cafe\u{301} cre\u{300}me", nil, dairy, -7),
            item("Bad\u{1B}[31mname\u{202E}", "x\u{7}", nil, 3),
            item("Butter", "1", dairy, nil, purchased: at(hour: 9, minute: 5)),
            item("納豆", "3", nil, -1, purchased: at(dayOffset: -1, hour: 18)),
            item("Tissues 🧻", nil, household, nil, purchased: at(dayOffset: -12, hour: 12)),
        ]
    }()

    static let snapshot = Snapshot(items: items, categories: categories, knownNames: items.map(\.name))

    /// Three items to buy and a history with four names due again (SPEC §10): 牛乳 every 7 days,
    /// the olive oil every 14, eggs every day, toilet paper every 30; tea is due but on the list.
    static let dueSnapshot: Snapshot = {
        var n: Int64 = 0
        func bought(_ name: String, _ daysAgo: [Int], _ quantity: String? = nil, _ category: String? = nil) -> [Purchase] {
            daysAgo.map { d in
                n += 1
                return Purchase(id: n, listID: 1, itemID: nil, name: name, quantity: quantity, category: category,
                                purchasedAt: at(dayOffset: -d, hour: 10), day: day(-d))
            }
        }
        let history = bought("牛乳", [22, 15, 8], "2", "dairy") + bought("Eggs", [4, 3, 2], "10", "dairy")
            + bought("Extra-virgin olive oil, cold pressed", [44, 30, 16], "1L")
            + bought("トイレットペーパー", [92, 62, 31], "12ロール", "日用品") + bought("Tea", [9, 6, 3])
        let toBuy = [Item(id: 1, name: "Bread", categoryID: bakery, date: day(1), createdAt: at(dayOffset: -1)),
                     Item(id: 2, name: "ほうれん草", categoryID: vegetables, date: day(0), createdAt: at(dayOffset: -1)),
                     Item(id: 3, name: "tea", createdAt: at(dayOffset: -1))]
        return Snapshot(items: toBuy, categories: categories, knownNames: toBuy.map(\.name), history: PurchaseHistory(history))
    }()

    /// A state showing the list (tutorial seen) at a size, with `data` loaded.
    static func listState(_ language: Language, width: Int, height: Int, sort: SortMode = .date,
                          data: Snapshot = Fixture.snapshot) -> AppState {
        var settings = Settings()
        settings.introSeen = Tutorial.version
        settings.sort = sort
        settings.language = language
        var state = AppState(settings: settings, clock: clock, showIntro: false)
        state.apply(.resize(width: width, height: height))
        state.apply(.loaded(data))
        return state
    }

    /// A state showing the tutorial at a page; `seen` is the tutorial version the user saw
    /// (1: the what's-new run).
    static func introState(_ language: Language, width: Int, height: Int, page: Int = 0,
                           animations: Bool = false, seen: Int = 0) -> AppState {
        var settings = Settings()
        settings.animations = animations
        settings.language = language
        settings.introSeen = seen
        var state = AppState(settings: settings, clock: clock, showIntro: seen == 0,
                             practiceSeed: PracticeSeed(strings: Strings(language)))
        state.apply(.resize(width: width, height: height))
        state.apply(.loaded(Snapshot()))
        for _ in 0..<page { state.apply(.introNext) }
        return state
    }

    /// Does what the tutorial page on show asks for, on its practice list.
    static func doLesson(_ state: inout AppState) {
        let japanese = state.settings.language == .ja
        switch state.intro!.lesson {
        case .add:
            state.apply(.startAdd)
            state.apply(.line(.insert(japanese ? "牛乳 x2" : "milk x2")))
            state.apply(.submit)
        case .check: state.apply(.toggle)
        case .sort: state.apply(.cycleSort)
        case .lists: state.apply(.nextList)
        }
    }

    /// The help overlay open on a screen of the list, or in the tutorial.
    static func helpState(_ language: Language, _ topic: HelpTopic, width: Int, height: Int) -> AppState {
        var state: AppState
        switch topic {
        case .screen(let screen):
            state = listState(language, width: width, height: height)
            state.apply(.showScreen(screen))
        case .tutorial:
            state = introState(language, width: width, height: height)
        }
        state.apply(.toggleHelp)
        return state
    }

    /// The frame the view draws for a state, in the language its settings name.
    static func render(_ state: AppState) -> Frame {
        RootView.render(state, strings: Strings(state.settings.language ?? .en))
    }
}
