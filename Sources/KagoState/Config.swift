/// Which language the UI speaks.
public enum Language: String, Sendable, CaseIterable {
    case en, ja
}

/// The colour scheme; `mono` uses attributes only.
public enum ThemeName: String, Sendable, CaseIterable {
    case auto, dark, light, mono
}

/// How the to-buy list is ordered; `s` cycles through them in this order.
public enum SortMode: String, Sendable, CaseIterable {
    case date, category, name, added

    /// The sort after this one in the `s` cycle.
    public var next: SortMode {
        let all = SortMode.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}

/// The user's preferences, read from the config file (SPEC §2).
public struct Settings: Equatable, Sendable {
    public var introSeen = 0
    /// nil means `auto`: decided from the locale variables.
    public var language: Language?
    public var theme: ThemeName = .auto
    public var animations = true
    public var sort: SortMode = .date
    public var mouse = true
    /// The list kago opens and the CLI acts on (SPEC §8); nil: the one last opened.
    public var list: String?
    /// Whether To buy ends with the Due again group (SPEC §10).
    public var suggestions = true
    /// The CalDAV account (SPEC §9).
    public var sync = SyncSettings()

    public init() {}
}

/// The `sync.*` keys: kago never writes them.
public struct SyncSettings: Equatable, Sendable {
    public var url: String?
    public var username: String?
    public var passwordCommand: String?
    public var password: String?
    /// Seconds between syncs in the TUI; 0: only on S.
    public var interval = 60
    public var insecureHTTP = false
    public var caFile: String?

    public init() {}
}

/// The config file as lines, so a rewrite can keep every other line byte for byte.
///
/// Lines are kept as raw bytes (invalid UTF-8 and CR included); only the `intro_seen` line is
/// ever replaced.
public struct ConfigFile: Equatable, Sendable {
    /// The file's lines without their `\n` terminators.
    public var lines: [[UInt8]]
    /// Whether the original ended with a newline (or was empty).
    public var endsWithNewline: Bool

    /// Splits file contents into lines.
    public init(bytes: [UInt8]) {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        endsWithNewline = bytes.isEmpty || bytes.last == UInt8(ascii: "\n")
        if endsWithNewline { lines.removeLast() }
        self.lines = lines
    }

    /// The file's contents.
    public var bytes: [UInt8] {
        var out = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        if endsWithNewline && !lines.isEmpty { out.append(UInt8(ascii: "\n")) }
        return out
    }

    /// The `key = value` pairs with their line numbers (1-based); comments and blanks skipped.
    /// A byte order mark that some editors put at the start of the file is not part of the key.
    public var entries: [(line: Int, key: String, value: String)] {
        var out: [(Int, String, String)] = []
        for (i, raw) in lines.enumerated() {
            var text = String(decoding: raw, as: UTF8.self)
            if i == 0, text.hasPrefix("\u{FEFF}") { text.removeFirst() }
            let content = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let trimmed = content.trimmingWhitespace()
            if trimmed.isEmpty { continue }
            guard let eq = trimmed.firstIndex(of: "=") else {
                out.append((i + 1, String(trimmed), ""))
                continue
            }
            out.append((i + 1, String(trimmed[..<eq].trimmingWhitespace()),
                        String(trimmed[trimmed.index(after: eq)...].trimmingWhitespace())))
        }
        return out
    }

    /// The settings this file asks for, and one warning per line kago could not use.
    ///
    /// A later line for the same key wins, a bad one too: its key falls back to the default (and is
    /// reported), as SPEC §2 asks. Values are read case-insensitively and may be wrapped in double
    /// quotes (`theme = "Dark"`).
    public func settings() -> (Settings, [ConfigProblem]) {
        var s = Settings()
        let defaults = Settings()
        var problems: [ConfigProblem] = []
        for (line, key, raw) in entries {
            let value = Self.unquoted(raw).lowercased()
            func bad() { problems.append(.badValue(line: line, key: key, value: raw)) }
            switch key {
            case "intro_seen":
                if let n = Int(value), n >= 0 { s.introSeen = n } else { s.introSeen = defaults.introSeen; bad() }
            case "language":
                if value == "auto" { s.language = nil } else if let l = Language(rawValue: value) { s.language = l } else {
                    s.language = defaults.language; bad()
                }
            case "theme":
                if let t = ThemeName(rawValue: value) { s.theme = t } else { s.theme = defaults.theme; bad() }
            case "animations":
                if let b = Self.bool(value) { s.animations = b } else { s.animations = defaults.animations; bad() }
            case "sort":
                if let m = SortMode(rawValue: value) { s.sort = m } else { s.sort = defaults.sort; bad() }
            case "mouse":
                if let b = Self.bool(value) { s.mouse = b } else { s.mouse = defaults.mouse; bad() }
            case "suggestions":
                if let b = Self.bool(value) { s.suggestions = b } else { s.suggestions = defaults.suggestions; bad() }
            case "list":
                // A name, so its case is kept.
                let name = String(Self.unquoted(raw).trimmingWhitespace())
                if name.isEmpty { s.list = nil; bad() } else { s.list = name }
            case "sync.url", "sync.username", "sync.password_command", "sync.password", "sync.ca_file":
                // Kept as written: URLs, names, commands and passwords have case.
                let text = Self.unquoted(raw)
                let kept: String? = text.isEmpty ? nil : text
                switch key {
                case "sync.url": s.sync.url = kept
                case "sync.username": s.sync.username = kept
                case "sync.password_command": s.sync.passwordCommand = kept
                case "sync.password": s.sync.password = kept
                default: s.sync.caFile = kept
                }
            case "sync.interval":
                if let n = Int(value), n >= 0 { s.sync.interval = n } else { s.sync.interval = defaults.sync.interval; bad() }
            case "sync.insecure_http":
                if let b = Self.bool(value) { s.sync.insecureHTTP = b } else { s.sync.insecureHTTP = false; bad() }
            default:
                problems.append(.unknownKey(line: line, key: key))
            }
        }
        return (s, problems)
    }

    static func unquoted(_ v: String) -> String {
        v.count >= 2 && v.hasPrefix("\"") && v.hasSuffix("\"") ? String(v.dropFirst().dropLast()) : v
    }

    /// Sets `intro_seen`, replacing the line that currently decides it, or appending one.
    ///
    /// The replaced line keeps its CR if it had one, and an appended line uses CRLF when the file's
    /// last line does, so a file written on Windows keeps one kind of line ending.
    public mutating func setIntroSeen(_ version: Int) {
        var newLine = Array("intro_seen = \(version)".utf8)
        let cr = UInt8(ascii: "\r")
        if let last = entries.last(where: { $0.key == "intro_seen" }) {
            if lines[last.line - 1].last == cr { newLine.append(cr) }
            lines[last.line - 1] = newLine
        } else {
            if endsWithNewline, lines.last?.last == cr { newLine.append(cr) }
            lines.append(newLine)
            endsWithNewline = true
        }
    }

    static func bool(_ v: String) -> Bool? {
        switch v {
        case "on", "true", "yes", "1": return true
        case "off", "false", "no", "0": return false
        default: return nil
        }
    }
}

/// A config line kago could not use; reported once, never fatal.
public enum ConfigProblem: Equatable, Sendable {
    case badValue(line: Int, key: String, value: String)
    case unknownKey(line: Int, key: String)
}
