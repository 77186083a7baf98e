import KagoState

/// Fuzzes the config file reader (`ConfigFile`) and the `intro_seen` rewrite (SPEC §2).
///
/// Input: one byte is the tutorial version to write, the rest is the file.
/// Properties: the lines give back the file byte for byte; every problem names a line of the
/// file; after `setIntroSeen` the file reads that version, every other line is unchanged (one
/// line replaced, or one appended when none decided `intro_seen`), every other setting and
/// problem is unchanged, and writing the same version again changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = input(data, size)
    guard let versionByte = bytes.first else { return 0 }
    let version = Int(versionByte)
    let text = Array(bytes.dropFirst())
    let file = ConfigFile(bytes: text)
    require(file.bytes == text, "the lines give back the file", "\(shown(text))")
    let (settings, problems) = file.settings()
    for problem in problems {
        require(problem.line >= 1 && problem.line <= file.lines.count, "a problem names a line of the file",
                "\(problem) in \(shown(text))")
    }

    var updated = file
    updated.setIntroSeen(version)
    let reread = ConfigFile(bytes: updated.bytes)
    let (newSettings, newProblems) = reread.settings()
    require(newSettings.introSeen == version, "the file reads the version written",
            "\(version) into \(shown(text)): \(shown(updated.bytes))")
    var expected = settings
    expected.introSeen = version
    require(newSettings == expected, "other settings are unchanged", "\(shown(text)) -> \(shown(updated.bytes))")
    require(newProblems.filter { $0.key != "intro_seen" } == problems.filter { $0.key != "intro_seen" },
            "other problems are unchanged", "\(shown(text)) -> \(shown(updated.bytes))")

    let decided = file.entries.contains { $0.key == "intro_seen" }
    let changed = (0..<min(file.lines.count, reread.lines.count)).filter { file.lines[$0] != reread.lines[$0] }
    if decided {
        require(reread.lines.count == file.lines.count && changed.count <= 1, "only the intro_seen line changes",
                "\(shown(text)) -> \(shown(updated.bytes))")
        for i in changed {
            require(file.entries.contains { $0.line == i + 1 && $0.key == "intro_seen" }, "the changed line was intro_seen",
                    "line \(i + 1) of \(shown(text))")
        }
    } else {
        require(reread.lines.count == file.lines.count + 1 && changed.isEmpty, "a new line is appended, the rest unchanged",
                "\(shown(text)) -> \(shown(updated.bytes))")
    }

    var again = updated
    again.setIntroSeen(version)
    require(again.bytes == updated.bytes, "writing the same version twice changes nothing", "\(shown(text))")
    return 0
}

extension ConfigProblem {
    /// The line the problem is on.
    var line: Int {
        switch self {
        case .badValue(let line, _, _), .unknownKey(let line, _): line
        }
    }

    /// The key of the line the problem is on.
    var key: String {
        switch self {
        case .badValue(_, let key, _), .unknownKey(_, let key): key
        }
    }
}
