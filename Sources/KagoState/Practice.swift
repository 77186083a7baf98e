/// The lists the tutorial's practice starts with, named in the user's language.
public struct PracticeSeed: Equatable, Sendable {
    /// One practice list: its name and the items on it.
    public struct List: Equatable, Sendable {
        public var name: String
        public var items: [ItemDraft]

        public init(name: String, items: [ItemDraft]) {
            self.name = name
            self.items = items
        }
    }

    /// The first list is the one on show; page 4 switches between them.
    public var lists: [List]

    public init(lists: [List]) {
        self.lists = lists
    }

    /// The English seed, for states made without the view's strings (tests).
    public static let english = PracticeSeed(lists: [
        List(name: "Shopping", items: [ItemDraft(name: "bread", category: "bakery"), ItemDraft(name: "eggs", category: "dairy")]),
        List(name: "Drugstore", items: [ItemDraft(name: "soap")]),
    ])
}

/// A value kept out of line, so a state can hold a state of its own type (the practice list's).
public enum Indirect<Value: Equatable & Sendable>: Equatable, Sendable {
    indirect case value(Value)

    public var wrapped: Value {
        get { switch self { case .value(let v): return v } }
        set { self = .value(newValue) }
    }
}

/// The tutorial's practice lists (SPEC §3): a To buy screen that works like the real one, because
/// it is the real one (an `AppState` and its reducer), with its commits carried out by memory
/// stores instead of the database.
public struct Practice: Equatable, Sendable {
    private var state: Indirect<AppState>
    private var stores: [Int64: MemoryStore] = [:]
    private var names: [Int64: String] = [:]
    /// What the stores are told the time is: the practice needs an order, not the time.
    private var now: Timestamp = 0

    /// The practice list as the view draws it.
    public var app: AppState { state.wrapped }

    /// A fresh practice: the seed's lists and items, the first list on show.
    init(seed: PracticeSeed, settings: Settings, clock: LocalClock) {
        var settings = settings
        // The practice is a list, never a tutorial of its own.
        settings.introSeen = Tutorial.version
        for (i, list) in seed.lists.enumerated() {
            let id = Int64(i + 1)
            var store = MemoryStore()
            for item in list.items { _ = try? store.perform(.add(item), now: now) }
            stores[id] = store
            names[id] = list.name
        }
        var app = AppState(settings: settings, clock: clock, showIntro: false, listID: 1)
        app.apply(.loaded(stores[1]?.load() ?? Snapshot()))
        app.apply(.listsLoaded(Self.lists(stores, names)))
        state = .value(app)
    }

    /// The practice lists with their counts, in order.
    private var lists: [ShoppingList] { Self.lists(stores, names) }

    private static func lists(_ stores: [Int64: MemoryStore], _ names: [Int64: String]) -> [ShoppingList] {
        stores.keys.sorted().map { id in
            let items = stores[id]!.items.values
            let purchased = items.filter(\.isPurchased).count
            return ShoppingList(id: id, name: names[id] ?? "", position: Int(id),
                                counts: ItemCounts(toBuy: items.count - purchased, purchased: purchased))
        }
    }

    /// Applies an action to the practice list, carrying out its commits in memory.
    /// - Returns: the lessons the action carried out.
    mutating func apply(_ action: Action) -> Set<Lesson> {
        var app = state.wrapped
        let before = (sort: app.model.sort, list: app.model.listID)
        var learned = Set<Lesson>()
        var pending = app.apply(action)
        while !pending.isEmpty {
            switch pending.removeFirst() {
            case .commit(let command, let context):
                learned.formUnion(perform(command, context, in: &app, then: &pending))
            case .openList(let id):
                pending += app.apply(.loaded(stores[id]?.load() ?? Snapshot()))
            case .saveIntroSeen, .sync, .redraw, .quit:
                // Not the practice's to do: nothing of it is saved, synced or quit.
                break
            }
        }
        if app.model.sort != before.sort { learned.insert(.sort) }
        if app.model.listID != before.list { learned.insert(.lists) }
        state = .value(app)
        return learned
    }

    /// Carries out one commit as the run loop does against the database.
    private mutating func perform(_ command: Command, _ context: CommitContext, in app: inout AppState,
                                  then pending: inout [Effect]) -> Set<Lesson> {
        // An undo belongs to the list it was made in, which the reducer has already gone to.
        let listID: Int64
        switch context.role {
        case .record: listID = app.model.listID
        case .undo(let entry), .redo(let entry): listID = entry.listID
        }
        guard var store = stores[listID] else { return [] }
        now += 1
        do {
            let changes = try store.perform(command, now: now)
            stores[listID] = store
            pending += app.apply(.committed(changes, context))
            pending += app.apply(.listsLoaded(lists))
            guard context.role == .record else { return [] }
            var learned = Set<Lesson>()
            if changes.items.contains(where: { $0.before == nil && $0.after != nil }) { learned.insert(.add) }
            if changes.items.contains(where: { $0.after?.isPurchased == true && $0.before?.isPurchased == false }) {
                learned.insert(.check)
            }
            return learned
        } catch .changedElsewhere {
            pending += app.apply(.changedElsewhere(context))
        } catch {
            pending += app.apply(.commitFailed(.saveFailed("not saved"), context))
        }
        return []
    }
}
