import KagoFormats
import KagoStore
import KagoState
import KagoView

/// `kago export [--format json|csv|md] [-o FILE]`: every item, to stdout or a file.
///
/// Without `--format`, the extension of FILE decides (`.csv`, `.md`), else JSON.
enum ExportCommand {
    static func run(_ args: [String], _ startup: Startup) throws(ExitError) {
        let a = try Arguments(args, command: "export", options: ["--format", "-o"], aliases: ["--output": "-o"])
        try a.noOperands("export")
        let path = a.values["-o"].flatMap { $0 == "-" ? nil : $0 }
        if path?.isEmpty == true { throw .usage("'-o' needs a file name") }
        let format = try a.values["--format"].map { (f) throws(ExitError) in
            try FileFormat(flag: f, allowed: FileFormat.allCases, command: "export")
        } ?? path.flatMap(FileFormat.init(path:)) ?? .json
        if let path, FileSystem.isSameFile(path, asDatabase: startup.paths.databaseFile) {
            throw .usage("will not export onto the database \(SafeText.sanitize(path)); choose another file")
        }
        let store = try StoreAccess(startup, readOnly: true)
        let items = try store.items()
        let categories = try store.categories()
        let records = Records.of(items, categories: ItemLines.names(categories))
        let bytes: [UInt8]
        switch format {
        case .json: bytes = ItemsJSON.encode(records)
        // CSV is data and is written as it is, except to a terminal, where it is only read
        // and a name holding ESC must not drive the terminal (as `ls` shows names on a tty).
        case .csv: bytes = ItemsCSV.encode(records, sanitized: path == nil && FileIO.stdoutIsTerminal)
        case .md:
            bytes = Array(ChecklistMarkdown.encode(sections(records, categories, Strings(startup.language))).utf8)
        }
        try FileIO.write(bytes, to: path)
    }

    /// One section per category in store-walk order, then the uncategorised; within each,
    /// the items to buy and then the purchased, each in the order they were added.
    static func sections(_ records: [ItemRecord], _ categories: [KagoState.Category], _ strings: Strings) -> [ChecklistSection] {
        var byCategory: [String: [ItemRecord]] = [:]
        for r in records where !r.purchased { byCategory[r.category ?? "", default: []].append(r) }
        for r in records where r.purchased { byCategory[r.category ?? "", default: []].append(r) }
        return categories.map { ChecklistSection(title: $0.name, items: byCategory[$0.name] ?? []) }
            + [ChecklistSection(title: strings[.uncategorised], items: byCategory[""] ?? [])]
    }
}
