import KagoState
import KagoStore

/// Finds the list a LIST argument means (SPEC §1, §8): a name matched exactly (any case and
/// width), else a unique prefix.
enum ListResolver {
    static func resolve(_ arg: String, in lists: [ShoppingList]) throws(ExitError) -> ShoppingList {
        let text = String(arg.trimmingWhitespace())
        let key = text.matchKey
        guard !key.isEmpty else { throw .usage("an empty LIST matches nothing; give a list's name") }
        if let exact = lists.first(where: { $0.name.matchKey == key }) { return exact }
        let prefixed = lists.filter { $0.name.matchKey.hasPrefix(key) }
        if prefixed.count == 1 { return prefixed[0] }
        let names = (prefixed.isEmpty ? lists : prefixed).map { "  " + SafeText.sanitize($0.name) }.joined(separator: "\n")
        if prefixed.count > 1 {
            throw ExitError(status: 2, message: "'\(SafeText.sanitize(text))' matches \(prefixed.count) lists; give more of the name",
                            hint: names)
        }
        throw ExitError(status: 2, message: "no list matches '\(SafeText.sanitize(text))'", hint: "The lists:\n" + names)
    }

    /// The list a command acts on (SPEC §8): the one `-l` names; else the config's `list`;
    /// else the one last opened or chosen (the store opens on it); else the first. A config
    /// naming no list is passed over.
    static func current(_ store: Store, option: String?, config: String?) throws(ExitError) -> ShoppingList {
        let lists: [ShoppingList]
        do { lists = try store.lists() } catch { throw .runtime(error.message) }
        if let option { return try resolve(option, in: lists) }
        if let config, let named = try? resolve(config, in: lists) { return named }
        return lists.first { $0.id == store.listID } ?? lists[0]
    }
}
