/// One content line of an iCalendar object: the bytes it had on the wire (folded, with their
/// line breaks) and its unfolded form, so what kago does not change goes back byte for byte.
public struct ContentLine: Equatable, Sendable {
    /// The physical lines as received, line breaks included.
    public var raw: [UInt8]
    /// The line unfolded, without its line break.
    public var logical: [UInt8]

    /// The property or BEGIN/END name, upper-cased.
    public var name: String {
        let end = logical.firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") } ?? logical.endIndex
        return String(decoding: logical[..<end], as: UTF8.self).uppercased()
    }

    /// Where the value starts: after the first `:` outside a quoted parameter value.
    var valueStart: Int? {
        var quoted = false
        for (i, b) in logical.enumerated() {
            if b == UInt8(ascii: "\"") { quoted.toggle() } else if b == UInt8(ascii: ":") && !quoted { return i + 1 }
        }
        return nil
    }

    /// The value as written (still escaped).
    public var value: String {
        guard let start = valueStart else { return "" }
        return String(decoding: logical[start...], as: UTF8.self)
    }

    /// The parameters between the name and the value, upper-cased names: `VALUE=DATE`.
    public var parameters: [String: String] {
        let end = (valueStart ?? logical.count + 1) - 1
        let nameEnd = logical.firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") } ?? logical.endIndex
        guard nameEnd < end else { return [:] }
        var out: [String: String] = [:]
        var quoted = false, current: [UInt8] = []
        func flush() {
            let text = String(decoding: current, as: UTF8.self)
            if let eq = text.firstIndex(of: "=") {
                var v = String(text[text.index(after: eq)...])
                if v.hasPrefix("\""), v.hasSuffix("\""), v.count >= 2 { v = String(v.dropFirst().dropLast()) }
                out[text[..<eq].uppercased()] = v
            }
            current = []
        }
        for b in logical[(nameEnd + 1)..<end] {
            if b == UInt8(ascii: "\"") { quoted.toggle() }
            if b == UInt8(ascii: ";") && !quoted { flush() } else { current.append(b) }
        }
        flush()
        return out
    }

    /// A new line, folded as RFC 5545 asks.
    public init(folding logical: [UInt8]) {
        self.logical = logical
        raw = ICalendar.fold(logical)
    }

    init(raw: [UInt8], logical: [UInt8]) {
        self.raw = raw
        self.logical = logical
    }
}

/// Unfolding, folding and text escaping of iCalendar (RFC 5545 §3.1, §3.3.11).
public enum ICalendar {
    /// Splits a body into content lines. Tolerant of what other clients write: LF alone or
    /// CRLF, a fold in the middle of a UTF-8 character (the bytes are joined before decoding),
    /// a fold with a tab.
    public static func lines(_ bytes: [UInt8]) -> [ContentLine] {
        var out: [ContentLine] = []
        var i = 0
        while i < bytes.count {
            var end = i
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            let next = min(end + 1, bytes.count)
            var content = Array(bytes[i..<end])
            if content.last == UInt8(ascii: "\r") { content.removeLast() }
            let physical = Array(bytes[i..<next])
            if let first = content.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t"), !out.isEmpty {
                out[out.count - 1].raw += physical
                out[out.count - 1].logical += content.dropFirst()
            } else if content.isEmpty {
                // A blank line: kept so the bytes go back as they came.
                if out.isEmpty { out.append(ContentLine(raw: physical, logical: [])) } else { out[out.count - 1].raw += physical }
            } else {
                out.append(ContentLine(raw: physical, logical: content))
            }
            i = next
        }
        return out
    }

    /// Whether a calendar object kago cannot read as a VTODO is still iCalendar that holds no
    /// VTODO (a VEVENT, say: left alone), rather than something broken or not iCalendar at all.
    public static func isCalendarWithoutTodo(_ bytes: [UInt8]) -> Bool {
        let content = lines(bytes).filter { !$0.logical.isEmpty }
        func line(_ l: ContentLine?, _ name: String, _ value: String) -> Bool {
            guard let l, l.name == name, let start = l.valueStart else { return false }
            return String(decoding: l.logical[start...], as: UTF8.self).trimmingCharacters().uppercased() == value
        }
        guard line(content.first, "BEGIN", "VCALENDAR"), line(content.last, "END", "VCALENDAR") else { return false }
        return !content.contains { line($0, "BEGIN", "VTODO") }
    }

    /// Folds a logical line at 75 octets, never inside a UTF-8 character, CRLF at the end.
    public static func fold(_ logical: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var lineLength = 0
        var i = 0
        while i < logical.count {
            var n = 1
            let b = logical[i]
            if b >= 0xF0 { n = 4 } else if b >= 0xE0 { n = 3 } else if b >= 0xC0 { n = 2 }
            n = min(n, logical.count - i)
            if lineLength + n > 75 {
                out += [13, 10, 32]
                lineLength = 1
            }
            out += logical[i..<(i + n)]
            lineLength += n
            i += n
        }
        return out + [13, 10]
    }

    /// A TEXT value escaped: backslash, semicolon, comma, line break.
    public static func escape(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": continue
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A TEXT value read back; with `splitCommas`, the list of values (CATEGORIES).
    public static func unescape(_ value: String, splitCommas: Bool = false) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for c in value.unicodeScalars {
            if escaping {
                switch c {
                case "n", "N": current += "\n"
                default: current.unicodeScalars.append(c)
                }
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else if c == ",", splitCommas {
                parts.append(current)
                current = ""
            } else {
                current.unicodeScalars.append(c)
            }
        }
        parts.append(current)
        return parts
    }
}
