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
        state = AppState(settings: settings, language: .en, clock: LocalClock(today: Self.today),
                         showIntro: random.chance(0.3))
        state.apply(.resize(width: 80, height: 24))
        for _ in 0..<random.int(in: 0...12) { _ = store.perform(.add(randomDraft()), now: now) }
        state.apply(.loaded(store.snapshot))
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
            } else if let changes = store.perform(command, now: now) {
                guard !store.changedElsewhere else {
                    failures += 1
                    elsewhereRefusals += 1
                    state.apply(.changedElsewhere(context))
                    continue
                }
                state.apply(.committed(changes, context))
            } else {
                failures += 1
                state.apply(.commitFailed(.saveFailed("refused"), context))
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
        let changes = store.perform(command, now: now)
        trace.append(.elsewhere(command))
        // Half the time through the change feed (the rows as they are now), else a reload.
        guard let changes, random.chance(0.5) else { return run(.loaded(store.snapshot)) }
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
        if state.items != store.items { return "the state's items differ from the store's" }
        if state.categories != store.categories { return "the state's categories differ from the store's" }
        let items = store.items.values
        let toBuy = Set(items.filter { !$0.isPurchased }.map(\.id))
        let purchased = Set(items.filter(\.isPurchased).map(\.id))
        if state.toBuyCount != toBuy.count || state.purchasedCount != purchased.count {
            return "tab counts \(state.toBuyCount)/\(state.purchasedCount), lists \(toBuy.count)/\(purchased.count)"
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
        if state.categoryCounts != counts { return "category counts \(state.categoryCounts), expected \(counts)" }

        for screen in Screen.allCases {
            let list = state.lists[screen]!
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
            state.lists[screen]!.rows.compactMap { if case .item(let id) = $0 { id } else { nil } }
        }
        let shownToBuy = ids(.toBuy), shownPurchased = ids(.purchased)
        let toBuyWhole = state.lists[.toBuy]!.filter.isEmpty && state.scope == nil
        if toBuyWhole ? Set(shownToBuy) != toBuy : !Set(shownToBuy).isSubset(of: toBuy) {
            return "To buy shows \(shownToBuy), the list is \(toBuy.sorted())"
        }
        let purchasedWhole = state.lists[.purchased]!.filter.isEmpty
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
        if state.lists[.categories]!.filter.isEmpty, state.lists[.categories]!.rows != walk + [.category(nil)] {
            return "Categories shows \(state.lists[.categories]!.rows), the store walk is \(walk)"
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
    var items: [Int64: Item]
    var categories: [Int64: Category]
    var rows: [[ListRow]]

    init(_ state: AppState) {
        items = state.items
        categories = state.categories
        rows = Screen.allCases.map { state.lists[$0]!.rows }
    }

    var description: String {
        "items \(items.keys.sorted()), categories \(categories.keys.sorted()), rows \(rows)"
    }
}

// MARK: - The store, in memory

/// The store's side of a commit: each command changes rows as `Store.perform` does and returns
/// them as a change set (a row touched twice keeps its first `before` and its last `after`;
/// rows that end as they began are left out). Ids are never reused.
struct MemoryStore {
    private(set) var items: [Int64: Item] = [:]
    private(set) var categories: [Int64: Category] = [:]
    private var lastItemID: Int64 = 0
    private var lastCategoryID: Int64 = 0
    private var itemLog: [RowChange<Item>] = []
    private var categoryLog: [RowChange<Category>] = []
    /// Purchased items numbered in check order, as the database's triggers number them.
    private(set) var checkOrder: [Int64: Int] = [:]
    private var checks = 0
    /// Whether the last restore was refused because its rows had changed since (nothing written).
    private(set) var changedElsewhere = false

    /// The data as kago reads it at start-up or after another process changed it.
    var snapshot: Snapshot {
        let rows = items.values.sorted { $0.id < $1.id }
        return Snapshot(items: rows, categories: categories.values.sorted { $0.id < $1.id },
                        knownNames: rows.reversed().map(\.name), checkOrder: checkOrder)
    }

    /// Carries out a command in one "transaction".
    /// - Returns: the rows it changed, or nil when the store refuses (nothing is changed then).
    mutating func perform(_ command: Command, now: Timestamp) -> ChangeSet? {
        let saved = (items, categories, lastItemID, lastCategoryID)
        itemLog = []
        categoryLog = []
        changedElsewhere = false
        guard carryOut(command, now: now) else {
            (items, categories, lastItemID, lastCategoryID) = saved
            return nil
        }
        if changedElsewhere {
            (items, categories, lastItemID, lastCategoryID) = saved
            return ChangeSet()
        }
        let changes = ChangeSet(items: itemLog.filter { $0.before != $0.after },
                                categories: categoryLog.filter { $0.before != $0.after })
        for change in changes.items where change.after?.isPurchased == true && change.before?.isPurchased != true {
            checks += 1
            checkOrder[change.id] = checks
        }
        return changes
    }

    private mutating func carryOut(_ command: Command, now: Timestamp) -> Bool {
        switch command {
        case .addAll(let drafts):
            return drafts.allSatisfy { carryOut(.add($0), now: now) }
        case .add(let draft):
            guard named(draft.name) else { return false }
            lastItemID += 1
            let category = nonEmpty(draft.category).map { ensureCategory($0) }
            put(item: Item(id: lastItemID, name: draft.name, quantity: nonEmpty(draft.quantity), categoryID: category?.id,
                           date: draft.date, note: nonEmpty(draft.note), createdAt: now))
        case .edit(let id, let draft):
            guard var item = items[id], named(draft.name) else { return false }
            item.name = draft.name
            item.quantity = nonEmpty(draft.quantity)
            item.categoryID = nonEmpty(draft.category).map { ensureCategory($0).id }
            item.date = draft.date
            item.note = nonEmpty(draft.note)
            put(item: item)
        case .setPurchased(let ids, let purchased):
            for id in ids {
                guard var item = items[id], item.isPurchased != purchased else { continue }
                item.purchasedAt = purchased ? now : nil
                put(item: item)
            }
        case .delete(let ids):
            for id in ids where items[id] != nil { Self.record(&itemLog, &items, id, nil) }
        case .clearPurchased:
            for id in items.keys.sorted() where items[id]!.isPurchased { Self.record(&itemLog, &items, id, nil) }
        case .addCategory(let name):
            guard named(name) else { return false }
            _ = ensureCategory(name)
        case .renameCategory(let id, let name):
            guard named(name), var renamed = categories[id] else { return false }
            if let other = category(named: name), other.id != id {
                // Onto another category's name: merge into that one.
                for var item in itemsIn(id) {
                    item.categoryID = other.id
                    put(item: item)
                }
                delete(renamed)
            } else if renamed.name != name {
                renamed.name = name
                put(category: renamed)
            }
        case .deleteCategory(let id):
            if let category = categories[id] { delete(category) }
        case .moveCategory(let id, let offset):
            var order = categories.values.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
            guard let from = order.firstIndex(where: { $0.id == id }) else { return false }
            let to = min(max(from + offset, 0), order.count - 1)
            guard to != from else { return true }
            let positions = order.map(\.position)
            order.insert(order.remove(at: from), at: to)
            for (index, var category) in order.enumerated() {
                category.position = Set(positions).count == positions.count ? positions[index] : index
                put(category: category)
            }
        case .restore(let target):
            return restore(target)
        }
        return true
    }

    /// As `Store.restore`: only rows still as `before`, touching nothing outside `target`.
    private mutating func restore(_ target: ChangeSet) -> Bool {
        guard target.items.allSatisfy({ items[$0.id] == $0.before }),
              target.categories.allSatisfy({ categories[$0.id] == $0.before }) else {
            changedElsewhere = true
            return true
        }
        defer {
            let ids = (Set(target.items.map(\.id)), Set(target.categories.map(\.id)))
            if !itemLog.allSatisfy({ ids.0.contains($0.id) || $0.before == $0.after })
                || !categoryLog.allSatisfy({ ids.1.contains($0.id) || $0.before == $0.after }) {
                changedElsewhere = true
            }
        }
        for change in target.items where change.after == nil && items[change.id] != nil {
            Self.record(&itemLog, &items, change.id, nil)
        }
        for change in target.categories where change.after == nil {
            if let category = categories[change.id] { delete(category) }
        }
        for change in target.categories {
            guard let after = change.after else { continue }
            if let other = category(named: after.name), other.id != after.id { return false }
            put(category: after)
        }
        for change in target.items {
            guard var after = change.after else { continue }
            if let id = after.categoryID, categories[id] == nil { after.categoryID = nil }
            put(item: after)
        }
        return true
    }

    // MARK: Rows

    private func named(_ name: String) -> Bool { !name.allSatisfy(\.isWhitespace) }

    private func nonEmpty(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }

    private func category(named name: String) -> Category? {
        categories.values.sorted { $0.id < $1.id }.first { $0.name.matchKey == name.matchKey }
    }

    private func itemsIn(_ categoryID: Int64) -> [Item] {
        items.values.filter { $0.categoryID == categoryID }.sorted { $0.id < $1.id }
    }

    private mutating func ensureCategory(_ name: String) -> Category {
        if let existing = category(named: name) { return existing }
        lastCategoryID += 1
        let created = Category(id: lastCategoryID, name: name, position: (categories.values.map(\.position).max() ?? -1) + 1)
        put(category: created)
        return created
    }

    /// Deletes a category, its items becoming uncategorised (each recorded, for undo).
    private mutating func delete(_ category: Category) {
        for var item in itemsIn(category.id) {
            item.categoryID = nil
            put(item: item)
        }
        Self.record(&categoryLog, &categories, category.id, nil)
    }

    private mutating func put(item: Item) { Self.record(&itemLog, &items, item.id, item) }

    private mutating func put(category: Category) { Self.record(&categoryLog, &categories, category.id, category) }

    /// Writes a row (nil deletes it) and logs it.
    private static func record<Row>(_ log: inout [RowChange<Row>], _ table: inout [Int64: Row], _ id: Int64, _ row: Row?) {
        if let i = log.firstIndex(where: { $0.id == id }) {
            log[i].after = row
        } else {
            log.append(RowChange(id: id, before: table[id], after: row))
        }
        table[id] = row
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
