import KagoFormats
import KagoApp
import KagoState
import KagoView

/// `kago import FILE [--format json|csv]`: adds every item of a file, or none (SPEC §7).
///
/// The format comes from `--format`, else the extension, else the first byte (`[` is JSON).
/// FILE `-` reads standard input. The file is read and checked before the database is opened.
enum ImportCommand {
    static func run(_ args: [String], _ startup: Startup) throws(ExitError) {
        let a = try Arguments(args, command: "import", options: ["--format"])
        guard a.operands.count == 1, let path = a.operands.first else {
            throw .usage(a.operands.isEmpty ? "'import' needs a FILE to read (json or csv)"
                                            : "'import' reads one FILE, not \(a.operands.count)",
                         hint: "Try 'kago help import'.")
        }
        let flagged = try a.values["--format"].map { (f) throws(ExitError) in
            try FileFormat(flag: f, allowed: [.json, .csv], command: "import")
        }
        let extensionFormat = path == "-" ? nil : FileFormat(path: path)
        if flagged == nil, extensionFormat == .md {
            throw .usage("cannot import Markdown; export and import json or csv", hint: "Try 'kago help import'.")
        }
        let bytes = try FileIO.read(path, limit: ItemLimits.importBytes)
        let format = flagged ?? extensionFormat ?? (firstByte(bytes) == UInt8(ascii: "[") ? .json : .csv)
        let shownPath = path == "-" ? "standard input" : SafeText.sanitize(path)
        // A database, an image, a zip: say so rather than quote its first bytes back. Text in
        // another encoding (Shift-JIS, Latin-1, UTF-16 with its mark) is left to the decoders,
        // which say where and to save it as UTF-8.
        let utf16 = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
        if bytes.contains(0), !utf16 {
            throw .runtime("\(shownPath): not a JSON or CSV file", hint: "Nothing was imported.")
        }
        let records: [ItemRecord]
        do {
            records = format == .json ? try ItemsJSON.decode(bytes) : try ItemsCSV.decode(bytes)
        } catch {
            throw failure(error, file: shownPath)
        }
        for (index, r) in records.enumerated() {
            if let list = r.list, DisplayWidth.of(String(list.trimmingWhitespace())) > ShoppingList.maximumWidth {
                throw .usage("row \(index + 1): a list name is at most \(ShoppingList.maximumWidth) columns wide",
                             hint: "Nothing was imported.")
            }
        }
        let store = try StoreAccess(startup)
        let now = SystemClock.now()
        let rows = records.map { Records.importRow($0, now: now) }
        try store.insert(rows, now: now)
        try FileIO.out("imported \(rows.count) item\(rows.count == 1 ? "" : "s") from \(shownPath)\n")
    }

    /// The first problem as the error line; a few more and "nothing was imported" as the hint.
    static func failure(_ error: DecodeError, file: String) -> ExitError {
        let shown = 5
        var hint = error.problems.dropFirst().prefix(shown).map { "  \(file):\($0)\n" }.joined()
        if error.problems.count > shown + 1 {
            hint += "  … and \(error.problems.count - shown - 1) more\n"
        }
        hint += "Nothing was imported."
        return .runtime("\(file):\(error.problems[0])", hint: hint)
    }

    /// The first byte that is not whitespace or a byte order mark.
    private static func firstByte(_ bytes: [UInt8]) -> UInt8? {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    }
}
