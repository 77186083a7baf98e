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

/// The version of the tutorial this kago shows; raising it shows the tutorial once more.
public let currentIntroVersion = 1

/// The user's preferences, read from the config file (SPEC §2).
public struct Settings: Equatable, Sendable {
    public var introSeen = 0
    /// nil means `auto`: decided from the locale variables.
    public var language: Language?
    public var theme: ThemeName = .auto
    public var animations = true
    public var sort: SortMode = .date
    public var mouse = true

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
    public var entries: [(line: Int, key: String, value: String)] {
        var out: [(Int, String, String)] = []
        for (i, raw) in lines.enumerated() {
            let text = String(decoding: raw, as: UTF8.self)
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
    /// A later line for the same key wins.
    public func settings() -> (Settings, [ConfigProblem]) {
        var s = Settings()
        var problems: [ConfigProblem] = []
        for (line, key, value) in entries {
            func bad() { problems.append(.badValue(line: line, key: key, value: value)) }
            switch key {
            case "intro_seen":
                if let n = Int(value), n >= 0 { s.introSeen = n } else { s.introSeen = 0; bad() }
            case "language":
                if value == "auto" { s.language = nil } else if let l = Language(rawValue: value) { s.language = l } else { bad() }
            case "theme":
                if let t = ThemeName(rawValue: value) { s.theme = t } else { bad() }
            case "animations":
                if let b = Self.bool(value) { s.animations = b } else { bad() }
            case "sort":
                if let m = SortMode(rawValue: value) { s.sort = m } else { bad() }
            case "mouse":
                if let b = Self.bool(value) { s.mouse = b } else { bad() }
            default:
                problems.append(.unknownKey(line: line, key: key))
            }
        }
        return (s, problems)
    }

    /// Sets `intro_seen`, replacing the line that currently decides it, or appending one.
    public mutating func setIntroSeen(_ version: Int) {
        let newLine = Array("intro_seen = \(version)".utf8)
        if let last = entries.last(where: { $0.key == "intro_seen" }) {
            lines[last.line - 1] = newLine
        } else {
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
