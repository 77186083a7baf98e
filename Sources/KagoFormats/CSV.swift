/// One record of a CSV file, with the line it starts on (1-based).
public struct CSVRecord: Equatable, Sendable {
    public var line: Int
    public var fields: [String]

    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}

/// Comma-separated values as RFC 4180 describes them, without Foundation.
///
/// Records end in LF when written (so `grep`, `cut` and `awk` see clean fields; spreadsheets
/// read it too); CRLF, LF and a lone CR are all accepted when read.
public enum CSV {
    // MARK: - Writing

    /// Appends one field, in double quotes when it holds a comma, quote, line break or
    /// leading/trailing space (quotes doubled).
    public static func appendField(_ text: String, to out: inout [UInt8]) {
        let utf8 = text.utf8
        let needsQuotes = utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            || utf8.first == 0x20 || utf8.last == 0x20
        guard needsQuotes else { out.append(contentsOf: utf8); return }
        out.append(0x22)
        for b in utf8 {
            if b == 0x22 { out.append(0x22) }
            out.append(b)
        }
        out.append(0x22)
    }

    /// Appends a record: its fields separated by commas, then LF.
    public static func appendRecord(_ fields: [String], to out: inout [UInt8]) {
        // A lone empty field would be a blank line, which readers skip.
        if fields == [""] { out.append(contentsOf: [0x22, 0x22, 0x0A]); return }
        for (i, f) in fields.enumerated() {
            if i > 0 { out.append(0x2C) }
            appendField(f, to: &out)
        }
        out.append(0x0A)
    }

    // MARK: - Reading

    /// Splits CSV text into records. Blank lines are skipped; a UTF-8 byte order mark (as
    /// spreadsheets write) is ignored. A `"` inside an unquoted field is taken literally.
    /// - Throws: a quote left open, text after a closing quote, or bytes that are not UTF-8,
    ///   each with its line.
    public static func parse(_ bytes: [UInt8]) throws(DecodeError) -> [CSVRecord] {
        var reader = CSVReader(bytes)
        var records: [CSVRecord] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }
}

/// The state of reading a CSV text: a position and the current line.
struct CSVReader {
    private let bytes: [UInt8]
    private var i = 0
    private var line = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
    }

    /// The next non-blank record, or nil at the end.
    mutating func next() throws(DecodeError) -> CSVRecord? {
        while i < bytes.count {
            let start = i
            let recordLine = line
            var fields: [String] = []
            while true {
                fields.append(try field())
                if i < bytes.count, bytes[i] == 0x2C { i += 1; continue }
                break
            }
            let blank = i == start
            endOfLine()
            if !blank { return CSVRecord(line: recordLine, fields: fields) }
        }
        return nil
    }

    /// Steps over CRLF, LF or CR (or nothing at the end of the file).
    private mutating func endOfLine() {
        guard i < bytes.count else { return }
        if bytes[i] == 0x0D { i += 1 }
        if i < bytes.count, bytes[i] == 0x0A { i += 1 }
        line += 1
    }

    private mutating func field() throws(DecodeError) -> String {
        guard i < bytes.count, bytes[i] == 0x22 else {
            let start = i
            while i < bytes.count, bytes[i] != 0x2C, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
            return try text(bytes[start..<i], line: line)
        }
        let openLine = line
        i += 1
        var value: [UInt8] = []
        while true {
            guard i < bytes.count else {
                throw DecodeError(FormatProblem(line: openLine, message: "a quoted field is not closed with '\"'"))
            }
            let b = bytes[i]
            i += 1
            if b == 0x22 {
                guard i < bytes.count, bytes[i] == 0x22 else { break }
                i += 1
            } else if b == 0x0A {
                line += 1
            }
            value.append(b)
        }
        guard i == bytes.count || bytes[i] == 0x2C || bytes[i] == 0x0A || bytes[i] == 0x0D else {
            throw DecodeError(FormatProblem(
                line: line, message: "unexpected text after a closing quote (write a quote inside a quoted field as \"\")"))
        }
        return try text(value[...], line: openLine)
    }

    private func text(_ slice: ArraySlice<UInt8>, line: Int) throws(DecodeError) -> String {
        guard let s = String(validating: slice, as: UTF8.self) else {
            throw DecodeError(FormatProblem(line: line, message: "not UTF-8 text (save the file as \"CSV UTF-8\")"))
        }
        return s
    }
}
