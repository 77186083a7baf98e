/// The namespaces WebDAV and CalDAV answers use.
public enum NS {
    public static let dav = "DAV:"
    public static let caldav = "urn:ietf:params:xml:ns:caldav"
    public static let calendarServer = "http://calendarserver.org/ns/"
}

/// One `DAV:response` of a 207 Multi-Status.
public struct DAVResponse: Sendable {
    public var href: String
    /// The response's own status (a deleted member in a sync report), when it has one.
    public var status: Int?
    /// Properties found (status 200), by local name; namespaces kept in the node.
    public var properties: [XMLNode]

    /// A found property.
    public func property(_ namespace: String, _ name: String) -> XMLNode? {
        properties.first { $0.name == name && $0.namespace == namespace }
    }
}

/// A parsed Multi-Status body.
public struct Multistatus: Sendable {
    public var responses: [DAVResponse]
    /// The `DAV:sync-token` of a sync-collection report.
    public var syncToken: String?

    public init(_ bytes: [UInt8]) throws(SyncError) {
        let root = try XMLReader.parse(bytes)
        guard root.namespace == NS.dav, root.name == "multistatus" else {
            throw SyncError("the server's answer is not a WebDAV multistatus")
        }
        responses = root.all(NS.dav, "response").compactMap { r in
            guard let href = r.child(NS.dav, "href")?.trimmedText, !href.isEmpty else { return nil }
            var props: [XMLNode] = []
            for propstat in r.all(NS.dav, "propstat") where Self.status(propstat.child(NS.dav, "status")) == 200 {
                props += propstat.child(NS.dav, "prop")?.children ?? []
            }
            return DAVResponse(href: href, status: Self.status(r.child(NS.dav, "status")), properties: props)
        }
        syncToken = root.child(NS.dav, "sync-token")?.trimmedText
    }

    /// `HTTP/1.1 200 OK` → 200.
    static func status(_ node: XMLNode?) -> Int? {
        guard let text = node?.trimmedText else { return nil }
        let parts = text.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }
}
