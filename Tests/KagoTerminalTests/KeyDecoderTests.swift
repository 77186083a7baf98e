import KagoTerminal
import KagoView
import XCTest

final class KeyDecoderTests: XCTestCase {
    func testControlCharacters() {
        XCTAssertEqual(KeyDecoder.decode(10, isKeyCode: false), .enter)
        XCTAssertEqual(KeyDecoder.decode(13, isKeyCode: false), .enter)
        XCTAssertEqual(KeyDecoder.decode(127, isKeyCode: false), .backspace)
        XCTAssertEqual(KeyDecoder.decode(8, isKeyCode: false), .backspace)
        XCTAssertEqual(KeyDecoder.decode(9, isKeyCode: false), .tab)
        XCTAssertEqual(KeyDecoder.decode(27, isKeyCode: false), .escape)
        XCTAssertEqual(KeyDecoder.decode(3, isKeyCode: false), .ctrl("c"))
        XCTAssertEqual(KeyDecoder.decode(18, isKeyCode: false), .ctrl("r"))
        XCTAssertNil(KeyDecoder.decode(0, isKeyCode: false))
        XCTAssertNil(KeyDecoder.decode(0x9B, isKeyCode: false), "a C1 control is never text")
    }

    func testTextIsDecodedAsCharacters() {
        XCTAssertEqual(KeyDecoder.decode(UInt32(UInt8(ascii: "a")), isKeyCode: false), .char("a"))
        XCTAssertEqual(KeyDecoder.decode(0x725B, isKeyCode: false), .char("牛"))
        XCTAssertEqual(KeyDecoder.decode(0x1F6D2, isKeyCode: false), .char("🛒"))
        XCTAssertNil(KeyDecoder.decode(0xD800, isKeyCode: false), "a lone surrogate is not a scalar")
        XCTAssertNil(KeyDecoder.decode(0x110000, isKeyCode: false))
    }

    func testAnyCodeDecodesWithoutCrashing() {
        for code in stride(from: UInt32(0), to: 0x2_0000, by: 7) {
            _ = KeyDecoder.decode(code, isKeyCode: false)
            _ = KeyDecoder.decode(code, isKeyCode: true)
        }
        _ = KeyDecoder.decode(.max, isKeyCode: true)
        _ = KeyDecoder.decode(.max, isKeyCode: false)
    }
}
