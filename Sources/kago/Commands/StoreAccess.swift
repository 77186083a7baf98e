import KagoState
import KagoStore

/// The store as the commands use it: every failure becomes the one-line runtime exit (1).
struct StoreAccess {
    let store: Store

    init(_ startup: Startup) throws(ExitError) { store = try startup.openStore() }

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
        do { return try store.perform(command, now: SystemClock.now()) } catch { throw .runtime(error.message) }
    }

    func insert(_ rows: [ImportRow], now: Timestamp) throws(ExitError) {
        do { _ = try store.insert(rows, now: now) } catch { throw .runtime(error.message) }
    }
}
