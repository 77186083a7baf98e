import KagoState

/// The JSON of `kago list --json` and `kago export`: an array of item objects (SPEC §1).
public enum ItemsJSON {
    /// The keys of an item object, in the order they are written.
    public static let keys = ["id", "name", "quantity", "category", "date", "note", "purchased", "created_at", "purchased_at", "list"]

    // MARK: - Writing

    /// An array of item objects, one per line, ending in a newline; `[]` when empty.
    public static func encode(_ records: [ItemRecord]) -> [UInt8] {
        guard !records.isEmpty else { return Array("[]\n".utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(records.count * 240)
        out.append(literal: "[\n")
        for (i, r) in records.enumerated() {
            out.append(literal: "  {\"id\": ")
            if let id = r.id { out.append(decimal: id) } else { out.append(literal: "null") }
            out.append(literal: ", \"name\": ")
            JSON.appendString(r.name, to: &out)
            out.append(literal: ", \"quantity\": ")
            JSON.appendString(r.quantity, orNullTo: &out)
            out.append(literal: ", \"category\": ")
            JSON.appendString(r.category, orNullTo: &out)
            out.append(literal: ", \"date\": ")
            appendQuoted(r.date, &out) { $0.append(iso: $1) }
            out.append(literal: ", \"note\": ")
            JSON.appendString(r.note, orNullTo: &out)
            out.append(literal: r.purchased ? ", \"purchased\": true" : ", \"purchased\": false")
            out.append(literal: ", \"created_at\": ")
            appendQuoted(r.createdAt, &out) { $0.append(iso8601: $1) }
            out.append(literal: ", \"purchased_at\": ")
            appendQuoted(r.purchasedAt, &out) { $0.append(iso8601: $1) }
            out.append(literal: ", \"list\": ")
            JSON.appendString(r.list, orNullTo: &out)
            out.append(literal: i == records.count - 1 ? "}\n" : "},\n")
        }
        out.append(literal: "]\n")
        return out
    }

    /// Appends a value formatted by `write` in double quotes (it needs no escaping), or `null`.
    private static func appendQuoted<T>(_ value: T?, _ out: inout [UInt8], _ write: (inout [UInt8], T) -> Void) {
        guard let value else { out.append(literal: "null"); return }
        out.append(UInt8(ascii: "\""))
        write(&out, value)
        out.append(UInt8(ascii: "\""))
    }

    // MARK: - Reading

    /// Reads an array of item objects; only `name` is required in each, `id` is ignored.
    ///
    /// `purchased`, when present and not null, decides whether an item is bought (a
    /// `purchased_at` time is kept only then); without it, a `purchased_at` time means bought.
    /// - Throws: the syntax error, or every invalid item (up to `DecodeError.limit`), each
    ///   located by line and index (`.[2].date`).
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> [ItemRecord] {
        var parser = JSONParser(bytes)
        var lines = LineCounter(bytes)
        func syntax(_ e: JSONSyntaxError) -> DecodeError {
            let (line, column) = lines.position(of: e.offset)
            return DecodeError(FormatProblem(line: line, column: column, message: e.message))
        }
        parser.skipByteOrderMark()
        guard parser.peek() == UInt8(ascii: "[") else {
            let found = parser.peek() == nil ? "an empty file" : parser.describe(parser.index)
            throw syntax(parser.error("expected a JSON array of items like [{\"name\": \"milk\"}], found \(found)"))
        }
        _ = parser.consume(UInt8(ascii: "["))
        var records: [ItemRecord] = []
        var problems: [FormatProblem] = []
        var index = 0
        do throws(JSONSyntaxError) {
            if !parser.consume(UInt8(ascii: "]")) {
                while true {
                    _ = parser.peek()
                    let start = parser.index
                    let value = try parser.value()
                    defer { index += 1 }
                    if problems.count < DecodeError.limit {
                        switch record(value, index: index) {
                        case .success(let r): records.append(r)
                        case .failure(let p):
                            problems.append(FormatProblem(line: lines.position(of: start).line, location: p.location, message: p.message))
                        }
                    }
                    if parser.consume(UInt8(ascii: ",")) { continue }
                    if parser.consume(UInt8(ascii: "]")) { break }
                    throw parser.error("expected ',' or ']' after an item, found \(parser.describe(parser.index))")
                }
            }
            try parser.expectEnd()
        } catch {
            throw syntax(error)
        }
        guard problems.isEmpty else { throw DecodeError(problems) }
        return records
    }

    /// A problem with one item, before its line is known.
    struct ItemProblem: Error {
        var location: String
        var message: String
    }

    /// Validates one element of the array.
    static func record(_ value: JSONValue, index: Int) -> Result<ItemRecord, ItemProblem> {
        let here = ".[\(index)]"
        guard case .object(let members) = value else {
            return .failure(ItemProblem(location: here, message: "expected an item object like {\"name\": \"milk\"}, found \(value.kind)"))
        }
        var fields: [String: JSONValue] = [:]
        for m in members {
            guard keys.contains(m.key) else {
                return .failure(ItemProblem(location: here, message: "unknown key \(quoted(m.key)); the keys are " + keys.joined(separator: ", ")))
            }
            guard fields.updateValue(m.value, forKey: m.key) == nil else {
                return .failure(ItemProblem(location: here + "." + m.key, message: "the key appears twice"))
            }
        }
        do throws(ItemProblem) {
            func text(_ key: String, allowNumber: Bool = false) throws(ItemProblem) -> String? {
                switch fields[key] {
                case nil, .null?: return nil
                case .string(let s)?: return s.isEmpty ? nil : s
                case .number(let n)? where allowNumber: return n
                case let other?:
                    throw ItemProblem(location: here + "." + key, message: "expected a string or null, found \(other.kind)")
                }
            }
            func parsed<T>(_ key: String, _ example: String, _ parse: (String) -> T?) throws(ItemProblem) -> T? {
                guard let s = try text(key) else { return nil }
                guard let v = parse(s) else {
                    throw ItemProblem(location: here + "." + key, message: "expected \(example) or null, found \(quoted(s))")
                }
                return v
            }
            guard let name = try text("name"), !name.allSatisfy(\.isWhitespace) else {
                throw ItemProblem(location: here, message: "an item needs a \"name\"")
            }
            switch fields["id"] {
            case nil, .null?, .number?: break
            case let other?: throw ItemProblem(location: here + ".id", message: "expected a number or null, found \(other.kind)")
            }
            var purchased: Bool?
            switch fields["purchased"] {
            case nil, .null?: break
            case .bool(let b)?: purchased = b
            case let other?:
                throw ItemProblem(location: here + ".purchased", message: "expected true, false or null, found \(other.kind)")
            }
            let purchasedAt = try parsed("purchased_at", "a time like \"2026-03-01T09:30:00Z\"") { Timestamp(iso8601: $0) }
            let bought = purchased ?? (purchasedAt != nil)
            return .success(ItemRecord(
                name: name, quantity: try text("quantity", allowNumber: true), category: try text("category"),
                date: try parsed("date", "a date like \"2026-03-01\"") { Day(iso: $0) }, note: try text("note"),
                purchased: bought,
                createdAt: try parsed("created_at", "a time like \"2026-03-01T09:30:00Z\"") { Timestamp(iso8601: $0) },
                purchasedAt: bought ? purchasedAt : nil, list: try text("list")))
        } catch {
            return .failure(error)
        }
    }
}
