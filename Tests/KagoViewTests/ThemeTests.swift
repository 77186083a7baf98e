import KagoState
@testable import KagoView
import XCTest

final class ThemeTests: XCTestCase {
    var allStyles: [Style] { Role.allCases.flatMap { [Style($0), Style($0, selected: true)] } }

    func testMonoHasNoColourForAnyStyle() {
        let mono = Theme(.mono)
        XCTAssertFalse(mono.usesColor)
        for style in allStyles {
            let a = mono.appearance(style)
            XCTAssertEqual(a.foreground, .default, "\(style)")
            XCTAssertEqual(a.background, .default, "\(style)")
        }
    }

    func testNoColorForcesMonoWhateverTheConfig() {
        for name in ThemeName.allCases {
            XCTAssertEqual(Theme.resolve(name, noColor: true, colorFGBG: nil).name, .mono, "\(name)")
            XCTAssertEqual(Theme.resolve(name, noColor: true, colorFGBG: "0;15").name, .mono, "\(name)")
        }
        XCTAssertEqual(Theme.resolve(.dark, noColor: false, colorFGBG: nil).name, .dark)
        XCTAssertEqual(Theme.resolve(.light, noColor: false, colorFGBG: "15;0").name, .light)
    }

    func testAutoReadsCOLORFGBG() {
        XCTAssertEqual(Theme.resolve(.auto, noColor: false, colorFGBG: "0;15").name, .light)
        XCTAssertEqual(Theme.resolve(.auto, noColor: false, colorFGBG: "0;7").name, .light)
        XCTAssertEqual(Theme.resolve(.auto, noColor: false, colorFGBG: "0;default;15").name, .light)
        XCTAssertEqual(Theme.resolve(.auto, noColor: false, colorFGBG: "15;0").name, .auto)
        XCTAssertEqual(Theme.resolve(.auto, noColor: false, colorFGBG: "").name, .auto)
        XCTAssertEqual(Theme.resolve(.auto, noColor: false, colorFGBG: nil).name, .auto)
    }

    func testSelectedStylesUseReverseInEveryTheme() {
        for name in ThemeName.allCases {
            let theme = Theme(name)
            for role in Role.allCases {
                let a = theme.appearance(Style(role, selected: true))
                XCTAssertTrue(a.reverse, "\(name) \(role)")
                XCTAssertFalse(a.dim, "\(name) \(role): dim on reverse is unreadable on some terminals")
            }
        }
    }

    func testColoursUseTheTerminalsOwnBackground() {
        for name in ThemeName.allCases {
            for style in allStyles {
                XCTAssertEqual(Theme(name).appearance(style).background, .default, "\(name) \(style)")
            }
        }
    }

    func testLightAndAutoAvoidColoursThatVanishOnALightBackground() {
        for name in [ThemeName.light, .auto] {
            for style in allStyles {
                let fg = Theme(name).appearance(style).foreground
                XCTAssertNotEqual(fg, .yellow, "\(name) \(style)")
                XCTAssertNotEqual(fg, .white, "\(name) \(style)")
            }
        }
    }

    /// In mono, highlights must still stand out from plain text through attributes alone.
    func testMonoHighlightsAreVisibleWithoutColour() {
        let mono = Theme(.mono)
        let plain = mono.appearance(.normal)
        for role in [Role.overdue, .today, .header, .tabActive, .error, .warning, .hintKey, .buttonPrimary, .dotActive,
                     .title, .helpTitle, .message] {
            XCTAssertNotEqual(mono.appearance(Style(role)), plain, "\(role)")
        }
        XCTAssertNotEqual(mono.appearance(Style(.overdue)), mono.appearance(Style(.today)),
                          "overdue and today differ in mono")
        XCTAssertNotEqual(mono.appearance(Style(.dotActive)), mono.appearance(Style(.dot)))
        XCTAssertNotEqual(mono.appearance(Style(.tabActive)), mono.appearance(Style(.tab)))
    }

    func testEveryStyleHasAnAppearance() {
        for name in ThemeName.allCases {
            let theme = Theme(name)
            XCTAssertEqual(theme.appearance(.normal), Appearance())
            XCTAssertTrue(theme.appearance(Style(.title)).bold)
        }
    }
}
