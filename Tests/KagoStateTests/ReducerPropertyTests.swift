import Foundation
@testable import KagoState
import KagoTestSupport
import XCTest

/// Random action sequences on the reducer, with an in-memory store answering its commits the way
/// `Store.perform` does. After every action the state must hold its invariants, and undoing then
/// redoing the last change must give back the same data and rows.
///
/// Seeded and reproducible: a failure names its seed and the actions that led to it, and
/// `KAGO_REDUCER_SEED=N swift test --filter ReducerPropertyTests` replays that session alone.
final class ReducerPropertyTests: XCTestCase {
    static let sessions: [UInt64] = Array(1...80)
    static let steps = 500

    func testRandomSessionsKeepTheInvariants() {
        let chosen = ProcessInfo.processInfo.environment["KAGO_REDUCER_SEED"].flatMap(UInt64.init)
        var undoRedoChecks = 0
        var elsewhereRefusals = 0
        for seed in chosen.map({ [$0] }) ?? Self.sessions {
            var session = Session(seed: seed)
            for step in 0..<Self.steps {
                guard let problem = session.step() else { continue }
                XCTFail("seed \(seed), step \(step): \(problem)\nlast actions:\n  "
                        + session.trace.suffix(15).map { "\($0)" }.joined(separator: "\n  "))
                break
            }
            undoRedoChecks += session.undoRedoChecks
            elsewhereRefusals += session.elsewhereRefusals
        }
        if chosen == nil {
            XCTAssertGreaterThan(undoRedoChecks, 100, "sessions reach the undo-then-redo check too seldom")
            XCTAssertGreaterThan(elsewhereRefusals, 10, "sessions reach an undo of rows changed elsewhere too seldom")
        }
    }
}

// MARK: - A session

/// One random session: the reducer's state, the store behind it, and the actions so far.
struct Session {
    var random: SplitMix
    var state: AppState
    var store = MemoryStore()
    /// The store's clock; it often stays within one second, so purchase times tie.
    var now: Timestamp = 1_800_000_000
    var milliseconds = 0.0
    /// Items checked in this session, by the order of their latest check (what Purchased lists first).
    /// Commits that failed or were refused; an undo-then-redo check is void when one did.
    var failures = 0
    /// How many times undo then redo was compared.
    var undoRedoChecks = 0
    /// Undos and redos refused because another process had changed their rows.
    var elsewhereRefusals = 0
    var trace: [Event] = []

    static let today = Day(year: 2026, month: 12, day: 2)!
    /// Text typed into the input line: tokens of the quick-add syntax, names that complete, oddities.
    static let typed = ["milk", "Mi", " ", "x2", "500g", "#dairy", "#d", "#\"frozen food\"", "#Fruit", "@tomorrow",
                        "@fri", "@bogus", "--", "note", "牛乳", "#乳製品", "\"", "a", "\u{301}", "\t", "bread @+3"]

    init(seed: UInt64) {
        random = SplitMix(seed: seed)
        var settings = Settings()
        settings.animations = random.chance(0.5)
        settings.sort = random.pick(SortMode.allCases)
        state = AppState(settings: settings, clock: LocalClock(today: Self.today),
                         showIntro: random.chance(0.3))
        state.apply(.resize(width: 80, height: 24))
        for _ in 0..<random.int(in: 0...12) { _ = try? store.perform(.add(randomDraft()), now: now) }
        state.apply(.loaded(store.load()))
    }

    /// Takes one random step; returns what went wrong, if anything.
    mutating func step() -> String? {
        let roll = random.int(in: 0...99)
        if roll < 3 { return changeElsewhere() }
        if roll < 10 { return undoThenRedo() }
        return run(randomAction())
    }

    /// Applies an action, carries out its effects as the run loop would, then checks the invariants.
    mutating func run(_ action: Action) -> String? {
        trace.append(.action(action))
        for effect in state.apply(action) {
            guard case .commit(let command, let context) = effect else { continue }
            now += Timestamp(random.int(in: 0...1))
            if random.chance(0.03) {
                failures += 1
                state.apply(.commitFailed(.saveFailed("disk full"), context))
            } else {
                do {
                    state.apply(.committed(try store.perform(command, now: now), context))
                } catch .changedElsewhere {
                    failures += 1
                    elsewhereRefusals += 1
                    state.apply(.changedElsewhere(context))
                } catch {
                    failures += 1
                    state.apply(.commitFailed(.saveFailed("refused"), context))
                }
            }
        }
        return invariantViolation()
    }

    /// Another kago changes the data; this one reloads, as it does when the file changes.
    ///
    /// It may touch the items this session's undo history holds: undo and redo then leave them
    /// as the other process made them (the store refuses), and the state must still mirror it.
    mutating func changeElsewhere() -> String? {
        let ids = store.items.keys.sorted()
        let command: Command
        if random.chance(0.5) || ids.isEmpty {
            command = .add(randomDraft())
        } else {
            let id = random.pick(ids)
            command = random.chance(0.5) ? .delete(ids: [id]) : .setPurchased(ids: [id], random.chance(0.5))
        }
        now += 1
        let changes = try? store.perform(command, now: now)
        trace.append(.elsewhere(command))
        // Half the time through the change feed (the rows as they are now), else a reload.
        guard let changes, random.chance(0.5) else { return run(.loaded(store.load())) }
        return run(.changedOutside(items: Dictionary(uniqueKeysWithValues: changes.items.map { ($0.id, $0.after) }),
                                   categories: Dictionary(uniqueKeysWithValues: changes.categories.map { ($0.id, $0.after) })))
    }

    /// Undo then redo the last change, in a list screen: the data and every screen's rows come back.
    mutating func undoThenRedo() -> String? {
        guard !state.undoStack.isEmpty, [.toBuy, .purchased, .categories].contains(state.keyMode) else {
            return nil
        }
        let before = Picture(state)
        let failed = failures
        if let problem = run(.undo) { return problem }
        if let problem = run(.redo) { return problem }
        guard failures == failed else { return nil }
        undoRedoChecks += 1
        let after = Picture(state)
        guard after != before else { return nil }
        return "undo then redo changed the state:\n  before: \(before)\n  after:  \(after)"
    }

    // MARK: Random input

    mutating func randomDraft() -> ItemDraft {
        let names = ["milk", "Milk", "bread", "eggs", "牛乳", "Coke 500ml", "apples", "tofu", "rice", "soap"]
        let categories = [nil, "dairy", "Dairy", "fruit", "乳製品", "frozen food"]
        return ItemDraft(name: random.pick(names), quantity: random.chance(0.3) ? "2" : nil,
                         category: random.pick(categories),
                         date: random.chance(0.5) ? Self.today.adding(days: random.int(in: -3...10)) : nil,
                         note: random.chance(0.2) ? "note" : nil)
    }

    mutating func randomAction() -> Action {
        let rows = state.list.rows.count
        switch random.int(in: 0...39) {
        case 0: return .resize(width: random.int(in: 1...120), height: random.int(in: 1...40))
        case 1:
            milliseconds += Double(random.int(in: 0...6000))
            return .tick(now: milliseconds)
        case 2: return .clock(LocalClock(today: Self.today.adding(days: random.int(in: -1...8))))
        case 3: return .nextScreen
        case 4: return .previousScreen
        case 5: return .showScreen(random.pick(Screen.allCases))
        case 6, 7: return .move(random.int(in: -5...5))
        case 8: return random.chance(0.5) ? .moveToTop : .moveToBottom
        case 9: return random.chance(0.5) ? .pageDown : .pageUp
        case 10: return .selectRow(random.int(in: -2...rows + 2))
        case 11: return .scroll(random.int(in: -10...10))
        case 12: return .undo
        case 13: return .redo
        case 14: return random.chance(0.5) ? .toggleHelp : .helpScroll(random.int(in: -5...5))
        case 15: return .startFilter
        case 16: return .clearFilter
        case 17, 18, 19: return .line(.insert(random.pick(Self.typed)))
        case 20: return .line(random.pick([.backspace, .deleteForward, .left, .right, .home, .end, .killToStart, .killToEnd,
                                           .killWord, .complete]))
        case 21, 22: return .submit
        case 23: return .cancel
        case 24, 25: return .startAdd
        case 26: return .startEdit
        case 27, 28: return .toggle
        case 29: return .delete
        case 30: return .cycleSort
        case 31: return .clearPurchased
        case 32: return .answer(random.chance(0.7))
        case 33: return .toggleRow(random.int(in: -1...rows))
        case 34: return .openCategory
        case 35: return random.chance(0.5) ? .startAddCategory : .startRenameCategory
        case 36: return .deleteCategory
        case 37: return .moveCategory(random.chance(0.5) ? -1 : 1)
        case 38: return random.pick([.introNext, .introBack, .introConfirm, .introSkip, .replayTutorial])
        default: return .introGoTo(random.int(in: -1...3))
        }
    }

    // MARK: Invariants

    /// The first invariant that does not hold, in words.
    func invariantViolation() -> String? {
        if state.model.items != ItemTable(store.items.values) { return "the state's items differ from the store's" }
        if state.model.categories != store.categories { return "the state's categories differ from the store's" }
        let items = store.items.values
        let toBuy = Set(items.filter { !$0.isPurchased }.map(\.id))
        let purchased = Set(items.filter(\.isPurchased).map(\.id))
        if state.model.toBuyCount != toBuy.count || state.model.purchasedCount != purchased.count {
            return "tab counts \(state.model.toBuyCount)/\(state.model.purchasedCount), lists \(toBuy.count)/\(purchased.count)"
        }
        var counts: [Int64?: ItemCounts] = [:]
        for item in items {
            let key = item.categoryID.flatMap { store.categories[$0] == nil ? nil : $0 }
            if item.isPurchased {
                counts[key, default: ItemCounts()].purchased += 1
            } else {
                counts[key, default: ItemCounts()].toBuy += 1
            }
        }
        if state.model.categoryCounts != counts { return "category counts \(state.model.categoryCounts), expected \(counts)" }
        // What the deltas maintain must equal counting and sorting everything again.
        let rebuilt = state.model.rebuilt()
        if (rebuilt.toBuyCount, rebuilt.purchasedCount) != (state.model.toBuyCount, state.model.purchasedCount)
            || rebuilt.categoryCounts != state.model.categoryCounts {
            return "counts by delta differ from a rebuild"
        }
        let found = state.model.everyMatchFound()
        for screen in Screen.allCases where rebuilt.screens[screen]!.rows != found.screens[screen]!.rows {
            return "\(screen) rows by delta \(found.screens[screen]!.rows), rebuilt \(rebuilt.screens[screen]!.rows)"
        }
        for screen in Screen.allCases {
            let rows = state.model.screens[screen]!.rows, whole = found.screens[screen]!.rows
            if Array(whole.prefix(rows.count)) != rows { return "\(screen) shows \(rows), not the start of \(whole)" }
            if rows.count < whole.count, rows.count < state.model.screens[screen]!.scroll + state.listHeight {
                return "\(screen) has found \(rows.count) matches, too few to fill its screen"
            }
        }

        for screen in Screen.allCases {
            let list = state.model.screens[screen]!
            let rows = list.rows
            if Set(rows).count != rows.count { return "\(screen) lists a row twice: \(rows)" }
            if rows.isEmpty ? list.selection != 0 : !rows.indices.contains(list.selection) {
                return "\(screen) selection \(list.selection) outside its \(rows.count) rows"
            }
            if rows.contains(where: \.isSelectable), !rows[list.selection].isSelectable {
                return "\(screen) selection \(list.selection) rests on a header: \(rows)"
            }
            let maxScroll = max(0, rows.count - state.listHeight)
            if !(0...maxScroll).contains(list.scroll) { return "\(screen) scroll \(list.scroll) outside 0...\(maxScroll)" }
            let following = rows.dropFirst().map(Optional.some) + [nil]
            for (row, next) in zip(rows, following) where !row.isSelectable && next?.isSelectable != true {
                return "\(screen) has a header with no item under it: \(rows)"
            }
        }
        return rowsViolation(toBuy: toBuy, purchased: purchased)
    }

    /// Each screen lists exactly its items (all of them when not filtered), Purchased in its order.
    func rowsViolation(toBuy: Set<Int64>, purchased: Set<Int64>) -> String? {
        func ids(_ screen: Screen) -> [Int64] {
            state.model.screens[screen]!.rows.compactMap { if case .item(let id) = $0 { id } else { nil } }
        }
        let shownToBuy = ids(.toBuy), shownPurchased = ids(.purchased)
        let toBuyWhole = state.model.screens[.toBuy]!.filter.isEmpty && state.model.scope == nil
        if toBuyWhole ? Set(shownToBuy) != toBuy : !Set(shownToBuy).isSubset(of: toBuy) {
            return "To buy shows \(shownToBuy), the list is \(toBuy.sorted())"
        }
        let purchasedWhole = state.model.screens[.purchased]!.filter.isEmpty
        if purchasedWhole ? Set(shownPurchased) != purchased : !Set(shownPurchased).isSubset(of: purchased) {
            return "Purchased shows \(shownPurchased), the list is \(purchased.sorted())"
        }
        let newestFirst = shownPurchased.sorted {
            let a = store.items[$0]!, b = store.items[$1]!
            return (a.purchasedAt!, store.checkOrder[a.id] ?? 0, a.id) > (b.purchasedAt!, store.checkOrder[b.id] ?? 0, b.id)
        }
        if shownPurchased != newestFirst {
            return "Purchased shows \(shownPurchased); newest first, the last checked first, is \(newestFirst)"
        }
        let walk = store.categories.values.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
            .map { ListRow.category($0.id) }
        if state.model.screens[.categories]!.filter.isEmpty, state.model.screens[.categories]!.rows != walk + [.category(nil)] {
            return "Categories shows \(state.model.screens[.categories]!.rows), the store walk is \(walk)"
        }
        return nil
    }
}

/// What a session did, described only when a failure shows it: describing every action is slow.
enum Event {
    case action(Action)
    /// Another kago carried out a command.
    case elsewhere(Command)
}

/// What undo then redo must give back: the data and the rows of every screen.
struct Picture: Equatable, CustomStringConvertible {
    var items: ItemTable
    var categories: [Int64: Category]
    var rows: [[ListRow]]

    init(_ state: AppState) {
        items = state.model.items
        categories = state.model.categories
        let found = state.model.everyMatchFound()
        rows = Screen.allCases.map { found.screens[$0]!.rows }
    }

    var description: String {
        "items \(items.ids.sorted()), categories \(categories.keys.sorted()), rows \(rows)"
    }
}

extension SplitMix {
    /// A whole number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// One of `options`, which must not be empty.
    mutating func pick<T>(_ options: [T]) -> T { options.randomElement(using: &self)! }
}
