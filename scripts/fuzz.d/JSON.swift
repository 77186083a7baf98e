import KagoFormats
import KagoState

/// Fuzzes the JSON reader (`JSON.parse`) and the JSON importer (`ItemsJSON.decode`, SPEC §1 and §7).
///
/// Input: the file; also, whole, the text of a `created_at` time.
/// Properties: any bytes are read or refused without trapping (nesting included); a value read
/// and written back (strings by `JSON.appendString`) reads as the same value; a refusal names at
/// least one problem and only lines of the file; every file the importer accepts is written by
/// the exporter to a file that imports as the same records and holds no control character but LF.
/// Times are checked alone as well: inside a whole file the fuzzer seldom reaches their corners.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = input(data, size)
    if let time = Timestamp(iso8601: String(decoding: bytes, as: UTF8.self)) {
        var written: [UInt8] = []
        written.append(iso8601: time)
        require(Timestamp(iso8601: String(decoding: written, as: UTF8.self)) == time,
                "an accepted time is written back as itself",
                "\(shown(bytes)) -> \(time) -> \(shown(written))")
    }
    if let value = try? JSON.parse(bytes) {
        var written: [UInt8] = []
        write(value, to: &written)
        require((try? JSON.parse(written)) == value, "a value written back reads the same",
                "\(shown(bytes)) -> \(shown(written))")
    }
    do {
        let imported = try ItemsJSON.decode(bytes)
        let exported = ItemsJSON.encode(imported)
        require((try? ItemsJSON.decode(exported)) == imported, "an accepted file round-trips through export",
                "\(shown(bytes)) -> \(imported) -> \(shown(exported))")
        require(!hasControlBytes(exported), "exported JSON holds no control bytes", "\(imported)")
    } catch {
        requireLocated(error.problems.map(\.line), limit: DecodeError.limit, in: bytes)
    }
    return 0
}

/// Writes a value as compact JSON: numbers as they were read, strings as the exporter writes them.
func write(_ value: JSONValue, to out: inout [UInt8]) {
    switch value {
    case .null: out += "null".utf8
    case .bool(let b): out += (b ? "true" : "false").utf8
    case .number(let text): out += text.utf8
    case .string(let s): JSON.appendString(s, to: &out)
    case .array(let elements):
        out.append(UInt8(ascii: "["))
        for (i, e) in elements.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            write(e, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    case .object(let members):
        out.append(UInt8(ascii: "{"))
        for (i, m) in members.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSON.appendString(m.key, to: &out)
            out.append(UInt8(ascii: ":"))
            write(m.value, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}
