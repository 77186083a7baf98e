import KagoApp
import KagoState
import KagoStore
import KagoSync

/// `kago lists remote` and `kago lists link` (SPEC §9): the server's task collections.
enum ListsRemote {
    /// The account's session and calendar home.
    static func connect(_ startup: Startup) throws(ExitError) -> (CalDAVClient, DAVURL) {
        let account = try SyncAccount.load(startup)
        do {
            let client = CalDAVClient(session: try HTTPSession(options: account.options))
            return (client, try client.calendarHome(account.url))
        } catch {
            throw .runtime("sync: \(SafeText.sanitize(error.message))")
        }
    }

    /// `NAME  URL  [linked to LIST]` per task collection.
    static func show(_ startup: Startup) throws(ExitError) {
        let (client, home) = try connect(startup)
        let collections: [RemoteCollection]
        do { collections = try client.collections(in: home) } catch { throw .runtime("sync: \(SafeText.sanitize(error.message))") }
        let access = try StoreAccess(startup, readOnly: true)
        let links = try access.run { s throws(StoreError) in try s.syncLinks() }
        let lists = try access.lists()
        var text = ""
        for c in collections {
            let linked = links.first { DAVURL($0.url) == c.url }.flatMap { l in lists.first { $0.id == l.listID } }
            text += SafeText.sanitize(c.displayName) + "  " + SafeText.sanitize(c.url.description)
                + (linked.map { "  [linked to \(SafeText.sanitize($0.name))]" } ?? "") + "\n"
        }
        try FileIO.out(text)
    }

    /// Links a list to the collection named (display name or URL), by default the one named
    /// like the list, made (MKCALENDAR, VTODO) when there is none. Prints its URL.
    static func link(_ list: ShoppingList, collection: String?, _ access: StoreAccess, _ startup: Startup) throws(ExitError) {
        let (client, home) = try connect(startup)
        let chosen: RemoteCollection
        do {
            if let text = collection, let url = DAVURL(text) ?? (text.hasPrefix("/") ? home.resolve(text) : nil) {
                guard let found = try client.collection(at: url.asCollection) else {
                    throw ExitError.usage("\(SafeText.sanitize(text)) is not a task collection", hint: "See: kago lists remote")
                }
                chosen = found
            } else {
                let name = collection ?? list.name
                let all = try client.collections(in: home)
                if let found = all.first(where: { $0.displayName == name }) ?? all.first(where: { $0.displayName.matchKey == name.matchKey }) {
                    chosen = found
                } else {
                    let url = try client.makeCollection(named: name, in: home, slug: ListSync.randomUID())
                    guard let made = try client.collection(at: url) else { throw SyncError("the new collection cannot be read") }
                    chosen = made
                }
            }
        } catch let e as ExitError {
            throw e
        } catch let e as SyncError {
            throw .runtime("sync: \(SafeText.sanitize(e.message))")
        } catch {
            throw .runtime("sync: \(error)")
        }
        let links = try access.run { s throws(StoreError) in try s.syncLinks() }
        if let other = links.first(where: { DAVURL($0.url) == chosen.url && $0.listID != list.id }),
           let name = try access.lists().first(where: { $0.id == other.listID })?.name {
            throw .usage("\(chosen.url) is linked to \(ListsCommand.quoted(name)) already", hint: "Unlink it first: kago lists unlink \(SafeText.sanitize(name))")
        }
        try access.run { s throws(StoreError) in
            try s.link(SyncLink(listID: list.id, url: chosen.url.description, syncCollection: chosen.syncCollection),
                       collectionPath: chosen.url.path)
        }
        try FileIO.out(chosen.url.description + "\n")
    }
}
