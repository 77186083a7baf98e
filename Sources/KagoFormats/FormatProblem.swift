import KagoState

/// One thing wrong with a file being imported, located as precisely as the format allows.
public struct FormatProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line: where a syntax error is, or where the offending row starts.
    public var line: Int?
    /// 1-based column (in bytes) of a syntax error; nil for a problem with a whole row.
    public var column: Int?
    /// Where in the data: `.[2].date` for a JSON item, `date` for a CSV column; nil for syntax.
    public var location: String?
    /// What is wrong, in words.
    public var message: String

    public init(line: Int?, column: Int? = nil, location: String? = nil, message: String) {
        self.line = line
        self.column = column
        self.location = location
        self.message = message
    }

    /// `12:5: message` or `12: .[2].date: message`, to follow a file name and a colon.
    public var description: String {
        var s = ""
        if let line { s += "\(line):" }
        if let column { s += "\(column):" }
        if !s.isEmpty { s += " " }
        if let location { s += location + ": " }
        return s + message
    }
}

/// Why a file could not be decoded: its problems in file order, at least one.
///
/// A syntax error stops decoding, so it comes alone; invalid rows are all collected (up to
/// `DecodeError.limit`) so the user can fix them in one go.
public struct DecodeError: Error, Equatable, Sendable {
    public var problems: [FormatProblem]

    /// How many row problems are collected before decoding gives up.
    public static let limit = 100

    public init(_ problems: [FormatProblem]) { self.problems = problems }
    public init(_ problem: FormatProblem) { problems = [problem] }
}

/// Turns a byte offset into line and column numbers; offsets are asked for in increasing
/// order while reading rows, so the whole file is scanned once.
struct LineCounter {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// 1-based line and byte column of `target`.
    mutating func position(of target: Int) -> (line: Int, column: Int) {
        if target < offset { (offset, line, lineStart) = (0, 1, 0) }
        let end = min(target, bytes.count)
        while offset < end {
            if bytes[offset] == 0x0A { line += 1; lineStart = offset + 1 }
            offset += 1
        }
        return (line, end - lineStart + 1)
    }
}

/// Quotes a value from a file for an error message, shortened and made safe to print.
func quoted(_ text: String) -> String {
    let short = text.count > 40 ? String(text.prefix(40)) + "…" : text
    var out = "\""
    for u in short.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            // An error line goes to a terminal: no control or bidi character may reach it raw.
            if SafeText.isUnsafe(u) {
                out += "\\u{" + String(u.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    return out + "\""
}
