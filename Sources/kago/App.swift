import Glibc
import KagoState
import KagoStore
import KagoTerminal
import KagoApp
import KagoView

extension App {
    /// Opens the list in the terminal.
    /// - Parameter forceIntro: show the tutorial even if it was seen (`--intro`).
    static func run(_ startup: Startup, forceIntro: Bool) throws(ExitError) {
        do { try Terminal.checkAvailable(environment: startup.environment) } catch { throw .runtime(error.message) }
        // The page scan waits until the first frame is up (see `start`).
        let store = try startup.openStore(check: .header, readOnlyIfNeeded: true)
        let strings = Strings(startup.language)
        // Never seen (or unreadable): the whole tutorial; an earlier one: what is new since.
        var state = AppState(settings: startup.settings, clock: SystemClock.local(),
                             showIntro: forceIntro || startup.settings.introSeen <= 0,
                             problems: startup.problems, listID: store.listID, practiceSeed: PracticeSeed(strings: strings))
        if let reason = startup.configUnreadable { state.message = ShownMessage(message: .configUnreadable(reason)) }
        if store.isReadOnly { state.message = ShownMessage(message: .readOnly) }
        let terminal: Terminal
        do {
            terminal = try Terminal(environment: startup.environment, theme: startup.theme, mouse: startup.settings.mouse)
        } catch {
            throw .runtime(error.message)
        }
        let app = App(state: state, store: store, terminal: terminal, strings: strings, configPath: startup.paths.configFile,
                      syncRunner: startup.settings.sync.url == nil ? nil : SyncChild(environment: startup.environment))
        do {
            try app.run()
        } catch {
            terminal.close()
            throw .runtime(error.message, hint: Startup.hint(for: error))
        }
        terminal.close()
        store.close()
        // Every change was committed as it happened. Freeing the list item by item (tens of
        // milliseconds with 100,000 items) would only keep the shell waiting for its prompt.
        _exit(0)
    }
}
