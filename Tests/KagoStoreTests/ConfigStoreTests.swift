import Foundation
import KagoState
import KagoStore
import XCTest

final class ConfigStoreTests: TemporaryDirectoryTestCase {
    var configPath: String { root + "/config/kago/config" }

    func text(_ path: String) -> String? { bytes(path).map { String(decoding: $0, as: UTF8.self) } }

    /// Names in the config directory other than the config itself (temporary files left behind).
    func leftovers(_ directory: String) -> Set<String> { entries(directory).subtracting(["config"]) }

    // MARK: - read

    func testReadDistinguishesMissingLoadedAndUnreadable() throws {
        XCTAssertEqual(ConfigStore.read(path: configPath), .missing)
        XCTAssertEqual(ConfigStore.read(path: configPath).file, ConfigFile(bytes: []))

        try write(Data("theme = dark\n".utf8), to: configPath)
        XCTAssertEqual(ConfigStore.read(path: configPath), .loaded(ConfigFile(bytes: Array("theme = dark\n".utf8))))

        try FileManager.default.removeItem(atPath: configPath)
        try FileManager.default.createDirectory(atPath: configPath, withIntermediateDirectories: true)
        XCTAssertEqual(ConfigStore.read(path: configPath), .unreadable("Is a directory"))
        XCTAssertNil(ConfigStore.read(path: configPath).file)
    }

    func testAFIFOIsUnreadableInsteadOfHanging() throws {
        try FileManager.default.createDirectory(atPath: root + "/config/kago", withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(configPath, 0o600), 0)
        XCTAssertEqual(ConfigStore.read(path: configPath), .unreadable("not a regular file"))
        XCTAssertThrowsError(try ConfigStore.saveIntroSeen(version: 1, path: configPath))
    }

    // MARK: - save

    func testCreatesThePrivateDirectoryAndFile() throws {
        let old = umask(0o022)
        defer { umask(old) }
        try ConfigStore.saveIntroSeen(version: 1, path: configPath)
        XCTAssertEqual(text(configPath), "intro_seen = 1\n")
        XCTAssertEqual(mode(root + "/config"), 0o700)
        XCTAssertEqual(mode(root + "/config/kago"), 0o700)
        XCTAssertEqual(mode(configPath), 0o600)
        XCTAssertEqual(leftovers(root + "/config/kago"), [])
    }

    func testKeepsEveryOtherByte() throws {
        var original = Data("# my settings\r\ntheme = dark   # comment\n\nwhatever = 3\n".utf8)
        original.append(contentsOf: [0xFF, 0xFE, 0x0A])
        original.append(Data("intro_seen = 0 # old\nlanguage=ja".utf8))
        try write(original, to: configPath)
        chmod(configPath, 0o644)

        try ConfigStore.saveIntroSeen(version: 1, path: configPath)
        var expected = Data("# my settings\r\ntheme = dark   # comment\n\nwhatever = 3\n".utf8)
        expected.append(contentsOf: [0xFF, 0xFE, 0x0A])
        expected.append(Data("intro_seen = 1\nlanguage=ja".utf8))
        XCTAssertEqual(bytes(configPath), expected)
        XCTAssertEqual(mode(configPath), 0o644, "the user's mode is kept")
        XCTAssertEqual(leftovers(root + "/config/kago"), [])
    }

    func testAppendsWhenMissing() throws {
        try write(Data("theme = light".utf8), to: configPath)
        try ConfigStore.saveIntroSeen(version: 2, path: configPath)
        XCTAssertEqual(text(configPath), "theme = light\nintro_seen = 2\n")
        try ConfigStore.saveIntroSeen(version: 3, path: configPath)
        XCTAssertEqual(text(configPath), "theme = light\nintro_seen = 3\n")
    }

    func testRefusesToOverwriteAnUnreadableFile() throws {
        try XCTSkipUnless(permissionsApply, "root reads files whatever their mode")
        try write(Data("theme = dark\n".utf8), to: configPath)
        chmod(configPath, 0o000)
        XCTAssertThrowsError(try ConfigStore.saveIntroSeen(version: 1, path: configPath)) {
            XCTAssertEqual(($0 as? StoreError)?.message, "cannot save \(configPath): Permission denied")
        }
        chmod(configPath, 0o600)
        XCTAssertEqual(text(configPath), "theme = dark\n")
    }

    func testAnUnwritableDirectoryIsReportedAndTheFileKept() throws {
        try XCTSkipUnless(permissionsApply, "root writes anywhere")
        try write(Data("theme = dark\n".utf8), to: configPath)
        chmod(root + "/config/kago", 0o500)
        XCTAssertThrowsError(try ConfigStore.saveIntroSeen(version: 1, path: configPath)) {
            XCTAssertEqual(($0 as? StoreError)?.message, "cannot save \(configPath): Permission denied")
        }
        XCTAssertEqual(text(configPath), "theme = dark\n")
    }

    func testAFileWhereTheDirectoryShouldBe() throws {
        try write(Data("x".utf8), to: root + "/config/kago")
        XCTAssertThrowsError(try ConfigStore.saveIntroSeen(version: 1, path: configPath)) {
            XCTAssertEqual($0 as? StoreError, .cannotCreate(directory: root + "/config/kago", reason: "Not a directory"))
        }
    }

    func testWritesThroughASymlinkAndKeepsTheLink() throws {
        let target = root + "/dotfiles/kago-config"
        try write(Data("theme = mono\n".utf8), to: target)
        try FileManager.default.createDirectory(atPath: root + "/config/kago", withIntermediateDirectories: true)
        // Relative, as dotfile managers usually make them.
        XCTAssertEqual(symlink("../../dotfiles/kago-config", configPath), 0)

        try ConfigStore.saveIntroSeen(version: 1, path: configPath)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: configPath), "../../dotfiles/kago-config")
        XCTAssertEqual(text(target), "theme = mono\nintro_seen = 1\n")
        XCTAssertEqual(ConfigStore.read(path: configPath).file?.settings().0.introSeen, 1)
        XCTAssertEqual(entries(root + "/dotfiles"), ["kago-config"], "no temporary file left")
    }

    func testADanglingSymlinkCreatesItsTarget() throws {
        try FileManager.default.createDirectory(atPath: root + "/config/kago", withIntermediateDirectories: true)
        XCTAssertEqual(symlink(root + "/elsewhere/config", configPath), 0)
        XCTAssertEqual(ConfigStore.read(path: configPath), .missing)
        try ConfigStore.saveIntroSeen(version: 1, path: configPath)
        XCTAssertEqual(text(root + "/elsewhere/config"), "intro_seen = 1\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: configPath), root + "/elsewhere/config")
    }

    func testDataAndConfigDirectoriesShareTheHelper() throws {
        // Both paths go through the same mkdir -p: the same error for the same obstacle.
        try write(Data("x".utf8), to: root + "/shared")
        XCTAssertEqual(openError(root + "/shared/kago/kago.sqlite3"),
                       .cannotCreate(directory: root + "/shared/kago", reason: "Not a directory"))
        XCTAssertThrowsError(try ConfigStore.saveIntroSeen(version: 1, path: root + "/shared/kago/config")) {
            XCTAssertEqual($0 as? StoreError, .cannotCreate(directory: root + "/shared/kago", reason: "Not a directory"))
        }
    }
}
