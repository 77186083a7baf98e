import KagoState
import Foundation
import KagoView
import XCTest

// MARK: - Golden files

/// Where golden screens live: `Tests/KagoViewTests/Snapshots`, found from this file's path so the
/// tests work from any working directory.
let snapshotsDirectory: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)  // "Support", "Snapshot.swift"
    return parts.joined(separator: "/") + "/Snapshots"
}()

/// Whether golden files are being (re-)recorded: `RECORD_SNAPSHOTS=1 swift test --filter KagoViewTests`.
let isRecordingSnapshots: Bool = {
    let v = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] ?? ""
    return !v.isEmpty && v != "0"
}()

/// Compares lines with the golden file `Snapshots/<name>.txt`.
///
/// With `RECORD_SNAPSHOTS=1` the file is written instead (and the test passes); a missing file is
/// recorded too, but fails the test so a new golden file is always looked at before it is trusted.
/// On a mismatch the failure message shows every differing line, expected and actual, numbered.
func assertSnapshot(_ lines: [String], named name: String, file: StaticString = #filePath, line: UInt = #line) {
    let path = snapshotsDirectory + "/" + name + ".txt"
    let actual = lines.joined(separator: "\n") + "\n"
    let existing = try? String(contentsOfFile: path, encoding: .utf8)
    if isRecordingSnapshots || existing == nil {
        do {
            try FileManager.default.createDirectory(atPath: snapshotsDirectory, withIntermediateDirectories: true)
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            XCTFail("cannot write \(path): \(error)", file: file, line: line)
            return
        }
        if existing == nil && !isRecordingSnapshots {
            XCTFail("recorded the new snapshot \(name).txt; look at it, then run again", file: file, line: line)
        }
        return
    }
    guard let expectedText = existing, expectedText != actual else { return }
    XCTFail("snapshot \(name).txt differs (RECORD_SNAPSHOTS=1 re-records):\n"
            + lineDiff(expected: expectedText, actual: actual), file: file, line: line)
}

/// A readable diff of two texts line by line: each differing line number with `-` expected and
/// `+` actual. Frames have a fixed number of lines, so no alignment search is needed.
func lineDiff(expected: String, actual: String) -> String {
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var out: [String] = []
    for i in 0..<max(e.count, a.count) {
        let el = i < e.count ? e[i] : nil
        let al = i < a.count ? a[i] : nil
        guard el != al else { continue }
        let n = String(i + 1)
        let pad = String(repeating: " ", count: max(0, 4 - n.count))
        out.append(pad + n + " - " + (el ?? "<no line>"))
        out.append(String(repeating: " ", count: 4) + " + " + (al ?? "<no line>"))
    }
    return out.joined(separator: "\n")
}

// MARK: - Frames as text

/// A frame as the lines of a golden file:
///
///     80×24
///     +------…------+
///     |To buy 3 │ … |   each row padded to the frame's width by display cells
///     |[ ] 牛乳      | <  `<` marks a row with selected cells
///     +------…------+
///     cursor 12,23       only when the frame shows the cursor
///
/// Wide characters stay as they are, so in an editor that draws CJK and emoji two cells wide
/// the right edge is straight exactly when the columns line up.
func frameText(_ frame: Frame) -> [String] {
    let b = frame.buffer
    let edge = "+" + String(repeating: "-", count: b.width) + "+"
    var out = ["\(b.width)×\(b.height)", edge]
    for (y, text) in b.lines.enumerated() {
        let pad = String(repeating: " ", count: max(0, b.width - DisplayWidth.of(text)))
        let selected = (0..<b.width).contains { b[$0, y].style.selected }
        out.append("|" + text + pad + "|" + (selected ? " <" : ""))
    }
    out.append(edge)
    if let c = frame.cursor { out.append("cursor \(c.x),\(c.y)") }
    return out
}

/// Checks what every frame must hold whatever it shows: a continuation cell only right after a
/// two-cell glyph and every two-cell glyph followed by one, each cell one glyph of the width its
/// place says, no character that would reach the terminal as a control, and rows that are
/// exactly as wide as the buffer.
func assertFrameInvariants(_ b: ScreenBuffer, _ name: @autoclosure () -> String,
                           file: StaticString = #filePath, line: UInt = #line) {
    func fail(_ x: Int, _ y: Int, _ what: String) { XCTFail("\(name()) (\(x),\(y)): \(what)", file: file, line: line) }
    let lines = b.lines
    for y in 0..<b.height {
        var x = 0
        while x < b.width {
            let cell = b[x, y]
            if cell.isContinuation {
                fail(x, y, "continuation cell without a wide character before it")
                x += 1
                continue
            }
            if cell.text.unicodeScalars.contains(where: isTerminalUnsafe) {
                fail(x, y, "unsafe scalar in \(cell.text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
            let w = DisplayWidth.of(cell.text)
            if w == 2 {
                if x + 1 >= b.width || !b[x + 1, y].isContinuation {
                    fail(x, y, "wide \(cell.text) not followed by its continuation")
                }
                x += 2
            } else {
                if w != 1 { fail(x, y, "cell \(cell.text.debugDescription) is \(w) cells wide") }
                x += 1
            }
        }
        let lineWidth = DisplayWidth.of(lines[y])
        if lineWidth > b.width { fail(0, y, "text is \(lineWidth) cells in a \(b.width)-cell frame") }
    }
}

/// C0/C1 controls, DEL, ESC and bidi overrides: what SPEC §6 says never reaches the terminal.
/// Written out here rather than calling `SafeText.isUnsafe`, so the check is independent.
func isTerminalUnsafe(_ u: Unicode.Scalar) -> Bool {
    let v = u.value
    return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        || v == 0x200E || v == 0x200F || v == 0x061C
}
