import KagoFormats
import KagoStore
import KagoState
import KagoView

/// `kago export [--format json|csv|md] [-o FILE] [--all-lists] [--history]`: every item of the
/// current list (or of every list), or with `--history` every purchase (SPEC §10), to stdout or
/// a file.
///
/// Without `--format`, the extension of FILE decides (`.csv`, `.md`), else JSON.
enum ExportCommand {
    static func run(_ args: [String], _ startup: Startup) throws(ExitError) {
        let a = try Arguments(args, command: "export", flags: ["--all-lists", "--history"], options: ["--format", "-o"],
                              aliases: ["--output": "-o"])
        let every = a.flags.contains("--all-lists"), history = a.flags.contains("--history")
        try a.noOperands("export")
        let path = a.values["-o"].flatMap { $0 == "-" ? nil : $0 }
        if path?.isEmpty == true { throw .usage("'-o' needs a file name") }
        let format = try a.values["--format"].map { (f) throws(ExitError) in
            try FileFormat(flag: f, allowed: FileFormat.allCases, command: "export")
        } ?? path.flatMap(FileFormat.init(path:)) ?? .json
        if let path, FileSystem.isSameFile(path, asDatabase: startup.paths.databaseFile) {
            throw .usage("will not export onto the database \(SafeText.sanitize(path)); choose another file")
        }
        if history, format == .md { throw .usage("'--history' writes json or csv, not md") }
        let store = try StoreAccess(startup, readOnly: true)
        if history { return try exportHistory(store, every: every, format: format, to: path) }
        // One read per list, each with its categories; the current list alone without --all-lists.
        var lists: [(list: ShoppingList, records: [ItemRecord], categories: [KagoState.Category])] = []
        for list in every ? try store.lists() : [try store.currentList()] {
            store.store.select(list: list.id)
            let categories = try store.categories()
            lists.append((list, Records.of(try store.items(), categories: ItemLines.names(categories), list: list.name), categories))
        }
        let records = lists.flatMap(\.records)
        let bytes: [UInt8]
        switch format {
        case .json: bytes = ItemsJSON.encode(records)
        // CSV is data and is written as it is, except to a terminal, where it is only read
        // and a name holding ESC must not drive the terminal (as `ls` shows names on a tty).
        case .csv: bytes = ItemsCSV.encode(records, sanitized: path == nil && FileIO.stdoutIsTerminal, withList: every)
        case .md:
            let strings = Strings(startup.language)
            bytes = Array(lists.map { entry in
                every ? ChecklistMarkdown.heading(entry.list.name, level: 2)
                    + ChecklistMarkdown.encode(sections(entry.records, entry.categories, strings), level: 3)
                    : ChecklistMarkdown.encode(sections(entry.records, entry.categories, strings))
            }.joined(separator: "\n").utf8)
        }
        try FileIO.write(bytes, to: path)
    }

    /// Every purchase of the current list (or of each list in turn), oldest first.
    static func exportHistory(_ store: StoreAccess, every: Bool, format: FileFormat, to path: String?) throws(ExitError) {
        var purchases: [(purchase: Purchase, list: String)] = []
        for list in every ? try store.lists() : [try store.currentList()] {
            store.store.select(list: list.id)
            purchases += try store.run { s throws(StoreError) in try s.purchases() }.map { ($0, list.name) }
        }
        let bytes = format == .csv ? HistoryCSV.encode(purchases, sanitized: path == nil && FileIO.stdoutIsTerminal, withList: every)
            : HistoryJSON.encode(purchases)
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
