@testable import KagoSync
import XCTest

/// DAVURL: parsing, resolving references, origins and loopback.
final class DAVURLTests: XCTestCase {
    private func url(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> DAVURL {
        try XCTUnwrap(DAVURL(text), text, file: file, line: line)
    }

    func testParseAndDefaultPorts() throws {
        let a = try url("HTTPS://Dav.Example.COM/remote.php/dav/?x=1#frag")
        XCTAssertEqual(a.scheme, "https")
        XCTAssertEqual(a.host, "dav.example.com")
        XCTAssertEqual(a.port, 443)
        XCTAssertEqual(a.path, "/remote.php/dav/?x=1")
        XCTAssertEqual(a.description, "https://dav.example.com/remote.php/dav/?x=1")
        let b = try url("http://radicale:5232")
        XCTAssertEqual(b.port, 5232)
        XCTAssertEqual(b.path, "/")
        XCTAssertEqual(b.description, "http://radicale:5232/")
        XCTAssertEqual(try url("http://h/").port, 80)
        XCTAssertEqual(try url("https://h:8443/%E7%89%9B/").path, "/%E7%89%9B/")
    }

    func testIPv6Brackets() throws {
        let a = try url("http://[::1]:8080/dav/")
        XCTAssertEqual(a.host, "[::1]")
        XCTAssertEqual(a.port, 8080)
        XCTAssertEqual(a.origin, "http://[::1]:8080")
        XCTAssertEqual(try url("https://[2001:DB8::7]/").host, "[2001:db8::7]")
        XCTAssertEqual(try url("https://[2001:db8::7]/").port, 443)
        XCTAssertNil(DAVURL("http://[::1/"))
        XCTAssertNil(DAVURL("http://[::1]x/"))
    }

    func testRefused() {
        for bad in ["http://a@b/", "https://user:pw@dav.example.com/", "ftp://h/", "h/path", "", "http://", "http:///x",
                    "http://h:0/", "http://h:65536/", "http://h:port/", "http://h o/", "http://h/a b", "http://h/a\tb",
                    "http://h/\u{1B}[31m", "http://h/a\u{7F}b", "mailto:a@b"] {
            XCTAssertNil(DAVURL(bad), bad)
        }
    }

    func testResolveAbsolutePathAndRelativeReferences() throws {
        let base = try url("https://dav.example.com/dav/cal/item.ics")
        XCTAssertEqual(base.resolve("https://other.example.com:8443/x")?.description, "https://other.example.com:8443/x")
        XCTAssertEqual(base.resolve("/dav/other/")?.description, "https://dav.example.com/dav/other/")
        XCTAssertEqual(base.resolve("milk.ics")?.description, "https://dav.example.com/dav/cal/milk.ics")
        XCTAssertEqual(try url("https://dav.example.com/dav/cal/").resolve("milk.ics")?.path, "/dav/cal/milk.ics")
        XCTAssertEqual(try url("http://h:8080/").resolve("a/b")?.description, "http://h:8080/a/b")
        XCTAssertNil(base.resolve("//evil.example.com/x"), "a network-path reference would change the host")
        XCTAssertNil(base.resolve(""))
        XCTAssertNil(base.resolve("a b"))
        XCTAssertNil(base.resolve("a\u{1B}b"))
    }

    func testResolveRemovesDotSegments() throws {
        // RFC 3986 §5.2.4: "../" and "./" are removed when a reference is resolved.
        let base = try url("https://dav.example.com/dav/cal/item.ics")
        XCTAssertEqual(base.resolve("../other/")?.path, "/dav/other/")
        XCTAssertEqual(base.resolve("./milk.ics")?.path, "/dav/cal/milk.ics")
    }

    func testOriginComparison() throws {
        XCTAssertEqual(try url("https://h/a").origin, try url("https://H:443/b/c").origin)
        XCTAssertEqual(try url("https://h/a").origin, "https://h:443")
        XCTAssertNotEqual(try url("https://h/").origin, try url("http://h/").origin)
        XCTAssertNotEqual(try url("https://h/").origin, try url("https://h:8443/").origin)
        XCTAssertNotEqual(try url("https://h/").origin, try url("https://h.evil/").origin)
        XCTAssertEqual(try url("http://h/").resolve("/x")?.origin, "http://h:80")
    }

    func testLoopback() throws {
        for host in ["localhost", "LOCALHOST", "127.0.0.1", "127.1.2.3", "[::1]"] {
            XCTAssertTrue(try url("http://\(host):5232/").isLoopback, host)
        }
        for host in ["example.com", "10.0.0.1", "[::2]", "localhost.example.com", "128.0.0.1", "127.0.0.1.example.com"] {
            XCTAssertFalse(try url("http://\(host)/").isLoopback, host)
        }
    }

    func testHostThatOnlyLooksLikeLoopbackIsNot() throws {
        // Plain http is allowed to loopback only: a public name starting with "127." must not pass.
        for host in ["127.evil.example.com", "127.0.0.evil", "127.0.0.1000"] {
            XCTAssertFalse(try url("http://\(host)/").isLoopback, host)
        }
    }

    func testAsCollection() throws {
        XCTAssertEqual(try url("https://h/dav/cal").asCollection.path, "/dav/cal/")
        XCTAssertEqual(try url("https://h/dav/cal/").asCollection.path, "/dav/cal/")
    }
}
