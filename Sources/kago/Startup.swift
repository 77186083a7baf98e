import KagoApp
import KagoState
import KagoStore
import KagoView

/// What every entry point needs before doing anything: paths, settings and language.
struct Startup {
    let environment: [String: String]
    let paths: XDGPaths
    let settings: Settings
    /// Config lines kago could not use, or why the config could not be read at all.
    let problems: [ConfigProblem]
    let configUnreadable: String?
    let language: Language
    /// The list `-l/--list` names, if any.
    var listOption: String?

    /// Resolves paths and reads the config; a bad config never stops kago.
    static func load(environment env: [String: String]) throws(ExitError) -> Startup {
        guard let paths = XDGPaths.resolve(environment: env) else {
            throw .runtime("cannot find the home directory: HOME is not set to an absolute path",
                           hint: "Set HOME, or XDG_CONFIG_HOME and XDG_DATA_HOME.")
        }
        var settings = Settings()
        var problems: [ConfigProblem] = []
        var unreadable: String?
        switch ConfigStore.read(path: paths.configFile) {
        case .missing: break
        case .loaded(let file): (settings, problems) = file.settings()
        case .unreadable(let reason): unreadable = reason
        }
        let language = settings.language ?? languageFromLocale(env)
        return Startup(environment: env, paths: paths, settings: settings, problems: problems,
                       configUnreadable: unreadable, language: language)
    }

    /// The theme the settings and NO_COLOR ask for.
    var theme: Theme {
        Theme.resolve(settings.theme, noColor: !(environment["NO_COLOR"] ?? "").isEmpty,
                      colorFGBG: environment["COLORFGBG"])
    }

    /// Opens the store, turning its errors into the one-line exit (SPEC §7).
    /// - Parameter readOnlyIfNeeded: a file kago may not write is opened for reading.
    /// The store works on the current list (SPEC §8).
    func openStore(check: OpenCheck = .full, readOnlyIfNeeded: Bool = false) throws(ExitError) -> Store {
        let store: Store
        do {
            store = try Store.open(path: paths.databaseFile, check: check, readOnlyIfNeeded: readOnlyIfNeeded,
                                   firstListName: Startup.firstListName(language), localDay: SystemClock.localDay)
        } catch {
            throw .runtime(error.message, hint: Startup.hint(for: error))
        }
        store.select(list: try ListResolver.current(store, option: listOption, config: settings.list).id)
        return store
    }

    /// The name a new database's list gets.
    static func firstListName(_ language: Language) -> String { language == .ja ? "買い物" : "Shopping" }

    /// What to do next, for the errors where the way out is not obvious from the message.
    static func hint(for error: StoreError) -> String? {
        if error.isDamage { return "The file was left untouched; move it aside to start a new list." }
        if case .newerSchema = error { return "The file was left untouched." }
        return nil
    }
}
