@testable import KagoSync
import XCTest

/// XMLReader: namespaces by URI whatever the prefix, and hostile input refused with a SyncError.
final class XMLReaderTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipIf(XMLLibrary.shared == nil, "libxml2 is not installed")
    }

    private func assertRefused(_ bytes: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try XMLReader.parse(bytes), what, file: file, line: line) { error in
            XCTAssertTrue(error is SyncError, "\(what): \(error)", file: file, line: line)
            XCTAssertFalse((error as? SyncError)?.message.isEmpty ?? true, what, file: file, line: line)
        }
    }

    func testNamespacesAreReadByURINotPrefix() throws {
        let root = try XMLReader.parse(utf8("""
            <?xml version="1.0" encoding="utf-8"?>
            <ns0:multistatus xmlns:ns0="DAV:" xmlns:ns1="urn:ietf:params:xml:ns:caldav"><ns0:response>\
            <ns0:href>/a/</ns0:href><ns1:comp name="VTODO"/></ns0:response></ns0:multistatus>
            """))
        XCTAssertEqual(root.namespace, NS.dav)
        XCTAssertEqual(root.name, "multistatus")
        let response = try XCTUnwrap(root.child(NS.dav, "response"))
        XCTAssertEqual(response.child(NS.dav, "href")?.text, "/a/")
        XCTAssertEqual(response.child(NS.caldav, "comp")?.attributes, ["name": "VTODO"])
        XCTAssertNil(response.child(NS.caldav, "href"))
    }

    func testDefaultNamespaceTextEntitiesAndCDATA() throws {
        let root = try XMLReader.parse(utf8("""
            <d xmlns="DAV:"><a>  x &amp; &lt;y&gt; &#x725B;&#20083;  </a><b><![CDATA[BEGIN:VTODO <raw> & ]]></b><a>2</a></d>
            """))
        XCTAssertEqual(root.namespace, "DAV:")
        XCTAssertEqual(root.child("DAV:", "a")?.trimmedText, "x & <y> 牛乳")
        XCTAssertEqual(root.child("DAV:", "b")?.text, "BEGIN:VTODO <raw> & ")
        XCTAssertEqual(root.all("DAV:", "a").map(\.text), ["  x & <y> 牛乳  ", "2"])
    }

    func testBillionLaughsIsRefused() {
        var doc = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        for i in 1...9 {
            doc += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i == 1 ? "" : String(i - 1));", count: 10) + "\">\n"
        }
        doc += "]>\n<multistatus xmlns=\"DAV:\">&lol9;</multistatus>"
        assertRefused(utf8(doc), "billion laughs")
    }

    func testExternalEntityIsRefused() {
        assertRefused(utf8("""
            <?xml version="1.0"?><!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><d xmlns="DAV:">&xxe;</d>
            """), "external entity")
        assertRefused(utf8("<?xml version=\"1.0\"?><!DOCTYPE d SYSTEM \"http://example.com/evil.dtd\"><d/>"), "external DTD")
    }

    func testUndeclaredEntityIsRefused() {
        assertRefused(utf8("<d xmlns=\"DAV:\">&undeclared;</d>"), "undeclared entity")
    }

    func testDTDHiddenInUTF16IsRefused() {
        // A byte search for "<!DOCTYPE" does not see it in UTF-16; the parser must still refuse.
        let doc = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><!DOCTYPE d [<!ENTITY x \"y\">]><d>&x;</d>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for u in doc.utf16 { bytes += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        assertRefused(bytes, "UTF-16 DTD")
    }

    func testNestingDeeperThan64IsRefused() throws {
        func nested(_ depth: Int) -> [UInt8] {
            utf8(String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth))
        }
        XCTAssertNoThrow(try XMLReader.parse(nested(XMLReader.maxDepth)))
        assertRefused(nested(XMLReader.maxDepth + 1), "depth 65")
        assertRefused(nested(100_000), "depth 100000")
    }

    func testWhatIsNotXMLIsRefused() {
        assertRefused([], "empty")
        assertRefused(utf8("   "), "blank")
        assertRefused(utf8("Internal Server Error"), "text")
        assertRefused(utf8("{\"multistatus\": []}"), "JSON")
        assertRefused(utf8("<html><body><p>unclosed</body></html>"), "mismatched tags")
        assertRefused(utf8("<a/><b/>"), "two roots")
    }

    func testTruncatedXMLIsRefused() {
        let full = utf8("<d:multistatus xmlns:d=\"DAV:\"><d:response><d:href>/a/</d:href></d:response></d:multistatus>")
        for cut in stride(from: 1, to: full.count - 1, by: 7) {
            assertRefused(Array(full[..<cut]), "cut at \(cut)")
        }
    }

    func testInvalidUTF8IsRefused() {
        assertRefused(utf8("<d xmlns=\"DAV:\">") + [0xFF, 0xFE, 0xC3] + utf8("</d>"), "invalid UTF-8")
        assertRefused(utf8("<d xmlns=\"DAV:\">牛") + [0xE4, 0xB9] + utf8("</d>"), "truncated sequence")
        assertRefused(utf8("<d>") + [0] + utf8("</d>"), "NUL")
    }

    func testEscape() {
        XCTAssertEqual(XMLReader.escape("a&b<c>\"d\" 牛乳"), "a&amp;b&lt;c&gt;&quot;d&quot; 牛乳")
        XCTAssertEqual(XMLReader.escape("a\rb\nc\td"), "a&#13;b&#10;c&#9;d")
    }

    // Found by scripts/fuzz multistatus: a CR (sent as `&#13;`) in an href or a sync token went
    // back raw, and XML reads a raw CR as LF: the server got another href or token.
    func testEscapedTextReadsBackAsItself() throws {
        for text in ["/user/calendars/s\rng/", "http://e\rxample.com/sync/42", "a\r\nb", "tab\there", "a\nb", "牛乳 & <x>"] {
            let root = try XMLReader.parse(utf8("<d:href xmlns:d=\"DAV:\">\(XMLReader.escape(text))</d:href>"))
            XCTAssertEqual(root.text, text, text.debugDescription)
            let attribute = try XMLReader.parse(utf8("<d:comp xmlns:d=\"DAV:\" name=\"\(XMLReader.escape(text))\"/>"))
            XCTAssertEqual(attribute.attributes["name"], text, text.debugDescription)
        }
    }
}
