import KagoState

/// Finds the item an ITEM argument means (SPEC §1): an id, else a name matched exactly
/// (any case), else a unique prefix of a name.
///
/// Names are looked for first among the items the command is about (to buy for `check`,
/// purchased for `uncheck`), then among all: `kago check milk` picks the milk still to buy
/// even when an older milk was bought, yet an exact name always beats a prefix.
struct ItemResolver {
    let items: [Item]
    let categories: [Int64: String]
    /// The items the command is about, searched first.
    let preferred: (Item) -> Bool

    /// Resolves every argument, refusing them all if one fails; duplicates are dropped.
    func resolve(_ args: [String], command: String) throws(ExitError) -> [Item] {
        guard !args.isEmpty else {
            throw .usage("'\(command)' needs at least one ITEM (an id or a name)", hint: "Try 'kago help \(command)'.")
        }
        var found: [Item] = []
        for arg in args {
            let item = try resolve(arg)
            if !found.contains(where: { $0.id == item.id }) { found.append(item) }
        }
        return found
    }

    /// The one item `arg` means.
    func resolve(_ arg: String) throws(ExitError) -> Item {
        let text = String(arg.trimmingWhitespace())
        guard !text.isEmpty else { throw .usage("an empty ITEM matches nothing; give an id or a name") }
        if text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let id = Int64(text), let item = items.first(where: { $0.id == id }) {
            return item
        }
        let key = text.matchKey
        let keys = items.map(\.name.matchKey)
        let tiers: [(Item, String) -> Bool] = [
            { item, name in preferred(item) && name == key },
            { _, name in name == key },
            { item, name in preferred(item) && name.hasPrefix(key) },
            { _, name in name.hasPrefix(key) },
        ]
        for tier in tiers {
            let matches = zip(items, keys).filter { tier($0, $1) }.map(\.0)
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 {
                throw ExitError(status: 2, message: "'\(SafeText.sanitize(text))' matches \(matches.count) items; "
                                + "give an id or more of the name", hint: candidates(matches))
            }
        }
        let near = zip(items, keys).filter { $1.contains(text: key) }.map(\.0)
        throw ExitError(status: 2, message: "no item matches '\(SafeText.sanitize(text))'",
                        hint: near.isEmpty ? "See 'kago list --all' for ids and names." : "Did you mean:\n" + candidates(near))
    }

    /// Candidate lines for an error, at most ten, preferred items first.
    private func candidates(_ matches: [Item]) -> String {
        let ordered = matches.filter(preferred) + matches.filter { !preferred($0) }
        let limit = 10
        var text = ItemLines.render(Array(ordered.prefix(limit)), categories: categories, prefix: "  ")
        if ordered.count > limit { text += "  … and \(ordered.count - limit) more\n" }
        return String(text.dropLast())
    }
}
