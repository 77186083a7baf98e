import KagoState
@testable import KagoView
import XCTest

final class KeymapTests: XCTestCase {
    static let modes: [KeyMode] = [.tooSmall, .intro, .help, .confirm, .input, .toBuy, .purchased, .categories]

    func action(_ key: Key, _ mode: KeyMode) -> Action? { Keymap.action(for: key, in: mode) }

    func testEveryHelpAndHintKeyResolvesInBothLanguages() {
        for lang in Language.allCases {
            let table = Strings.table(for: lang)
            for mode in Self.modes {
                for section in Keymap.sections(for: mode) {
                    XCTAssertNotNil(table[section.title], "\(lang) \(mode) section \(section.title)")
                    for b in section.bindings {
                        XCTAssertNotNil(table[b.help], "\(lang) \(mode) \(b.label): help \(b.help)")
                        if let hint = b.hint { XCTAssertNotNil(table[hint], "\(lang) \(mode) \(b.label): hint \(hint)") }
                    }
                }
            }
        }
    }

    func testNoKeyIsBoundTwiceInOneMode() {
        for mode in Self.modes {
            var seen: [Key: Action] = [:]
            for section in Keymap.sections(for: mode) {
                for b in section.bindings {
                    XCTAssertFalse(b.keys.isEmpty, "\(mode): a binding without keys")
                    for key in b.keys {
                        if let first = seen[key] {
                            XCTFail("\(mode): \(key.label) is bound to \(first) and \(b.action)")
                        }
                        seen[key] = b.action
                    }
                }
            }
        }
    }

    /// SPEC §10: on a Due again row, `+` and Enter add it and `d` hides it, over To buy's own
    /// meanings (on purpose: the only keys bound twice in a mode), and the hints say so.
    func testDueAgainRowKeys() {
        XCTAssertEqual(action(.char("+"), .dueAgain), .addDue)
        XCTAssertEqual(action(.enter, .dueAgain), .addDue)
        XCTAssertEqual(action(.char("d"), .dueAgain), .hideDue)
        XCTAssertEqual(action(.delete, .dueAgain), .hideDue)
        XCTAssertEqual(action(.char("e"), .dueAgain), .startEdit)
        XCTAssertEqual(action(.char("a"), .dueAgain), .startAdd)
        XCTAssertEqual(action(.char("j"), .dueAgain), .move(1))
        XCTAssertNil(action(.char("+"), .toBuy), "+ only on a Due again row")
        let hints = Keymap.hints(for: .dueAgain).map { "\($0.keys[0].label) \($0.hint!)" }
        XCTAssertEqual(Array(hints.prefix(3)), ["+ kAdd", "d kHide", "a kAdd"])
        XCTAssertFalse(hints.contains("d kDelete"), "d does not delete there")
        XCTAssertEqual(Keymap.hints(for: .toBuy).map(\.keys[0].label).prefix(4), ["a", "Space", "e", "d"])
        XCTAssertEqual(Keymap.helpSections(for: .screen(.toBuy)).map(\.title), [.sectionToBuy, .sectionDueAgain, .sectionGlobal, .sectionInput])
    }

    /// SPEC §3's key table for the tutorial; every other key the practice list answers as To
    /// buy does, except that its input line, while open, owns every key.
    func testTutorialKeys() {
        for key in [Key.right, .char("l"), .pageDown] {
            XCTAssertEqual(action(key, .intro), .introNext, key.label)
        }
        for key in [Key.left, .char("h"), .pageUp] {
            XCTAssertEqual(action(key, .intro), .introBack, key.label)
        }
        XCTAssertEqual(action(.enter, .intro), .introConfirm)
        XCTAssertEqual(action(.escape, .intro), .introSkip)
        XCTAssertEqual(action(.char("q"), .intro), .introQuit)
        XCTAssertEqual(action(.ctrl("c"), .intro), .quit)
        XCTAssertEqual(action(.char("?"), .intro), .toggleHelp)
        let practice: [(Key, Action)] = [
            (.char("a"), .startAdd), (.char(" "), .toggle), (.char("x"), .toggle), (.char("s"), .cycleSort),
            (.char("e"), .startEdit), (.char("d"), .delete), (.char("u"), .undo), (.ctrl("r"), .redo),
            (.char("j"), .move(1)), (.char("k"), .move(-1)), (.char("["), .previousList), (.char("]"), .nextList),
        ]
        for (key, expected) in practice {
            XCTAssertEqual(action(key, .intro), expected, key.label)
            XCTAssertEqual(action(key, .toBuy), expected, "\(key.label) does on the practice list what it does on To buy")
        }
        for key in [Key.char("/"), .char("L"), .char("m"), .tab, .char("1"), .char("S"), .char("C")] {
            XCTAssertNil(action(key, .intro), "\(key.label): not taught, not on the practice list")
        }
        // The input line open: Enter, Esc, q and the arrows are the line's.
        XCTAssertEqual(action(.enter, .input), .submit)
        XCTAssertEqual(action(.escape, .input), .cancel)
        XCTAssertEqual(action(.char("q"), .input), .line(.insert("q")))
        XCTAssertEqual(action(.left, .input), .line(.left))
        XCTAssertEqual(action(.right, .input), .line(.right))
        XCTAssertEqual(action(.ctrl("c"), .input), .interrupt)
    }

    /// SPEC §4's keys that work on every list screen.
    func testKeysEverywhere() {
        let table: [(Key, Action)] = [
            (.tab, .nextScreen), (.backTab, .previousScreen),
            (.char("1"), .showScreen(.toBuy)), (.char("2"), .showScreen(.purchased)), (.char("3"), .showScreen(.categories)),
            (.down, .move(1)), (.char("j"), .move(1)), (.up, .move(-1)), (.char("k"), .move(-1)),
            (.char("g"), .moveToTop), (.home, .moveToTop), (.char("G"), .moveToBottom), (.end, .moveToBottom),
            (.pageDown, .pageDown), (.ctrl("d"), .pageDown), (.pageUp, .pageUp), (.ctrl("u"), .pageUp),
            (.char("/"), .startFilter), (.escape, .clearFilter), (.char("u"), .undo), (.ctrl("r"), .redo),
            (.char("?"), .toggleHelp), (.char("q"), .quit), (.ctrl("c"), .quit), (.ctrl("l"), .redraw),
        ]
        for mode in [KeyMode.toBuy, .purchased, .categories] {
            for (key, expected) in table {
                XCTAssertEqual(action(key, mode), expected, "\(mode) \(key.label)")
            }
        }
    }

    func testToBuyKeys() {
        XCTAssertEqual(action(.char("a"), .toBuy), .startAdd)
        XCTAssertEqual(action(.char("e"), .toBuy), .startEdit)
        XCTAssertEqual(action(.enter, .toBuy), .startEdit)
        XCTAssertEqual(action(.char(" "), .toBuy), .toggle)
        XCTAssertEqual(action(.char("x"), .toBuy), .toggle)
        XCTAssertEqual(action(.char("d"), .toBuy), .delete)
        XCTAssertEqual(action(.delete, .toBuy), .delete)
        XCTAssertEqual(action(.char("s"), .toBuy), .cycleSort)
        XCTAssertNil(action(.char("C"), .toBuy), "clearing purchased is the Purchased screen's")
    }

    func testPurchasedKeys() {
        XCTAssertEqual(action(.char(" "), .purchased), .toggle)
        XCTAssertEqual(action(.char("x"), .purchased), .toggle)
        XCTAssertEqual(action(.char("d"), .purchased), .delete)
        XCTAssertEqual(action(.char("C"), .purchased), .clearPurchased)
    }

    func testCategoriesKeys() {
        XCTAssertEqual(action(.enter, .categories), .openCategory)
        XCTAssertEqual(action(.char("a"), .categories), .startAddCategory)
        XCTAssertEqual(action(.char("r"), .categories), .startRenameCategory)
        XCTAssertEqual(action(.char("d"), .categories), .deleteCategory)
        XCTAssertEqual(action(.char("J"), .categories), .moveCategory(1))
        XCTAssertEqual(action(.char("K"), .categories), .moveCategory(-1))
        XCTAssertEqual(action(.char("k"), .categories), .move(-1), "k and K differ")
    }

    /// SPEC §5's editing keys; printable keys are text, even those that are commands elsewhere.
    func testInputLineKeys() {
        let table: [(Key, Action)] = [
            (.enter, .submit), (.escape, .cancel), (.tab, .line(.complete)),
            (.left, .line(.left)), (.right, .line(.right)), (.home, .line(.home)), (.end, .line(.end)),
            (.ctrl("a"), .line(.home)), (.ctrl("e"), .line(.end)), (.backspace, .line(.backspace)),
            (.delete, .line(.deleteForward)), (.ctrl("u"), .line(.killToStart)), (.ctrl("k"), .line(.killToEnd)),
            (.ctrl("w"), .line(.killWord)), (.ctrl("c"), .interrupt),
        ]
        for (key, expected) in table { XCTAssertEqual(action(key, .input), expected, key.label) }
        for c in ["q", "a", "?", "/", "1", " ", "牛", "🛒", "#", "@"] as [Character] {
            XCTAssertEqual(action(.char(c), .input), .line(.insert(String(c))), String(c))
        }
    }

    func testHelpKeys() {
        XCTAssertEqual(action(.char("?"), .help), .toggleHelp)
        XCTAssertEqual(action(.escape, .help), .toggleHelp)
        XCTAssertEqual(action(.char("q"), .help), .toggleHelp, "q closes the overlay rather than quitting")
        XCTAssertEqual(action(.char("t"), .help), .replayTutorial, "SPEC §3: ? then t replays the tutorial")
        XCTAssertEqual(action(.char("j"), .help), .helpScroll(1))
        for (key, expected) in [(Key.char("g"), Action.moveToTop), (.home, .moveToTop), (.char("G"), .moveToBottom),
                                (.end, .moveToBottom), (.pageDown, .pageDown), (.ctrl("d"), .pageDown),
                                (.char(" "), .pageDown), (.pageUp, .pageUp), (.ctrl("u"), .pageUp)] {
            XCTAssertEqual(action(key, .help), expected, "help: \(key.label) moves as in the list")
        }
        XCTAssertEqual(action(.ctrl("c"), .help), .quit)
    }

    func testConfirmationIsYesOrAnythingElse() {
        XCTAssertEqual(action(.char("y"), .confirm), .answer(true))
        XCTAssertEqual(action(.char("Y"), .confirm), .answer(true))
        for key in [Key.char("n"), .char("N"), .escape, .enter, .char(" "), .char("q")] {
            XCTAssertEqual(action(key, .confirm), .answer(false), key.label)
        }
        XCTAssertEqual(action(.ctrl("c"), .confirm), .quit)
        XCTAssertNil(action(.mouse(MouseEvent(.click, x: 0, y: 0)), .confirm), "a stray click does not answer")
    }

    /// A paste is text to add where something can be added, and nothing elsewhere: a pasted `y`
    /// never answers the confirmation, nor moves the tutorial or help (issue 10.1).
    func testAPasteIsTextWhereItCanBeAddedAndNothingElsewhere() {
        for mode in [KeyMode.input, .toBuy, .purchased, .categories, .intro] {
            XCTAssertEqual(action(.paste("y\nn"), mode), .paste("y\nn"), "\(mode)")
        }
        for mode in [KeyMode.confirm, .help, .tooSmall] {
            XCTAssertNil(action(.paste("y"), mode), "\(mode)")
            XCTAssertNil(action(.paste("q"), mode), "\(mode)")
        }
    }

    func testTooSmallOnlyQuitsAndRedraws() {
        XCTAssertEqual(action(.char("q"), .tooSmall), .quit)
        XCTAssertEqual(action(.ctrl("c"), .tooSmall), .quit)
        XCTAssertEqual(action(.ctrl("l"), .tooSmall), .redraw)
        XCTAssertNil(action(.char("a"), .tooSmall))
        XCTAssertNil(action(.char("d"), .tooSmall), "nothing destructive while the screen cannot show it")
    }

    /// SPEC §4 lists Ctrl-L among the keys that work everywhere.
    func testRedrawWorksInEveryMode() {
        for mode in Self.modes {
            XCTAssertEqual(action(.ctrl("l"), mode), .redraw, "\(mode)")
        }
    }

    func testHintsComeFromBindingsWithHints() {
        for mode in [KeyMode.toBuy, .purchased, .categories] {
            let hints = Keymap.hints(for: mode)
            XCTAssertFalse(hints.isEmpty, "\(mode)")
            XCTAssertTrue(hints.allSatisfy { $0.hint != nil })
            XCTAssertTrue(hints.contains { $0.action == .toggleHelp }, "\(mode): ? help is hinted")
        }
    }

    /// The overlay is built from the keymap: every key of the screen's mode (or the tutorial's) is listed.
    func testHelpOverlayListsEveryKeyOfTheScreen() {
        for screen in HelpTopic.all {
            let mode: KeyMode
            switch screen {
            case .screen(let s): mode = KeyMode(s)
            case .tutorial: mode = .intro
            }
            let lines = HelpOverlay.lines(for: screen, strings: Strings(.en), width: 80)
            let labels = Set(lines.compactMap(\.keys).flatMap { $0.split(separator: " ").map(String.init) })
            for section in Keymap.sections(for: mode) {
                for b in section.bindings {
                    for key in b.keys {
                        XCTAssertTrue(labels.contains(key.label), "\(screen): \(key.label) missing from help")
                    }
                }
            }
        }
    }

    func testKeyLabels() {
        XCTAssertEqual(Key.char(" ").label, "Space")
        XCTAssertEqual(Key.ctrl("c").label, "Ctrl-C")
        XCTAssertEqual(Key.backTab.label, "Shift-Tab")
        XCTAssertEqual(Key.pageDown.label, "PgDn")
        XCTAssertEqual(Binding([.char("j"), .down], .move(1), .hDownUp).label, "j ↓")
    }
}
