import KagoState

extension JSON {
    /// Appends `text` as a JSON string literal.
    ///
    /// Besides what JSON requires (`"`, `\`, C0 controls), DEL, C1 controls and bidirectional
    /// overrides are written as `\u` escapes too: the value is unchanged for any JSON reader,
    /// and the output is safe to print on a terminal (SPEC §6).
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Fast path: most text, Japanese included, needs no escaping. Only these bytes can
        // begin something to escape: C1 controls are C2 8x/9x in UTF-8, U+061C is D8 9C,
        // and the bidi controls are E2 80/81 xx.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 })
            else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if plain != true { appendEscaped(text, to: &out) }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        for u in text.unicodeScalars {
            switch u {
            case "\"": out.append(contentsOf: [0x5C, 0x22])
            case "\\": out.append(contentsOf: [0x5C, 0x5C])
            case "\n": out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case "\r": out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case "\t": out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            default:
                if SafeText.isUnsafe(u) {
                    // Lower-case hex, as JavaScript's JSON.stringify and jq write it.
                    out.append(contentsOf: [0x5C, UInt8(ascii: "u")])
                    for shift in [12, 8, 4, 0] { out.append(lowerHex[Int(u.value >> UInt32(shift) & 15)]) }
                } else {
                    out.append(contentsOf: UTF8.encode(u)!)
                }
            }
        }
    }

    private static let lowerHex = Array("0123456789abcdef".utf8)

    /// Appends a string literal, or `null` for nil.
    public static func appendString(_ text: String?, orNullTo out: inout [UInt8]) {
        if let text { appendString(text, to: &out) } else { out.append(literal: "null") }
    }
}
