import KagoState

/// The CSV of `kago export --format csv`: `name,quantity,category,date,note,purchased` (SPEC §1).
///
/// Empty fields mean "none"; `date` is `YYYY-MM-DD`; `purchased` is `true` or `false`.
/// Times (added, bought) are not exported: an imported purchased row is bought "now", unless
/// it has a `purchased_at` column (a history export), which also means bought without `purchased`.
public enum ItemsCSV {
    /// The columns a header may name: the exported ones, and the history's purchase time.
    static let readable = ItemRecord.csvColumnsWithList + ["purchased_at"]

    /// Words accepted for `purchased` when reading, case-insensitively (an empty field is false).
    static let truthy: Set<String> = ["true", "yes", "y", "1", "x"]
    static let falsy: Set<String> = ["false", "no", "n", "0", ""]

    // MARK: - Writing

    /// The header and one row per record, each ending in LF.
    /// - Parameter sanitized: replace control and bidi characters with U+FFFD (line breaks
    ///   included), for CSV shown on a terminal rather than saved; the bytes are then no
    ///   longer the data, which is why files and pipes get them unchanged.
    ///   - withList: add the `list` column (every list's items).
    public static func encode(_ records: [ItemRecord], sanitized: Bool = false, withList: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + records.count * 60)
        CSV.appendRecord(withList ? ItemRecord.csvColumnsWithList : ItemRecord.csvColumns, to: &out)
        func field(_ text: String?) {
            guard let text else { return }
            CSV.appendField(sanitized ? SafeText.sanitize(text) : text, to: &out)
        }
        for r in records {
            field(r.name)
            out.append(0x2C)
            field(r.quantity)
            out.append(0x2C)
            field(r.category)
            out.append(0x2C)
            if let d = r.date { out.append(iso: d) }
            out.append(0x2C)
            field(r.note)
            out.append(literal: r.purchased ? ",true" : ",false")
            if withList {
                out.append(0x2C)
                field(r.list)
            }
            out.append(0x0A)
        }
        return out
    }

    // MARK: - Reading

    /// Reads rows under a header naming some of the columns (any order, any case); `name` is required.
    /// - Throws: a header or syntax problem alone, or every invalid row (up to
    ///   `DecodeError.limit`), each with its line and column name.
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> [ItemRecord] {
        var reader = CSVReader(bytes)
        guard let header = try reader.next() else {
            throw DecodeError(FormatProblem(line: 1, message: "the file is empty; expected a header line "
                                            + ItemRecord.csvColumns.joined(separator: ",")))
        }
        let columns = try self.columns(header)
        var records: [ItemRecord] = []
        var problems: [FormatProblem] = []
        while let row = try reader.next() {
            guard problems.count < DecodeError.limit else { continue }
            switch record(row, columns: columns) {
            case .success(let r): records.append(r)
            case .failure(let p): problems.append(p)
            }
        }
        guard problems.isEmpty else { throw DecodeError(problems) }
        return records
    }

    /// The column name of each field of the header.
    static func columns(_ header: CSVRecord) throws(DecodeError) -> [String] {
        var seen: [String] = []
        for raw in header.fields {
            let name = String(raw.trimmingWhitespace()).lowercased()
            guard readable.contains(name) else {
                throw DecodeError(FormatProblem(line: header.line, message: "unknown column \(quoted(raw)) in the header; "
                                                + "the columns are " + readable.joined(separator: ",")))
            }
            guard !seen.contains(name) else {
                throw DecodeError(FormatProblem(line: header.line, message: "the column \(quoted(name)) appears twice in the header"))
            }
            seen.append(name)
        }
        guard seen.contains("name") else {
            throw DecodeError(FormatProblem(line: header.line, message: "the header has no \"name\" column; the first line "
                                            + "must name the columns, e.g. " + ItemRecord.csvColumns.joined(separator: ",")))
        }
        return seen
    }

    static func record(_ row: CSVRecord, columns: [String]) -> Result<ItemRecord, FormatProblem> {
        guard row.fields.count == columns.count else {
            return .failure(FormatProblem(line: row.line, message: "\(row.fields.count) field\(row.fields.count == 1 ? "" : "s"), "
                                          + "but the header has \(columns.count)"))
        }
        var r = ItemRecord(name: "")
        var purchased: Bool?
        for (column, value) in zip(columns, row.fields) {
            func bad(_ expected: String) -> Result<ItemRecord, FormatProblem> {
                .failure(FormatProblem(line: row.line, location: column, message: "expected \(expected), found \(quoted(value))"))
            }
            let text: String? = value.isEmpty ? nil : value
            switch column {
            case "name": r.name = value
            case "quantity": r.quantity = text
            case "category": r.category = text
            case "note": r.note = text
            case "list": r.list = text
            case "date":
                guard let text else { continue }
                guard let day = Day(iso: text) else { return bad("a date like 2026-03-01 or nothing") }
                r.date = day
            case "purchased_at":
                guard let text else { continue }
                guard let time = Timestamp(iso8601: text) else { return bad("a time like 2026-03-01T09:30:00Z or nothing") }
                r.purchasedAt = time
            default:
                let word = String(value.trimmingWhitespace()).lowercased()
                if truthy.contains(word) { purchased = true } else if falsy.contains(word) { purchased = false } else {
                    return bad("true or false")
                }
            }
        }
        // As in JSON: `purchased` decides, and without it a purchase time means bought.
        r.purchased = purchased ?? (r.purchasedAt != nil)
        if !r.purchased { r.purchasedAt = nil }
        guard !r.name.allSatisfy(\.isWhitespace) else {
            return .failure(FormatProblem(line: row.line, location: "name", message: "an item needs a name"))
        }
        return .success(r)
    }
}
