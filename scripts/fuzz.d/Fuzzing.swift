/// What every harness shares: libFuzzer's input as bytes, and a property check that fails loudly.

/// The bytes libFuzzer passes to `LLVMFuzzerTestOneInput`.
func input(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
}

/// Bytes as a Swift string literal, for failure messages (invalid UTF-8 shows as U+FFFD).
func shown(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).debugDescription
}

/// Traps unless `condition` holds, so libFuzzer saves the input as a crash.
///
/// `property` names the broken promise and comes first in the message, before ` | `, so
/// `scripts/fuzz` can count distinct failures; `details` shows the values involved.
func require(_ condition: Bool, _ property: String, _ details: @autoclosure () -> String = "") {
    guard !condition else { return }
    fatalError(property + " | " + details())
}

/// 1 plus the number of line breaks (CR, LF or CRLF counted once), the last line a problem can name.
func lineCount(_ bytes: [UInt8]) -> Int {
    var lines = 1
    for (i, b) in bytes.enumerated() where b == 0x0A || (b == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) {
        lines += 1
    }
    return lines
}

/// Checks how a file was refused: by 1 to `limit` problems, each naming a line of the file.
func requireLocated(_ problemLines: [Int?], limit: Int, in bytes: [UInt8]) {
    require(!problemLines.isEmpty && problemLines.count <= limit, "a refusal names 1 to \(limit) problems",
            "\(problemLines.count) for \(shown(bytes))")
    let lines = lineCount(bytes)
    for line in problemLines {
        require(line.map { $0 >= 1 && $0 <= lines } ?? false, "a problem names a line of the file",
                "\(problemLines) in \(shown(bytes))")
    }
}

/// Whether bytes written for a terminal or a pipe hold a control character other than LF
/// (C0, DEL, or a C1 control in UTF-8), which SPEC §6 forbids.
func hasControlBytes(_ bytes: [UInt8]) -> Bool {
    for (i, b) in bytes.enumerated() {
        if (b < 0x20 && b != 0x0A) || b == 0x7F { return true }
        if b == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) { return true }
    }
    return false
}
