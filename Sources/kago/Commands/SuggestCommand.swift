import KagoApp
import KagoFormats
import KagoState

/// `kago suggest [--json] [--add]`: what is due to be bought again (SPEC §10), most overdue
/// first: `NAME  every N days  last YYYY-MM-DD (N days ago)`. `--add` puts them all on To buy
/// (one change) and prints them as `kago add` does.
enum SuggestCommand {
    static func run(_ args: [String], _ startup: Startup) throws(ExitError) {
        let a = try Arguments(args, command: "suggest", flags: ["--json", "--add"])
        try a.noOperands("suggest")
        let adding = a.flags.contains("--add"), json = a.flags.contains("--json")
        let store = try StoreAccess(startup, readOnly: !adding)
        let today = SystemClock.local().today
        let due = try store.due(today: today)
        guard adding else {
            try FileIO.write(json ? DueJSON.encode(due) : lines(due, today: today, fitting: FileIO.terminalWidth(startup.environment)),
                             to: nil)
            return
        }
        var added: [Item] = []
        if !due.isEmpty {
            let changes = try store.perform(.addAll(due.map(\.draft)))
            added = changes.items.compactMap(\.after).sorted { $0.id < $1.id }
        }
        let names = try store.categoryNames()
        if json {
            try FileIO.write(ItemsJSON.encode(Records.of(added, categories: names, list: try store.currentList().name)), to: nil)
        } else {
            try FileIO.out(ItemLines.render(added, categories: names))
        }
    }

    /// One aligned line per name; on a terminal (`fitting` its width) a long name is cut (`…`).
    static func lines(_ due: [DueItem], today: Day, fitting: Int?) -> [UInt8] {
        let every = due.map { $0.intervalDays == 1 ? "every day" : "every \($0.intervalDays) days" }
        let last = due.map { "last \(today.adding(days: -$0.daysSince).iso) (\($0.daysSince == 1 ? "1 day" : "\($0.daysSince) days") ago)" }
        var names = due.map { SafeText.sanitize($0.name) }
        let everyWidth = every.map(\.count).max() ?? 0
        if let fitting, let longest = last.map(\.count).max() {
            let room = max(16, fitting - 1 - 2 - everyWidth - 2 - longest)
            names = names.map { DisplayWidth.of($0) > room ? DisplayWidth.truncated($0, to: room) : $0 }
        }
        let nameWidth = names.map { DisplayWidth.of($0) }.max() ?? 0
        var out = ""
        for i in due.indices {
            out += names[i] + String(repeating: " ", count: nameWidth - DisplayWidth.of(names[i]) + 2)
            out += every[i] + String(repeating: " ", count: everyWidth - every[i].count + 2) + last[i] + "\n"
        }
        return Array(out.utf8)
    }
}
