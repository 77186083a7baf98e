@testable import KagoSync
import XCTest

/// Multistatus: 207 bodies as CalDAV servers write them.
final class MultistatusTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipIf(XMLLibrary.shared == nil, "libxml2 is not installed")
    }

    func testPropstat200And404AndSyncToken() throws {
        let body = utf8("""
            <?xml version="1.0" encoding="utf-8"?>
            <ns0:multistatus xmlns:ns0="DAV:" xmlns:ns1="urn:ietf:params:xml:ns:caldav" xmlns:ns2="http://calendarserver.org/ns/">
              <ns0:response>
                <ns0:href>/dav/cal/milk.ics</ns0:href>
                <ns0:propstat>
                  <ns0:prop><ns0:getetag>"e1"</ns0:getetag><ns1:calendar-data>BEGIN:VCALENDAR
            END:VCALENDAR
            </ns1:calendar-data></ns0:prop>
                  <ns0:status>HTTP/1.1 200 OK</ns0:status>
                </ns0:propstat>
                <ns0:propstat>
                  <ns0:prop><ns2:getctag/><ns0:displayname/></ns0:prop>
                  <ns0:status>HTTP/1.1 404 Not Found</ns0:status>
                </ns0:propstat>
              </ns0:response>
              <ns0:response>
                <ns0:href>/dav/cal/gone.ics</ns0:href>
                <ns0:status>HTTP/1.1 404 Not Found</ns0:status>
              </ns0:response>
              <ns0:response><ns0:href>  </ns0:href></ns0:response>
              <ns0:sync-token>http://example.com/sync/42</ns0:sync-token>
            </ns0:multistatus>
            """)
        let m = try Multistatus(body)
        XCTAssertEqual(m.syncToken, "http://example.com/sync/42")
        XCTAssertEqual(m.responses.map(\.href), ["/dav/cal/milk.ics", "/dav/cal/gone.ics"], "a response without an href is skipped")
        let milk = m.responses[0]
        XCTAssertNil(milk.status)
        XCTAssertEqual(milk.properties.map(\.name), ["getetag", "calendar-data"], "404 properties are not found ones")
        XCTAssertEqual(milk.property(NS.dav, "getetag")?.trimmedText, "\"e1\"")
        XCTAssertEqual(milk.property(NS.caldav, "calendar-data")?.text, "BEGIN:VCALENDAR\nEND:VCALENDAR\n")
        XCTAssertNil(milk.property(NS.calendarServer, "getctag"))
        XCTAssertNil(milk.property(NS.caldav, "getetag"), "the namespace matters")
        XCTAssertEqual(m.responses[1].status, 404)
        XCTAssertEqual(m.responses[1].properties, [])
    }

    func testEmptyMultistatus() throws {
        let m = try Multistatus(utf8("<multistatus xmlns=\"DAV:\"/>"))
        XCTAssertTrue(m.responses.isEmpty)
        XCTAssertNil(m.syncToken)
    }

    func testStatusLine() {
        func node(_ text: String) -> XMLNode { XMLNode(namespace: NS.dav, name: "status", text: text, children: []) }
        XCTAssertEqual(Multistatus.status(node(" HTTP/1.1 200 OK\n")), 200)
        XCTAssertEqual(Multistatus.status(node("HTTP/1.1 507 Insufficient Storage")), 507)
        XCTAssertNil(Multistatus.status(node("garbage")))
        XCTAssertNil(Multistatus.status(nil))
    }

    // Found by scripts/fuzz multistatus (the crash input, shortened): the CRs kago read were
    // written back raw into a multiget and a sync report, which a server reads as LFs.
    func testAnHrefAndATokenWithACarriageReturnGoBackAsTheyCame() throws {
        let m = try Multistatus(utf8("""
            <?xml version='1.0' encoding='utf-8'?>
            <ns0:multistatus xmlns:ns0="DAV:"><ns0:response><ns0:href>/user/calendars/s&#13;ng/</ns0:href>\
            </ns0:response><ns0:sync-token>http://e&#13;xample.com/sync/42</ns0:sync-token></ns0:multistatus>
            """))
        XCTAssertEqual(m.responses.map(\.href), ["/user/calendars/s\rng/"])
        XCTAssertEqual(m.syncToken, "http://e\rxample.com/sync/42")
        for text in [m.responses[0].href, m.syncToken ?? ""] {
            let request = utf8("<d:href xmlns:d=\"DAV:\">\(XMLReader.escape(text))</d:href>")
            XCTAssertEqual(try XMLReader.parse(request).trimmedText, text)
        }
    }

    func testOtherRootIsRefused() {
        XCTAssertThrowsError(try Multistatus(utf8("<multistatus xmlns=\"urn:other\"/>"))) { XCTAssertTrue($0 is SyncError) }
        XCTAssertThrowsError(try Multistatus(utf8("<d:error xmlns:d=\"DAV:\"><d:valid-sync-token/></d:error>"))) {
            XCTAssertTrue($0 is SyncError)
        }
        XCTAssertThrowsError(try Multistatus(utf8("<html>502 Bad Gateway</html>"))) { XCTAssertTrue($0 is SyncError) }
    }
}
