import KagoApp
import KagoState
import KagoStore

/// The store as the commands use it: every failure becomes the one-line runtime exit (1).
struct StoreAccess {
    let store: Store

    /// - Parameter readOnly: the command only reads, and reads every item and category, so a
    ///   damaged page it needs surfaces as `cannot read`; the whole-file scan that guards
    ///   writes is skipped (it would add half again to `list --json` with 10,000 items).
    init(_ startup: Startup, readOnly: Bool = false) throws(ExitError) {
        store = try startup.openStore(check: readOnly ? .header : .full, readOnlyIfNeeded: readOnly)
    }

    /// Items by id: all, to buy (`false`) or purchased (`true`).
    func items(purchased: Bool? = nil) throws(ExitError) -> [Item] {
        do { return try store.items(purchased: purchased) } catch { throw .runtime(error.message) }
    }

    /// Categories in store-walk order.
    func categories() throws(ExitError) -> [KagoState.Category] {
        do { return try store.categories() } catch { throw .runtime(error.message) }
    }

    /// Category names by id.
    func categoryNames() throws(ExitError) -> [Int64: String] { ItemLines.names(try categories()) }

    func perform(_ command: Command) throws(ExitError) -> ChangeSet {
        do { return try store.perform(command, now: SystemClock.now()) } catch { throw Self.exit(error) }
    }

    func insert(_ rows: [ImportRow], now: Timestamp) throws(ExitError) {
        do { _ = try store.insert(rows, now: now) } catch { throw Self.exit(error) }
    }

    /// Data the store refuses (a reserved name, a row over a limit) is the user's to fix: exit 2.
    static func exit(_ error: StoreError) -> ExitError {
        if case .refused(let reason) = error { return .usage(reason, hint: nil) }
        return .runtime(error.message)
    }
}

extension StoreAccess {
    /// Every list, in order, with its counts.
    func lists() throws(ExitError) -> [ShoppingList] {
        do { return try store.lists() } catch { throw .runtime(error.message) }
    }

    /// The list the command acts on.
    func currentList() throws(ExitError) -> ShoppingList {
        let id = store.listID
        guard let list = try lists().first(where: { $0.id == id }) else { throw .runtime("the list is gone") }
        return list
    }

    /// `kago check 12` needs no `-l` (SPEC §8): when the ITEMs are all ids, none on the current
    /// list and all on one other, the command acts on that list. A `-l` given is kept to.
    func followIDs(_ operands: [String], _ startup: Startup) throws(ExitError) {
        guard startup.listOption == nil, !operands.isEmpty else { return }
        var lists = Set<Int64>()
        for operand in operands {
            let text = operand.trimmingWhitespace()
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let id = Int64(text) else { return }
            guard let list = try run({ s throws(StoreError) in try s.listID(ofItem: id) }) else { return }
            lists.insert(list)
        }
        if lists.count == 1, let list = lists.first, list != store.listID { store.select(list: list) }
    }

    /// What the list has due again on `today` (SPEC §10), most overdue first.
    func due(today: Day) throws(ExitError) -> [DueItem] {
        let history = try run { s throws(StoreError) in try s.history() }
        let toBuy = Set(try items(purchased: false).map(\.name.matchKey))
        return DueAgain.items(history, today: today, onToBuy: toBuy.contains)
    }

    /// Runs a store call, its refusals the user's to fix (exit 2), other failures exit 1.
    func run<T>(_ body: (Store) throws(StoreError) -> T) throws(ExitError) -> T {
        do { return try body(store) } catch { throw Self.exit(error) }
    }
}
