import CCurl

/// One HTTP request.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: DAVURL
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(_ method: String, _ url: DAVURL, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// What a server answered.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names in lower case, in the order they came.
    public var headers: [(String, String)]
    public var body: [UInt8]

    /// The last value of a header (the name in lower case).
    public func header(_ name: String) -> String? { headers.last { $0.0 == name }?.1 }
}

/// How the session talks to the server.
public struct HTTPOptions: Sendable {
    public var username: String?
    public var password: String?
    /// A PEM file of extra CAs to trust beside the system's.
    public var caFile: String?
    public var connectTimeoutMS = 10_000
    /// The most one request may take, body included.
    public var totalTimeoutMS = 60_000
    /// The biggest body kago reads; a bigger one is an error, not a memory peak.
    public var maxBodyBytes = 64 << 20

    public init() {}
}

/// An HTTP/1.1 session on one libcurl handle, so requests reuse the connection (keep-alive).
/// Redirects are followed only within the same origin, at most five times.
public final class HTTPSession {
    private let curl: CurlLibrary
    private let handle: UnsafeMutableRawPointer
    private let options: HTTPOptions
    /// Requests sent, for the figures in `scripts/bench` and the tests.
    public private(set) var requestCount = 0

    public init(options: HTTPOptions) throws(SyncError) {
        guard let curl = CurlLibrary.shared else { throw SyncError("libcurl is not installed (apt-get install libcurl4)") }
        guard let handle = curl.easyInit() else { throw SyncError("libcurl could not start") }
        self.curl = curl
        self.handle = handle
        self.options = options
    }

    deinit { curl.easyCleanup(handle) }

    /// Sends a request and reads the whole answer, following same-origin redirects.
    public func send(_ request: HTTPRequest) throws(SyncError) -> HTTPResponse {
        var request = request
        for _ in 0..<5 {
            let response = try perform(request)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.header("location") else {
                return response
            }
            guard let next = request.url.resolve(location), next.origin == request.url.origin else {
                throw SyncError("the server redirected to another host", status: response.status)
            }
            request.url = next
            if response.status == 303 { request.method = "GET"; request.body = [] }
        }
        throw SyncError("too many redirects")
    }

    /// Collects one response through libcurl's callbacks.
    private final class Collector {
        var body: [UInt8] = []
        var headers: [(String, String)] = []
        var limit: Int
        var tooBig = false
        init(limit: Int) { self.limit = limit }
    }

    private func perform(_ request: HTTPRequest) throws(SyncError) -> HTTPResponse {
        requestCount += 1
        curl.easyReset(handle)
        let collector = Collector(limit: options.maxBodyBytes)
        let box = Unmanaged.passRetained(collector)
        defer { box.release() }
        var list: UnsafeMutablePointer<curl_slist>?
        defer { curl.slistFree(list) }
        for (name, value) in request.headers + [("Expect", ""), ("User-Agent", "kago")] {
            list = curl.slistAppend(list, "\(name): \(value)")
        }
        set(CURLOPT_URL, string: request.url.description)
        set(CURLOPT_PROTOCOLS_STR, string: "http,https")
        set(CURLOPT_NOSIGNAL, 1)
        set(CURLOPT_CONNECTTIMEOUT_MS, options.connectTimeoutMS)
        set(CURLOPT_TIMEOUT_MS, options.totalTimeoutMS)
        set(CURLOPT_FOLLOWLOCATION, 0)
        set(CURLOPT_SSL_VERIFYPEER, 1)
        set(CURLOPT_SSL_VERIFYHOST, 2)
        if let ca = options.caFile { set(CURLOPT_CAINFO, string: ca) }
        if let user = options.username {
            set(CURLOPT_USERNAME, string: user)
            set(CURLOPT_PASSWORD, string: options.password ?? "")
            set(CURLOPT_HTTPAUTH, kago_curlauth_basic())
        } else {
            set(CURLOPT_NETRC, Int(CURL_NETRC_OPTIONAL.rawValue))
        }
        set(CURLOPT_CUSTOMREQUEST, string: request.method)
        if request.method == "HEAD" { set(CURLOPT_NOBODY, 1) }
        _ = kago_curl_setopt_pointer(curl.setopt, handle, CURLOPT_HTTPHEADER, list)
        if !request.body.isEmpty || ["PUT", "POST"].contains(request.method) {
            set(CURLOPT_POSTFIELDSIZE_LARGE, off: curl_off_t(request.body.count))
            request.body.withUnsafeBytes { raw in
                _ = kago_curl_setopt_pointer(curl.setopt, handle, CURLOPT_COPYPOSTFIELDS, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1))
            }
        }
        let write: curl_write_callback = { data, size, count, user in
            let c = Unmanaged<Collector>.fromOpaque(user!).takeUnretainedValue()
            let n = size * count
            if c.body.count + n > c.limit { c.tooBig = true; return 0 }
            if n > 0 { c.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: n)) }
            return n
        }
        let header: curl_write_callback = { data, size, count, user in
            let c = Unmanaged<Collector>.fromOpaque(user!).takeUnretainedValue()
            let n = size * count
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: n), as: UTF8.self)
            if line.hasPrefix("HTTP/") { c.headers.removeAll() } // a 100 Continue or an auth round before
            if let colon = line.firstIndex(of: ":"), c.headers.count < 200 {
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters()
                c.headers.append((name, value))
            }
            return n
        }
        _ = kago_curl_setopt_write(curl.setopt, handle, CURLOPT_WRITEFUNCTION, write)
        _ = kago_curl_setopt_pointer(curl.setopt, handle, CURLOPT_WRITEDATA, box.toOpaque())
        _ = kago_curl_setopt_write(curl.setopt, handle, CURLOPT_HEADERFUNCTION, header)
        _ = kago_curl_setopt_pointer(curl.setopt, handle, CURLOPT_HEADERDATA, box.toOpaque())
        let code = curl.easyPerform(handle)
        if collector.tooBig { throw SyncError("the server's answer is larger than \(options.maxBodyBytes >> 20) MiB") }
        guard code == CURLE_OK else { throw SyncError(Self.describe(code, curl: curl, url: request.url, timeout: options.totalTimeoutMS)) }
        var status = 0
        _ = kago_curl_getinfo_long(curl.getinfo, handle, CURLINFO_RESPONSE_CODE, &status)
        return HTTPResponse(status: status, headers: collector.headers, body: collector.body)
    }

    private func set(_ option: CURLoption, _ value: Int) { _ = kago_curl_setopt_long(curl.setopt, handle, option, value) }
    private func set(_ option: CURLoption, off value: curl_off_t) { _ = kago_curl_setopt_off(curl.setopt, handle, option, value) }
    private func set(_ option: CURLoption, string: String) {
        // libcurl copies string options (since 7.17), so the buffer may go after the call.
        _ = string.withCString { kago_curl_setopt_pointer(curl.setopt, handle, option, $0) }
    }

    /// A libcurl failure in words a user can act on.
    static func describe(_ code: CURLcode, curl: CurlLibrary, url: DAVURL, timeout: Int) -> String {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST: return "cannot find the host \(url.host)"
        case CURLE_COULDNT_CONNECT: return "cannot connect to \(url.host):\(url.port)"
        case CURLE_OPERATION_TIMEDOUT: return "the server did not answer in time"
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE: return "the server's TLS certificate is not trusted (sync.ca_file adds a CA)"
        case CURLE_SSL_CONNECT_ERROR: return "the TLS connection failed"
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            return "the connection to the server broke"
        default:
            let text = curl.easyStrerror(code).map { String(cString: $0) } ?? "error \(code.rawValue)"
            return "network: \(text)"
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and line breaks.
    func trimmingCharacters() -> String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !isSpace($0) })!
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}
