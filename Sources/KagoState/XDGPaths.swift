/// Where kago keeps its config and data (SPEC §2, XDG Base Directory).
public struct XDGPaths: Equatable, Sendable {
    public var configDirectory: String
    public var dataDirectory: String

    /// The config file, `…/kago/config`.
    public var configFile: String { configDirectory + "/config" }
    /// The database, `…/kago/kago.sqlite3`.
    public var databaseFile: String { dataDirectory + "/kago.sqlite3" }

    /// Resolves the paths from the environment.
    ///
    /// XDG variables that are unset, empty or relative are ignored, as the XDG spec says.
    /// - Returns: nil when neither an absolute XDG variable nor an absolute `HOME` is available.
    public static func resolve(environment env: [String: String]) -> XDGPaths? {
        func base(_ variable: String, _ fallback: String) -> String? {
            if let v = env[variable], v.hasPrefix("/") { return trimSlashes(v) }
            guard let home = env["HOME"], home.hasPrefix("/") else { return nil }
            return trimSlashes(home) + "/" + fallback
        }
        guard let config = base("XDG_CONFIG_HOME", ".config"),
              let data = base("XDG_DATA_HOME", ".local/share") else { return nil }
        return XDGPaths(configDirectory: config + "/kago", dataDirectory: data + "/kago")
    }

    static func trimSlashes(_ p: String) -> String {
        var s = Substring(p)
        while s.count > 1 && s.hasSuffix("/") { s = s.dropLast() }
        return s == "/" ? "" : String(s)
    }

    public init(configDirectory: String, dataDirectory: String) {
        self.configDirectory = configDirectory
        self.dataDirectory = dataDirectory
    }
}

/// The language the locale variables ask for: the first set of LC_ALL, LC_MESSAGES, LANG.
public func languageFromLocale(_ env: [String: String]) -> Language {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        if let v = env[name], !v.isEmpty { return v.hasPrefix("ja") ? .ja : .en }
    }
    return .en
}
