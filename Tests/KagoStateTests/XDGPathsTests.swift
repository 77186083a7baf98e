@testable import KagoState
import XCTest

final class XDGPathsTests: XCTestCase {
    func resolve(_ env: [String: String]) -> (String, String)? {
        XDGPaths.resolve(environment: env).map { ($0.configFile, $0.databaseFile) }
    }

    func check(_ env: [String: String], _ config: String?, _ data: String?, file: StaticString = #filePath, line: UInt = #line) {
        let paths = XDGPaths.resolve(environment: env)
        XCTAssertEqual(paths?.configFile, config, "\(env)", file: file, line: line)
        XCTAssertEqual(paths?.databaseFile, data, "\(env)", file: file, line: line)
    }

    func testHomeFallback() {
        check(["HOME": "/home/hanako"], "/home/hanako/.config/kago/config", "/home/hanako/.local/share/kago/kago.sqlite3")
        check(["HOME": "/home/hanako/"], "/home/hanako/.config/kago/config", "/home/hanako/.local/share/kago/kago.sqlite3")
        check(["HOME": "/home/hanako///"], "/home/hanako/.config/kago/config", "/home/hanako/.local/share/kago/kago.sqlite3")
        check(["HOME": "/"], "/.config/kago/config", "/.local/share/kago/kago.sqlite3")
        check(["HOME": "/home/花子"], "/home/花子/.config/kago/config", "/home/花子/.local/share/kago/kago.sqlite3")
    }

    func testAbsoluteXDGVariablesWin() {
        let env = ["HOME": "/home/h", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/data/"]
        check(env, "/cfg/kago/config", "/data/kago/kago.sqlite3")
        XCTAssertEqual(XDGPaths.resolve(environment: env)?.configDirectory, "/cfg/kago")
        XCTAssertEqual(XDGPaths.resolve(environment: env)?.dataDirectory, "/data/kago")
        check(["HOME": "/home/h", "XDG_CONFIG_HOME": "/"], "/kago/config", "/home/h/.local/share/kago/kago.sqlite3")
        check(["HOME": "/home/h", "XDG_DATA_HOME": "/x//"], "/home/h/.config/kago/config", "/x/kago/kago.sqlite3")
    }

    func testEmptyOrRelativeXDGVariablesAreIgnored() {
        for bad in ["", "relative", "./cfg", "~/cfg", " /cfg"] {
            check(["HOME": "/home/h", "XDG_CONFIG_HOME": bad, "XDG_DATA_HOME": bad],
                  "/home/h/.config/kago/config", "/home/h/.local/share/kago/kago.sqlite3")
        }
    }

    func testNoUsableHome() {
        check([:], nil, nil)
        check(["HOME": ""], nil, nil)
        check(["HOME": "relative/home"], nil, nil)
        check(["HOME": "", "XDG_CONFIG_HOME": "/cfg"], nil, nil)
        check(["XDG_DATA_HOME": "/data"], nil, nil)
        // Both XDG variables absolute: HOME is not needed.
        check(["XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/data"], "/cfg/kago/config", "/data/kago/kago.sqlite3")
    }

    // MARK: - Locale

    func testLanguageFromLocale() {
        let table: [([String: String], Language)] = [
            ([:], .en),
            (["LANG": "ja_JP.UTF-8"], .ja),
            (["LANG": "ja_JP.eucJP"], .ja),
            (["LANG": "ja"], .ja),
            (["LANG": "C.UTF-8"], .en),
            (["LANG": "C"], .en),
            (["LANG": "POSIX"], .en),
            (["LANG": "en_US.UTF-8"], .en),
            (["LANG": "de_DE.UTF-8"], .en),
            (["LANG": ""], .en),
            (["LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"], .ja),
            (["LC_MESSAGES": "en_US.UTF-8", "LANG": "ja_JP.UTF-8"], .en),
            (["LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "en_US.UTF-8", "LANG": "en_US.UTF-8"], .ja),
            (["LC_ALL": "C.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8", "LANG": "ja_JP.UTF-8"], .en),
            (["LC_ALL": "", "LC_MESSAGES": "", "LANG": "ja_JP.UTF-8"], .ja),
            (["LC_ALL": "", "LC_MESSAGES": "ja_JP.UTF-8"], .ja),
            (["LC_CTYPE": "ja_JP.UTF-8"], .en),
        ]
        for (env, expected) in table {
            XCTAssertEqual(languageFromLocale(env), expected, "\(env)")
        }
    }
}
