import Foundation
import XCTest

/// What one run of the `kago` binary did.
struct Run {
    var status: Int32
    var stdout: [UInt8]
    var stderr: [UInt8]

    var out: String { String(decoding: stdout, as: UTF8.self) }
    var err: String { String(decoding: stderr, as: UTF8.self) }
    /// stdout's lines without the final newline.
    var lines: [String] { out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// Runs the built `kago` against a fresh home per test (XDG_CONFIG_HOME, XDG_DATA_HOME, HOME
/// in a temporary directory; LANG=C.UTF-8; no TERM), with pipes, never a terminal.
class CLITestCase: XCTestCase {
    var root = ""

    /// The binary SwiftPM built next to the test bundle.
    static let binary: String = {
        var candidates = [Bundle.main.bundleURL, Bundle(for: CLITestCase.self).bundleURL,
                          URL(fileURLWithPath: CommandLine.arguments[0])]
            .flatMap { [$0.appendingPathComponent("kago").path, $0.deletingLastPathComponent().appendingPathComponent("kago").path] }
        if let dir = ProcessInfo.processInfo.environment["KAGO_BINARY"] { candidates.insert(dir, at: 0) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "kago"
    }()

    var dataFile: String { root + "/data/kago/kago.sqlite3" }
    var configFile: String { root + "/config/kago/config" }

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "kago-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Runs `kago args…`; every run is checked to print no escape byte unless `allowEscapes`.
    @discardableResult
    func kago(_ args: String..., stdin: String? = nil, environment extra: [String: String] = [:],
              allowEscapes: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws -> Run {
        try run(args, stdin: stdin.map { Array($0.utf8) }, environment: extra, allowEscapes: allowEscapes, file: file, line: line)
    }

    /// - Parameter executable: the program to run instead of kago (one that runs kago, as `script` does).
    func run(_ args: [String], stdin: [UInt8]?, environment extra: [String: String] = [:], allowEscapes: Bool = false,
             executable: String = CLITestCase.binary, file: StaticString = #filePath, line: UInt = #line) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = args
        var env = ["HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data",
                   "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "TZ": "UTC"]
        env.merge(extra) { $1 }
        process.environment = env.filter { !$0.value.isEmpty }
        // Files, not pipes: nothing can block on a full pipe, whatever the output size.
        let outPath = root + "/stdout", errPath = root + "/stderr", inPath = root + "/stdin"
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        FileManager.default.createFile(atPath: inPath, contents: Data(stdin ?? []))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "kago \(args) was killed", file: file, line: line)
        let result = Run(status: process.terminationStatus,
                         stdout: Array(FileManager.default.contents(atPath: outPath) ?? Data()),
                         stderr: Array(FileManager.default.contents(atPath: errPath) ?? Data()))
        if !allowEscapes {
            XCTAssertFalse(result.stdout.contains(0x1B), "escape byte on stdout of kago \(args)", file: file, line: line)
        }
        XCTAssertFalse(result.stderr.contains(0x1B), "escape byte on stderr of kago \(args)", file: file, line: line)
        if result.status != 0 {
            XCTAssertTrue(result.err.hasPrefix("kago: "), "failure without 'kago: ' line: \(result.err)", file: file, line: line)
            XCTAssertFalse(result.err.contains("Fatal error") || result.err.contains("Stack dump"), file: file, line: line)
        }
        return result
    }

    /// Asserts a usage error (exit 2) whose first stderr line contains `message`.
    func assertUsage(_ result: Run, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 2, result.err, file: file, line: line)
        XCTAssertTrue(result.err.split(separator: "\n").first?.contains(message) == true,
                      "stderr: \(result.err)", file: file, line: line)
        XCTAssertTrue(result.stdout.isEmpty, "stdout: \(result.out)", file: file, line: line)
    }

    /// Adds items and returns their ids.
    @discardableResult
    func add(_ lines: String..., file: StaticString = #filePath, line: UInt = #line) throws -> [Int] {
        try lines.map { text in
            let r = try run(["add", text], stdin: nil, file: file, line: line)
            XCTAssertEqual(r.status, 0, r.err, file: file, line: line)
            return Int(r.out.prefix { $0.isNumber }) ?? -1
        }
    }

    func write(_ text: String, to name: String) -> String {
        let path = root + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}
