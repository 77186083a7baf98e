@testable import KagoTerminal
import XCTest

/// Which clusters ncurses can draw itself and which go to the terminal whole (issue 10.10).
final class ClusterOutputTests: XCTestCase {
    /// glibc 2.36's wcwidth (Unicode 14) for the scalars below: 🏳 and ❤ are text-default
    /// (1), marks and joiners 0, 🫎 (Unicode 15) unknown.
    func glibc(_ u: Unicode.Scalar) -> Int {
        switch u.value {
        case 0x1F3F3, 0x2764, 0x31: return 1
        case 0x1F308, 0x1F468, 0x1F469, 0x1F467, 0x1F1EF, 0x1F1F5, 0x725B: return 2
        case 0x200D, 0xFE0F, 0x20E3, 0x300...0x36F: return 0
        case 0x1FACE: return -1
        default: return u.value < 0x300 ? 1 : -1
        }
    }

    func direct(_ s: String, wide: Bool) -> Bool {
        ClusterOutput.needsDirectWrite(s, wide: wide, capacity: 5, libcWidth: glibc)
    }

    func testNcursesDrawsWhatOneCcharHoldsAtItsWidth() {
        XCTAssertFalse(direct("a", wide: false))
        XCTAssertFalse(direct("牛", wide: true))
        XCTAssertFalse(direct("e\u{301}\u{302}\u{303}", wide: false), "four scalars fit a cchar_t of five")
        XCTAssertFalse(direct("\u{1FACE}", wide: true), "unknown to the C library: a replacement, not sent")
    }

    func testSequencesAndOtherwiseSizedBasesGoWhole() {
        XCTAssertTrue(direct("🏳\u{FE0F}\u{200D}🌈", wide: true), "a ZWJ sequence: several spacing scalars")
        XCTAssertTrue(direct("👨\u{200D}👩\u{200D}👧", wide: true))
        XCTAssertTrue(direct("🇯🇵", wide: true), "a flag is two spacing scalars")
        XCTAssertTrue(direct("🏳", wide: true), "kago gives it two cells, the C library one")
        XCTAssertTrue(direct("❤\u{FE0F}", wide: true), "VS16 makes a text symbol two cells wide")
        XCTAssertTrue(direct("1\u{FE0F}\u{20E3}", wide: true), "a keycap")
        XCTAssertTrue(direct("e\u{301}\u{302}\u{303}\u{304}", wide: false), "five scalars: more than a cchar_t stores")
        XCTAssertTrue(direct("\u{1FACE}\u{FE0F}", wide: true), "decided per cluster: an unknown base with VS16 is sent whole")
    }

    func testDirectWriteRestoresTheCursorAndAttributes() {
        let bytes = ClusterOutput.direct("🏳\u{FE0F}\u{200D}🌈", x: 4, y: 2, sgr: "0;1")
        XCTAssertEqual(bytes, "\u{1b}7\u{1b}[3;5H\u{1b}[0;1m🏳\u{FE0F}\u{200D}🌈\u{1b}8")
    }
}
