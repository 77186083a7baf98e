/// An http(s) URL split into what requests and origin checks need; the path stays
/// percent-encoded as the server wrote it.
public struct DAVURL: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var scheme: String
    /// The host as written (an IPv6 address keeps its brackets).
    public var host: String
    public var port: Int
    public var path: String

    /// Parses `http://host[:port]/path`; nil for anything else (no user info, no fragment).
    public init?(_ text: String) {
        let lower = text.lowercased()
        if lower.hasPrefix("https://") { scheme = "https" } else if lower.hasPrefix("http://") { scheme = "http" } else { return nil }
        var rest = Substring(text.dropFirst(scheme.count + 3))
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        path = slash == rest.endIndex ? "/" : String(rest[slash...])
        guard !authority.isEmpty, !authority.contains("@"), authority.allSatisfy({ $0.isASCII && $0 > " " && $0 != "\u{7F}" })
        else { return nil }
        var hostPart = authority, portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            hostPart = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty { guard after.hasPrefix(":") else { return nil }; portPart = after.dropFirst() }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        }
        guard !hostPart.isEmpty else { return nil }
        host = hostPart.lowercased()
        if let portPart {
            guard let p = Int(portPart), (1...65535).contains(p) else { return nil }
            port = p
        } else {
            port = scheme == "https" ? 443 : 80
        }
        guard path.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else { return nil }
    }

    /// scheme://host:port, what a redirect or an href must keep.
    public var origin: String { "\(scheme)://\(host):\(port)" }

    public var description: String {
        let defaultPort = (scheme == "https" && port == 443) || (scheme == "http" && port == 80)
        return "\(scheme)://\(host)\(defaultPort ? "" : ":\(port)")\(path)"
    }

    /// A reference (an href or a Location) read against this URL: absolute, `/path` or relative.
    public func resolve(_ reference: String) -> DAVURL? {
        if let absolute = DAVURL(reference) { return absolute }
        guard !reference.isEmpty, !reference.hasPrefix("//"), reference.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
        else { return nil }
        var url = self
        if reference.hasPrefix("/") {
            url.path = Self.removingDotSegments(reference)
        } else {
            let directory = path.hasSuffix("/") ? path : String(path[...(path.lastIndex(of: "/") ?? path.startIndex)])
            url.path = Self.removingDotSegments(directory + reference)
        }
        return url
    }

    /// A path without `.` and `..` segments (RFC 3986 §5.2.4), so equal paths compare equal.
    static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var (pathPart, query) = (Substring(path), Substring(""))
        if let q = path.firstIndex(of: "?") { pathPart = path[..<q]; query = path[q...] }
        var out: [Substring] = []
        let segments = pathPart.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (i, segment) in segments.enumerated() {
            let last = i == segments.count - 1
            switch segment {
            case ".": if last { out.append("") }
            case "..":
                if !out.isEmpty { out.removeLast() }
                if last { out.append("") }
            default: out.append(segment)
            }
        }
        return "/" + out.joined(separator: "/") + query
    }

    /// Whether the host is this machine, where plain http cannot be overheard.
    public var isLoopback: Bool {
        if host == "localhost" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { p in
            (1...3).contains(p.count) && p.allSatisfy({ $0.isASCII && $0.isNumber }) && Int(p)! <= 255
        }
    }

    /// This URL as a collection: its path ends in `/`.
    public var asCollection: DAVURL {
        var url = self
        if !url.path.hasSuffix("/") { url.path += "/" }
        return url
    }
}
