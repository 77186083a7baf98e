import KagoState

/// The file formats of `export` and `import`.
enum FileFormat: String, CaseIterable {
    case json, csv, md

    /// The format a `--format` value names.
    /// - Parameter allowed: the formats the command supports.
    init(flag: String, allowed: [FileFormat], command: String) throws(ExitError) {
        let names = allowed.map(\.rawValue)
        guard let format = FileFormat(rawValue: flag.lowercased()), allowed.contains(format) else {
            throw .usage("'\(command)' has no format '\(SafeText.sanitize(flag))'; use "
                         + names.dropLast().joined(separator: ", ") + " or " + names.last!)
        }
        self = format
    }

    /// The format a file name's extension says (`.json`, `.csv`, `.md`, `.markdown`), if any.
    init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "json": self = .json
        case "csv": self = .csv
        case "md", "markdown": self = .md
        default: return nil
        }
    }
}
