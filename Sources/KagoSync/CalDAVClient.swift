/// A task collection on the server.
public struct RemoteCollection: Equatable, Sendable {
    public var url: DAVURL
    public var displayName: String
    /// Whether it answers the sync-collection report (RFC 6578).
    public var syncCollection: Bool
    public var ctag: String?
}

/// What changed in a collection since a sync token (or everything, without one).
public struct RemoteChanges: Sendable {
    /// Members added or changed, with their ETags.
    public var changed: [(href: String, etag: String?)]
    /// Members removed (only reported with a token).
    public var removed: [String]
    public var token: String?
    /// True when this lists every member (no token, or a listing): what is not in it is gone.
    public var complete: Bool
}


/// The WebDAV and CalDAV requests kago makes (RFC 4918, 4791, 6578, 6764).
public final class CalDAVClient {
    public let session: HTTPSession

    public init(session: HTTPSession) { self.session = session }

    // MARK: discovery

    /// The calendar home for an account URL: a server root, a principal or the home itself
    /// (`/.well-known/caldav`, `current-user-principal`, `calendar-home-set`).
    public func calendarHome(_ url: DAVURL) throws(SyncError) -> DAVURL {
        let props = "<d:current-user-principal/><c:calendar-home-set/><d:resourcetype/>"
        // A refused password, or a server that could not be reached or read, is said as such,
        // not as "not a CalDAV server" (which sends the user to check the URL).
        var fatal: SyncError?
        func probe(_ u: DAVURL) -> DAVResponse? {
            do { return try propfind(u, depth: 0, props: props).responses.first } catch {
                if fatal == nil, error.status == 401 || error.status == nil { fatal = error }
                return nil
            }
        }
        var found = probe(url)
        if found?.property(NS.dav, "current-user-principal") == nil && found?.property(NS.caldav, "calendar-home-set") == nil,
           let wellKnown = url.resolve("/.well-known/caldav"), url.path == "/" || found == nil {
            found = probe(wellKnown) ?? found
        }
        if let home = href(found?.property(NS.caldav, "calendar-home-set"), base: url) { return home.asCollection }
        if let principal = href(found?.property(NS.dav, "current-user-principal"), base: url) {
            let p = try propfind(principal, depth: 0, props: "<c:calendar-home-set/>").responses.first
            if let home = href(p?.property(NS.caldav, "calendar-home-set"), base: principal) { return home.asCollection }
            return principal.asCollection
        }
        guard found != nil else { throw fatal ?? SyncError("\(url) is not a CalDAV server") }
        return url.asCollection
    }

    /// The task collections in a calendar home (those whose component set includes VTODO,
    /// or that name none).
    public func collections(in home: DAVURL) throws(SyncError) -> [RemoteCollection] {
        let ms = try propfind(home, depth: 1, props: Self.collectionProps)
        return ms.responses.compactMap { Self.collection($0, base: home) }.filter { $0.url.path != home.path }
    }

    /// One collection's sync abilities and name; nil when it is not a task collection.
    public func collection(at url: DAVURL) throws(SyncError) -> RemoteCollection? {
        try propfind(url, depth: 0, props: Self.collectionProps).responses.first.flatMap { Self.collection($0, base: url) }
    }

    static let collectionProps = "<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/>"
        + "<d:supported-report-set/><cs:getctag/><d:sync-token/>"

    static func collection(_ r: DAVResponse, base: DAVURL) -> RemoteCollection? {
        guard r.property(NS.dav, "resourcetype")?.child(NS.caldav, "calendar") != nil,
              let url = base.resolve(r.href)?.asCollection else { return nil }
        if let set = r.property(NS.caldav, "supported-calendar-component-set") {
            let comps = set.all(NS.caldav, "comp").compactMap { $0.attributes["name"]?.uppercased() }
            if !comps.isEmpty && !comps.contains("VTODO") { return nil }
        }
        let reports = r.property(NS.dav, "supported-report-set")?.all(NS.dav, "supported-report") ?? []
        let sync = reports.contains { $0.child(NS.dav, "report")?.child(NS.dav, "sync-collection") != nil }
            || r.property(NS.dav, "sync-token") != nil && reports.isEmpty
        let name = r.property(NS.dav, "displayname")?.trimmedText ?? ""
        return RemoteCollection(url: url, displayName: name.isEmpty ? String(url.path.split(separator: "/").last ?? "") : name,
                                syncCollection: sync, ctag: r.property(NS.calendarServer, "getctag")?.trimmedText)
    }

    /// Makes a task collection named `name` in the home.
    public func makeCollection(named name: String, in home: DAVURL, slug: String) throws(SyncError) -> DAVURL {
        guard let url = home.resolve(home.path + slug + "/") else { throw SyncError("cannot make a collection URL") }
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
            <d:displayname>\(XMLReader.escape(name))</d:displayname>\
            <c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set>\
            </d:prop></d:set></c:mkcalendar>
            """
        let r = try session.send(HTTPRequest("MKCALENDAR", url, headers: [("Content-Type", "application/xml; charset=utf-8")],
                                             body: Array(body.utf8)))
        guard r.status == 201 || r.status == 200 else { throw Self.failure("making the collection", r) }
        return url
    }

    // MARK: changes

    /// The sync-collection report: changes since `token`, or every member without one.
    /// A token the server no longer accepts throws with its status (or 412 for `valid-sync-token`).
    public func changes(in url: DAVURL, since token: String?) throws(SyncError) -> RemoteChanges {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(XMLReader.escape(token ?? ""))</d:sync-token>\
            <d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>
            """
        let r = try report(url, depth: nil, body: body)
        guard r.status == 207 else {
            if token != nil, [400, 403, 409, 412, 500, 507].contains(r.status) {
                throw SyncError("the server no longer knows the sync token", status: 412)
            }
            throw Self.failure("asking for changes", r)
        }
        let ms = try Multistatus(r.body)
        var out = RemoteChanges(changed: [], removed: [], token: ms.syncToken, complete: token == nil)
        for resp in ms.responses {
            guard let href = url.resolve(resp.href), href.path != url.path else { continue }
            if resp.status == 404 { out.removed.append(href.path); continue }
            guard let etag = resp.property(NS.dav, "getetag")?.trimmedText else { continue }
            out.changed.append((href.path, etag))
        }
        return out
    }

    /// The collection's ctag: it changes whenever a member does.
    public func ctag(of url: DAVURL) throws(SyncError) -> String? {
        try propfind(url, depth: 0, props: "<cs:getctag/>").responses.first?.property(NS.calendarServer, "getctag")?.trimmedText
    }

    /// Every member's ETag (PROPFIND Depth 1), for servers without sync-collection.
    public func listing(of url: DAVURL) throws(SyncError) -> RemoteChanges {
        let ms = try propfind(url, depth: 1, props: "<d:getetag/><d:resourcetype/>")
        var changed: [(String, String?)] = []
        for resp in ms.responses {
            guard let href = url.resolve(resp.href), href.path != url.path,
                  resp.property(NS.dav, "resourcetype")?.child(NS.dav, "collection") == nil else { continue }
            changed.append((href.path, resp.property(NS.dav, "getetag")?.trimmedText))
        }
        return RemoteChanges(changed: changed, removed: [], token: nil, complete: true)
    }


    /// Downloads members in batches (calendar-multiget): href path → (ETag, text).
    public func fetch(_ hrefs: [String], in url: DAVURL) throws(SyncError) -> [String: (etag: String?, text: [UInt8])] {
        var out: [String: (etag: String?, text: [UInt8])] = [:]
        var start = 0
        while start < hrefs.count {
            let batch = hrefs[start..<min(start + 200, hrefs.count)]
            start += batch.count
            let body = """
                <?xml version="1.0" encoding="utf-8"?>
                <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>\
                \(batch.map { "<d:href>\(XMLReader.escape($0))</d:href>" }.joined())</c:calendar-multiget>
                """
            let r = try report(url, depth: "1", body: body)
            guard r.status == 207 else { throw Self.failure("downloading items", r) }
            for resp in try Multistatus(r.body).responses {
                guard let href = url.resolve(resp.href), let data = resp.property(NS.caldav, "calendar-data") else { continue }
                out[href.path] = (resp.property(NS.dav, "getetag")?.trimmedText, Array(data.text.utf8))
            }
        }
        return out
    }

    /// Writes a member: `create` with `If-None-Match: *`, else `If-Match` on `etag`.
    /// Returns the status (201/204 written, 412 changed or there already) and the ETag the server
    /// gave what it stored, when it gave one.
    public func put(_ href: DAVURL, text: [UInt8], etag: String?, create: Bool) throws(SyncError) -> (status: Int, etag: String?) {
        var headers = [("Content-Type", "text/calendar; charset=utf-8")]
        if create { headers.append(("If-None-Match", "*")) } else if let etag { headers.append(("If-Match", etag)) }
        let r = try session.send(HTTPRequest("PUT", href, headers: headers, body: text))
        guard [200, 201, 204, 412].contains(r.status) else { throw Self.failure("saving an item", r) }
        return (r.status, r.header("etag"))
    }

    /// Deletes a member if it is still at `etag`: 412 when it changed, 404 when it is gone.
    public func delete(_ href: DAVURL, etag: String?) throws(SyncError) -> Int {
        let r = try session.send(HTTPRequest("DELETE", href, headers: etag.map { [("If-Match", $0)] } ?? []))
        guard [200, 204, 404, 412].contains(r.status) else { throw Self.failure("deleting an item", r) }
        return r.status
    }

    // MARK: plumbing

    func propfind(_ url: DAVURL, depth: Int, props: String) throws(SyncError) -> Multistatus {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/">\
            <d:prop>\(props)</d:prop></d:propfind>
            """
        let r = try session.send(HTTPRequest("PROPFIND", url, headers: [("Depth", String(depth)),
                                                                          ("Content-Type", "application/xml; charset=utf-8")],
                                             body: Array(body.utf8)))
        guard r.status == 207 else { throw Self.failure("reading \(url.path)", r) }
        return try Multistatus(r.body)
    }

    func report(_ url: DAVURL, depth: String?, body: String) throws(SyncError) -> HTTPResponse {
        var headers = [("Content-Type", "application/xml; charset=utf-8")]
        if let depth { headers.append(("Depth", depth)) }
        return try session.send(HTTPRequest("REPORT", url, headers: headers, body: Array(body.utf8)))
    }

    func href(_ node: XMLNode?, base: DAVURL) -> DAVURL? {
        guard let text = node?.child(NS.dav, "href")?.trimmedText, !text.isEmpty else { return nil }
        guard let url = base.resolve(text), url.origin == base.origin else { return nil }
        return url
    }

    /// An unexpected status as one line.
    static func failure(_ doing: String, _ r: HTTPResponse) -> SyncError {
        switch r.status {
        case 401: return SyncError("the server refused the user name or password", status: 401)
        case 403: return SyncError("the server does not allow \(doing)", status: 403)
        case 404: return SyncError("the server has no such collection (\(doing))", status: 404)
        case 507: return SyncError("the server is out of space", status: 507)
        default: return SyncError("the server answered \(r.status) when \(doing)", status: r.status)
        }
    }
}
