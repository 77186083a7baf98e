import KagoApp
import KagoState

/// `kago add TEXT...`: adds one item written in the quick-add syntax and prints it with its id.
enum AddCommand {
    static func run(_ args: [String], _ startup: Startup) throws(ExitError) {
        // The words are the item; only words before the note's `--` can be (mistyped) options.
        if let option = args.prefix(while: { $0 != "--" }).first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw .usage("unknown option '\(SafeText.sanitize(option))' for 'add'", hint: "Try 'kago help add'.")
        }
        let line = args.joined(separator: " ")
        let draft: ItemDraft
        switch QuickAdd.parse(line, today: SystemClock.local().today) {
        case .success(let d): draft = d
        case .failure(.emptyName):
            throw .usage(args.isEmpty ? "'add' needs the item to add" : "an item needs a name, not only '\(SafeText.sanitize(line))'",
                         hint: "For example: kago add milk x2 #dairy @fri -- the low-fat one")
        case .failure(.badDate(let token)):
            throw .usage("cannot read the date '\(SafeText.sanitize(token))'",
                         hint: "Dates: @today @tomorrow @fri @+3 @2026-12-24 @12/24 @今日 @明日")
        }
        let store = try StoreAccess(startup)
        let changes = try store.perform(.add(draft))
        guard let item = changes.items.lazy.compactMap(\.after).first else { throw .runtime("the item was not added") }
        let categories = try store.categories()
        try FileIO.out(ItemLines.render([item], categories: ItemLines.names(categories)))
    }
}
