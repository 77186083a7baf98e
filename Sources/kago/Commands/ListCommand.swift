import KagoFormats
import KagoState

/// `kago list [--purchased | --all] [--json]`: the items in the order they were added
/// (`--purchased`: the last checked first, as the Purchased screen lists them).
enum ListCommand {
    static func run(_ args: [String], _ startup: Startup) throws(ExitError) {
        let a = try Arguments(args, command: "list", flags: ["--json", "--purchased", "--all"])
        try a.noOperands("list")
        if a.flags.contains("--purchased"), a.flags.contains("--all") {
            throw .usage("'--purchased' and '--all' cannot be used together", hint: "Try 'kago help list'.")
        }
        let purchased: Bool? = a.flags.contains("--all") ? nil : a.flags.contains("--purchased")
        let store = try StoreAccess(startup, readOnly: true)
        let items = try store.items(purchased: purchased)
        let names = try store.categoryNames()
        if a.flags.contains("--json") {
            try FileIO.write(ItemsJSON.encode(Records.of(items, categories: names, list: try store.currentList().name)), to: nil)
        } else {
            try FileIO.write(ItemLines.bytes(items, categories: names, fitting: FileIO.terminalWidth(startup.environment)), to: nil)
        }
    }
}
