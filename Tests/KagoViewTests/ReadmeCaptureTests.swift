import Foundation
import XCTest

/// The README's screen captures are golden screens, so they stay true: the code block after each
/// `<!-- capture: NAME -->` line must show `Snapshots/NAME.txt`. `RECORD_SNAPSHOTS=1` rewrites them
/// from the golden files as they are, so after a screen changes, record twice (or filter to this test).
final class ReadmeCaptureTests: XCTestCase {
    static let readmePath = snapshotsDirectory + "/../../../README.md"
    static let marker = "<!-- capture: "

    /// The screen of a golden file as a README shows it: inside the frame, trailing blanks trimmed.
    static func capture(ofGolden text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst(2).filter { $0.hasPrefix("|") }.map { line in
            var inner = line.dropFirst()
            if inner.hasSuffix("| <") { inner = inner.dropLast(3) } else if inner.hasSuffix("|") { inner = inner.dropLast() }
            while inner.last == " " { inner = inner.dropLast() }
            return String(inner)
        }
    }

    func testCapturesMatchTheGoldenScreens() throws {
        var readme = try String(contentsOfFile: Self.readmePath, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found = 0
        var i = 0
        while i < readme.count {
            defer { i += 1 }
            guard readme[i].hasPrefix(Self.marker), readme[i].hasSuffix(" -->") else { continue }
            let name = String(readme[i].dropFirst(Self.marker.count).dropLast(4))
            guard i + 1 < readme.count, readme[i + 1] == "```",
                  let close = readme[(i + 2)...].firstIndex(of: "```") else {
                XCTFail("README line \(i + 1): \(name) is not followed by a ``` block")
                continue
            }
            let golden = try String(contentsOfFile: snapshotsDirectory + "/\(name).txt", encoding: .utf8)
            let expected = Self.capture(ofGolden: golden)
            let shown = Array(readme[(i + 2)..<close])
            found += 1
            if isRecordingSnapshots {
                readme.replaceSubrange((i + 2)..<close, with: expected)
            } else if shown != expected {
                XCTFail("README capture \(name) differs from its golden screen (RECORD_SNAPSHOTS=1 rewrites it):\n"
                        + lineDiff(expected: expected.joined(separator: "\n"), actual: shown.joined(separator: "\n")))
            }
        }
        XCTAssertGreaterThanOrEqual(found, 5, "the README shows the tutorial and every screen")
        if isRecordingSnapshots {
            try readme.joined(separator: "\n").write(toFile: Self.readmePath, atomically: true, encoding: .utf8)
        }
    }
}
