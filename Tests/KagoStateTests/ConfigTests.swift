@testable import KagoState
import XCTest

final class ConfigTests: XCTestCase {
    func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    func settings(_ text: String) -> (Settings, [ConfigProblem]) { ConfigFile(bytes: bytes(text)).settings() }

    // MARK: - Bytes

    func testParseKeepsEveryByte() {
        var samples: [[UInt8]] = [
            [], bytes("\n"), bytes("\n\n"), bytes("\n\n\n"), bytes("a"), bytes("a\n"), bytes("a\n\n"), bytes("\na"),
            bytes("theme = dark\r\nmouse = off\r\n"), bytes("theme = dark\r\nmouse = off"), bytes("\r\n\r\n"), bytes("\r"),
            bytes("# comment\n\n  # indented comment\nunknown_key = 42\nintro_seen = 1"),
            bytes("language = ja   # 日本語\n"), bytes("\u{FEFF}theme = dark\n"), bytes("\t\t\n   \n"),
        ]
        samples.append([0xFF, 0xFE, 0x0A, 0x80, 0x0D, 0x0A, 0xC3])              // invalid UTF-8 and a cut sequence
        samples.append(bytes("theme = ") + [0xE3, 0x81] + bytes("\nintro_seen = 1\n"))
        samples.append([0x00, 0x0A, 0x00])
        for sample in samples {
            let file = ConfigFile(bytes: sample)
            XCTAssertEqual(file.bytes, sample, "\(sample)")
            XCTAssertEqual(ConfigFile(bytes: file.bytes), file)
        }
    }

    func testLines() {
        let file = ConfigFile(bytes: bytes("a\r\n\nb"))
        XCTAssertEqual(file.lines, [bytes("a\r"), [], bytes("b")])
        XCTAssertFalse(file.endsWithNewline)
        XCTAssertEqual(ConfigFile(bytes: []).lines, [])
    }

    // MARK: - Settings

    func testDefaults() {
        let (s, problems) = settings("")
        XCTAssertEqual(s, Settings())
        XCTAssertEqual(s.introSeen, 0)
        XCTAssertNil(s.language)
        XCTAssertEqual(s.theme, .auto)
        XCTAssertTrue(s.animations)
        XCTAssertEqual(s.sort, .date)
        XCTAssertTrue(s.mouse)
        XCTAssertTrue(s.suggestions)
        XCTAssertEqual(problems, [])
    }

    func testEveryKey() {
        let (s, problems) = settings("""
            # kago
            intro_seen = 1
            language = ja
            theme = mono
            animations = off
            sort = category
            mouse = off
            suggestions = off

            """)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(s.introSeen, 1)
        XCTAssertEqual(s.language, .ja)
        XCTAssertEqual(s.theme, .mono)
        XCTAssertFalse(s.animations)
        XCTAssertEqual(s.sort, .category)
        XCTAssertFalse(s.mouse)
        XCTAssertFalse(s.suggestions)
    }

    func testValueSpellings() {
        let table: [(String, (Settings) -> Bool)] = [
            ("language = auto", { $0.language == nil }),
            ("language = en", { $0.language == .en }),
            ("language=ja", { $0.language == .ja }),
            ("  language   =   ja  ", { $0.language == .ja }),
            ("language = JA", { $0.language == .ja }),
            ("language = \"ja\"", { $0.language == .ja }),
            ("theme = dark", { $0.theme == .dark }),
            ("theme = Light", { $0.theme == .light }),
            ("theme = auto", { $0.theme == .auto }),
            ("animations = false", { !$0.animations }),
            ("animations = no", { !$0.animations }),
            ("animations = 0", { !$0.animations }),
            ("animations = OFF", { !$0.animations }),
            ("mouse = on", { $0.mouse }),
            ("mouse = true", { $0.mouse }),
            ("mouse = yes", { $0.mouse }),
            ("mouse = 1", { $0.mouse }),
            ("suggestions = on", { $0.suggestions }),
            ("suggestions = no", { !$0.suggestions }),
            ("sort = date", { $0.sort == .date }),
            ("sort = name", { $0.sort == .name }),
            ("sort = added", { $0.sort == .added }),
            ("intro_seen = 0", { $0.introSeen == 0 }),
            ("intro_seen = 7", { $0.introSeen == 7 }),
            ("intro_seen = 1 # done", { $0.introSeen == 1 }),
            ("intro_seen = 1\r", { $0.introSeen == 1 }),
            ("\u{FEFF}intro_seen = 1", { $0.introSeen == 1 }),
        ]
        for (line, ok) in table {
            let (s, problems) = settings(line + "\n")
            XCTAssertTrue(ok(s), line.debugDescription)
            XCTAssertEqual(problems, [], line.debugDescription)
        }
    }

    func testBadValuesUseTheDefaultAndSaySo() {
        let table: [(String, String, String)] = [
            ("intro_seen = abc", "intro_seen", "abc"),
            ("intro_seen = -1", "intro_seen", "-1"),
            ("intro_seen = 1.5", "intro_seen", "1.5"),
            ("intro_seen =", "intro_seen", ""),
            ("intro_seen", "intro_seen", ""),
            ("intro_seen = 99999999999999999999999", "intro_seen", "99999999999999999999999"),
            ("language = fr", "language", "fr"),
            ("theme = blue", "theme", "blue"),
            ("animations = maybe", "animations", "maybe"),
            ("sort = price", "sort", "price"),
            ("mouse = ", "mouse", ""),
            ("suggestions = sometimes", "suggestions", "sometimes"),
        ]
        for (line, key, value) in table {
            let (s, problems) = settings("# top\n" + line + "\n")
            XCTAssertEqual(s, Settings(), line)
            XCTAssertEqual(problems, [.badValue(line: 2, key: key, value: value)], line)
        }
    }

    func testUnknownKeys() {
        let (s, problems) = settings("colour = red\nintro_seen = 1\nInto_seen = 2\n\nwhat is this\n")
        XCTAssertEqual(s.introSeen, 1)
        XCTAssertEqual(problems, [.unknownKey(line: 1, key: "colour"), .unknownKey(line: 3, key: "Into_seen"),
                                  .unknownKey(line: 5, key: "what is this")])
    }

    func testLaterLineWins() {
        let (s, problems) = settings("theme = dark\ntheme = light\nintro_seen = 1\nintro_seen = 0\nsort = name\nsort = added")
        XCTAssertEqual(s.theme, .light)
        XCTAssertEqual(s.introSeen, 0)
        XCTAssertEqual(s.sort, .added)
        XCTAssertEqual(problems, [])
        // A bad later line decides too: the default, with a warning.
        let (t, tProblems) = settings("intro_seen = 1\nintro_seen = abc\ntheme = dark\ntheme = drak\n")
        XCTAssertEqual(t.introSeen, 0)
        XCTAssertEqual(t.theme, .auto)
        XCTAssertEqual(tProblems, [.badValue(line: 2, key: "intro_seen", value: "abc"),
                                   .badValue(line: 4, key: "theme", value: "drak")])
    }

    func testInvalidUTF8NeverStopsParsing() {
        let file = ConfigFile(bytes: [0xFF, 0xFE, 0x0A] + bytes("theme = light\n") + [0xC3, 0x28, 0x0A] + bytes("mouse = off"))
        let (s, problems) = file.settings()
        XCTAssertEqual(s.theme, .light)
        XCTAssertFalse(s.mouse)
        XCTAssertEqual(problems.count, 2, "each unreadable line is reported once")
    }

    // MARK: - Writing intro_seen

    func setIntroSeen(_ original: [UInt8], _ version: Int = 1) -> [UInt8] {
        var file = ConfigFile(bytes: original)
        file.setIntroSeen(version)
        XCTAssertEqual(file.settings().0.introSeen, version)
        return file.bytes
    }

    func testSetIntroSeenReplacesExactlyTheDecidingLine() {
        XCTAssertEqual(setIntroSeen(bytes("intro_seen = 0\n")), bytes("intro_seen = 1\n"))
        XCTAssertEqual(setIntroSeen(bytes("intro_seen=0")), bytes("intro_seen = 1"))
        XCTAssertEqual(setIntroSeen(bytes("# c\nintro_seen = 0\ntheme = dark\n")), bytes("# c\nintro_seen = 1\ntheme = dark\n"))
        XCTAssertEqual(setIntroSeen(bytes("intro_seen = 0\ntheme = dark\nintro_seen = 0\n# end\n")),
                       bytes("intro_seen = 0\ntheme = dark\nintro_seen = 1\n# end\n"), "the later line decides")
        XCTAssertEqual(setIntroSeen(bytes("intro_seen = abc\n")), bytes("intro_seen = 1\n"))
        XCTAssertEqual(setIntroSeen(bytes("# intro_seen = 0\n")), bytes("# intro_seen = 0\nintro_seen = 1\n"),
                       "a commented-out line is not the setting")
        XCTAssertEqual(setIntroSeen(bytes("intro_seen = 1\n"), 0), bytes("intro_seen = 0\n"))
    }

    func testSetIntroSeenKeepsEveryOtherByte() {
        let before: [UInt8] = bytes("# my settings\r\ntheme = dark   # comment\n\nwhatever = 3\n") + [0xFF, 0xFE, 0x0A]
        let after: [UInt8] = bytes("language=ja\n\n\n")
        let original = before + bytes("intro_seen = 0 # old\n") + after
        XCTAssertEqual(setIntroSeen(original), before + bytes("intro_seen = 1\n") + after)
    }

    func testSetIntroSeenKeepsTheLineEndingOfACRLFFile() {
        XCTAssertEqual(setIntroSeen(bytes("theme = dark\r\nintro_seen = 0\r\nmouse = off\r\n")),
                       bytes("theme = dark\r\nintro_seen = 1\r\nmouse = off\r\n"))
        XCTAssertEqual(setIntroSeen(bytes("theme = dark\r\nmouse = off\r\n")),
                       bytes("theme = dark\r\nmouse = off\r\nintro_seen = 1\r\n"))
    }

    func testSetIntroSeenAppends() {
        XCTAssertEqual(setIntroSeen([]), bytes("intro_seen = 1\n"))
        XCTAssertEqual(setIntroSeen(bytes("\n")), bytes("\nintro_seen = 1\n"))
        XCTAssertEqual(setIntroSeen(bytes("theme = dark")), bytes("theme = dark\nintro_seen = 1\n"))
        XCTAssertEqual(setIntroSeen(bytes("theme = dark\n")), bytes("theme = dark\nintro_seen = 1\n"))
        XCTAssertEqual(setIntroSeen(bytes("theme = dark\n# bye\n\n")), bytes("theme = dark\n# bye\n\nintro_seen = 1\n"))
        XCTAssertEqual(setIntroSeen([0xFF, 0x0A]), [0xFF, 0x0A] + bytes("intro_seen = 1\n"))
    }

    func testSetIntroSeenTwiceIsStable() {
        var file = ConfigFile(bytes: bytes("theme = light"))
        file.setIntroSeen(2)
        file.setIntroSeen(3)
        XCTAssertEqual(file.bytes, bytes("theme = light\nintro_seen = 3\n"))
    }

    // MARK: - Sort cycle

    func testSortCycle() {
        XCTAssertEqual(SortMode.date.next, .category)
        XCTAssertEqual(SortMode.category.next, .name)
        XCTAssertEqual(SortMode.name.next, .added)
        XCTAssertEqual(SortMode.added.next, .date)
    }
}
