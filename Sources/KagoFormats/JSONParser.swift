/// A strict recursive-descent JSON reader over UTF-8 bytes.
///
/// Every path either consumes input or throws, and nesting is capped, so no input can make it
/// loop, overflow the stack or trap; the import decoder drives it element by element to know
/// where each item starts.
struct JSONParser {
    let bytes: [UInt8]
    /// The next byte to read.
    private(set) var index = 0
    private var depth = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    // MARK: - Driving

    mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The next byte after whitespace, not consumed; nil at the end.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// Consumes `byte` (after whitespace) when it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    /// Throws unless only whitespace is left.
    mutating func expectEnd() throws(JSONSyntaxError) {
        guard peek() == nil else { throw error("unexpected \(describe(index)) after the end of the JSON value") }
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? index, message: message)
    }

    /// The byte at `offset` in words: `'x'`, `byte 0xC3`, or `the end of the file`.
    func describe(_ offset: Int) -> String {
        guard offset < bytes.count else { return "end of the file" }
        let b = bytes[offset]
        return b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x" + hex(b)
    }

    // MARK: - Values

    /// Reads one value.
    mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek() else { throw error("expected a JSON value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a JSON value, found \(describe(index))")
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= JSON.maximumDepth else { throw error("arrays and objects nested more than \(JSON.maximumDepth) deep") }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            elements.append(try value())
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { return .array(elements) }
            throw error("expected ',' or ']' after an array element, found \(describe(index))")
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONMember] = []
        if consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            guard peek() == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, found \(describe(index))")
            }
            let key = try string()
            guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after the key, found \(describe(index))") }
            members.append(JSONMember(key, try value()))
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return .object(members) }
            throw error("expected ',' or '}' after an object member, found \(describe(index))")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for b in text {
            guard index < bytes.count, bytes[index] == b else {
                throw error("expected a JSON value, found \(describe(start))", at: start)
            }
            index += 1
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, returned as written.
    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { throw error("expected a digit in the number, found \(describe(index))") }
        if bytes[start] == UInt8(ascii: "0") || (bytes[start] == UInt8(ascii: "-") && bytes[start + 1] == UInt8(ascii: "0")),
           index - start > (bytes[start] == UInt8(ascii: "-") ? 2 : 1) {
            throw error("numbers may not have leading zeros", at: start)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected a digit after the decimal point, found \(describe(index))") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent, found \(describe(index))") }
        }
        // Only ASCII was consumed, so this cannot fail.
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    /// Reads a string starting at its opening quote; invalid UTF-8 and lone surrogates are refused.
    mutating func string() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1
        var runStart = index
        var unescaped: [UInt8] = []
        var escaped = false
        while true {
            guard index < bytes.count else { throw error("a string is not closed with '\"'", at: open) }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 { throw error("control character (byte 0x\(hex(b))) in a string; write it as \\u00\(hex(b))") }
            if b != UInt8(ascii: "\\") { index += 1; continue }
            escaped = true
            unescaped.append(contentsOf: bytes[runStart..<index])
            try escape(into: &unescaped)
            runStart = index
        }
        let end = index
        index += 1
        let decoded: String?
        if escaped {
            unescaped.append(contentsOf: bytes[runStart..<end])
            decoded = String(validating: unescaped, as: UTF8.self)
        } else {
            decoded = String(validating: bytes[runStart..<end], as: UTF8.self)
        }
        guard let decoded else { throw error("a string is not valid UTF-8 text", at: open) }
        return decoded
    }

    /// Reads one backslash escape, appending its UTF-8.
    private mutating func escape(into out: inout [UInt8]) throws(JSONSyntaxError) {
        let start = index
        index += 1
        guard index < bytes.count else { throw error("a string is not closed with '\"'") }
        let c = bytes[index]
        index += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(c)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hex4()
            if (0xD800..<0xDC00).contains(value) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("\\u\(hex16(value)) is half of a surrogate pair without its other half", at: start)
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw error("\\u\(hex16(value)) is half of a surrogate pair without its other half", at: start)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(value) {
                throw error("\\u\(hex16(value)) is half of a surrogate pair without its other half", at: start)
            }
            // Not a surrogate, so always a scalar.
            guard let scalar = Unicode.Scalar(value) else { throw error("invalid \\u escape", at: start) }
            out.append(contentsOf: UTF8.encode(scalar)!)
        default:
            throw error("'\\' followed by \(describe(index - 1)) is not a JSON escape", at: start)
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let d = hexValue(bytes[index]) else {
                throw error("expected four hex digits after \\u, found \(describe(index))")
            }
            v = v << 4 | UInt32(d)
            index += 1
        }
        return v
    }
}

private func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
    default: nil
    }
}

/// Two upper-case hex digits.
func hex(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
}

private func hex16(_ v: UInt32) -> String { hex(UInt8(v >> 8 & 0xFF)) + hex(UInt8(v & 0xFF)) }
