import KagoApp
import KagoFormats
import KagoState
import KagoStore
import KagoSync
import KagoView

/// `kago lists [--json]`, `lists add|use|rm|rename` (SPEC §8).
enum ListsCommand {
    static func run(_ args: [String], _ startup: Startup) throws(ExitError) {
        let a = try Arguments(args, command: "lists", flags: ["--json", "--force"])
        guard let verb = a.operands.first else {
            if a.flags.contains("--force") { throw .usage("'--force' goes with 'lists rm'") }
            return try show(startup, json: a.flags.contains("--json"))
        }
        let words = Array(a.operands.dropFirst())
        if a.flags.contains("--json") { throw .usage("'--json' goes with 'kago lists' alone") }
        if a.flags.contains("--force"), verb != "rm" { throw .usage("'--force' goes with 'lists rm'") }
        if verb == "remote" {
            if let extra = words.first { throw .usage("'lists remote' takes no argument '\(SafeText.sanitize(extra))'") }
            return try ListsRemote.show(startup)
        }
        let store = try StoreAccess(startup)
        let lists = try store.lists()
        switch verb {
        case "link":
            guard (1...2).contains(words.count) else {
                throw .usage("'lists link' needs NAME and maybe a COLLECTION", hint: "For example: kago lists link Shopping")
            }
            let list = try ListResolver.resolve(words[0], in: lists)
            try ListsRemote.link(list, collection: words.count == 2 ? words[1] : nil, store, startup)
        case "unlink":
            let list = try ListResolver.resolve(try one(words, verb), in: lists)
            guard try store.run({ s throws(StoreError) in try s.syncLink(list: list.id) }) != nil else {
                throw .usage("\(quoted(list.name)) is not linked to a CalDAV collection", hint: "See: kago lists")
            }
            try store.run { s throws(StoreError) in try s.unlink(list: list.id) }
            try FileIO.out("unlinked \(quoted(list.name))\n")
        case "add":
            let name = try checkedName(words.joined(separator: " "), verb: verb)
            _ = try store.run { s throws(StoreError) in try s.perform(.addList(name: name), now: SystemClock.now()) }
            try FileIO.out("added list \(quoted(name))\n")
        case "use":
            let list = try ListResolver.resolve(try one(words, verb), in: lists)
            store.store.select(list: list.id)
            try store.run { s throws(StoreError) in try s.markUsed(now: SystemClock.now()) }
            var text = "using \(quoted(list.name))\n"
            if let configured = startup.settings.list, configured.matchKey != list.name.matchKey {
                text += "note: the config's 'list = \(SafeText.sanitize(configured))' comes first; remove it to follow 'lists use'\n"
            }
            try FileIO.out(text)
        case "rm", "remove":
            let list = try ListResolver.resolve(try one(words, verb), in: lists)
            let force = a.flags.contains("--force")
            _ = try store.run { s throws(StoreError) in try s.perform(.removeList(id: list.id, force: force), now: SystemClock.now()) }
            try FileIO.out("removed list \(quoted(list.name))\n")
        case "rename":
            guard words.count == 2 else {
                throw .usage("'lists rename' needs OLD and NEW", hint: "For example: kago lists rename drug \"Drugstore\"")
            }
            let list = try ListResolver.resolve(words[0], in: lists)
            let name = try checkedName(words[1], verb: verb)
            let changes = try store.run { s throws(StoreError) in try s.perform(.renameList(id: list.id, name: name), now: SystemClock.now()) }
            let merged = changes.lists.contains { $0.id == list.id && $0.after == nil }
            let into = lists.first { merged && $0.name.matchKey == name.matchKey }?.name ?? name
            try FileIO.out(merged ? "merged \(quoted(list.name)) into \(quoted(into))\n"
                           : "renamed \(quoted(list.name)) to \(quoted(into))\n")
        default:
            throw .usage("unknown 'lists' command '\(SafeText.sanitize(verb))'",
                         hint: "Try: kago lists [add|use|rm|rename|link|unlink|remote]")
        }
    }

    /// `kago lists`: `* NAME  N to buy  M purchased`, `*` on the current list.
    static func show(_ startup: Startup, json: Bool) throws(ExitError) {
        let store = try StoreAccess(startup, readOnly: true)
        let lists = try store.lists()
        let current = store.store.listID
        let links = Dictionary(try store.run { s throws(StoreError) in try s.syncLinks() }.map { ($0.listID, $0) },
                               uniquingKeysWith: { a, _ in a })
        if json {
            var out: [UInt8] = Array("[".utf8)
            for (i, list) in lists.enumerated() {
                out += Array((i == 0 ? "\n  {\"name\": " : ",\n  {\"name\": ").utf8)
                JSON.appendString(list.name, to: &out)
                out += Array(", \"to_buy\": \(list.counts.toBuy), \"purchased\": \(list.counts.purchased), \"current\": \(list.id == current), \"sync\": ".utf8)
                if let link = links[list.id] {
                    out += Array("{\"url\": ".utf8)
                    JSON.appendString(link.url, to: &out)
                    out += Array(", \"last_sync\": \(link.syncedAt.map { "\"\($0.iso8601)\"" } ?? "null")}}".utf8)
                } else {
                    out += Array("null}".utf8)
                }
            }
            out += Array((lists.isEmpty ? "]\n" : "\n]\n").utf8)
            return try FileIO.write(out, to: nil)
        }
        var text = ""
        for list in lists {
            text += (list.id == current ? "* " : "  ") + SafeText.sanitize(list.name)
                + "  \(list.counts.toBuy) to buy  \(list.counts.purchased) purchased"
                + (links[list.id].map { "  ⇅ " + SafeText.sanitize($0.url) } ?? "") + "\n"
        }
        try FileIO.out(text)
    }

    /// A new name, trimmed and checked as SPEC §8 asks (the store checks it is not taken).
    static func checkedName(_ raw: String, verb: String) throws(ExitError) -> String {
        let name = String(raw.trimmingWhitespace())
        if name.isEmpty { throw .usage("'lists \(verb)' needs a NAME") }
        if let problem = ShoppingList.problem(with: name) { throw .usage(problem.message) }
        return name
    }

    static func one(_ words: [String], _ verb: String) throws(ExitError) -> String {
        guard words.count == 1 else { throw .usage("'lists \(verb)' needs one NAME", hint: "Quote a name with spaces.") }
        return words[0]
    }

    static func quoted(_ name: String) -> String { "'" + SafeText.sanitize(name) + "'" }
}
