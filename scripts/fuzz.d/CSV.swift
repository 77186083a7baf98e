import KagoFormats
import KagoState

/// Fuzzes the CSV reader (`CSV.parse`) and the CSV importer (`ItemsCSV.decode`, SPEC §1 and §7).
///
/// Input: the file; also, whole, the text of a `date` field.
/// Properties: any bytes are read or refused without trapping; records start on increasing
/// lines of the file; a refusal names at least one problem and only lines of the file; every
/// file the importer accepts is written by the exporter to a file that imports as the same
/// records; the exporter's terminal form (`sanitized`) holds no control character but LF; a date
/// the importer accepts is written back by the exporter as the same date.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = input(data, size)
    if let date = Day(iso: String(decoding: bytes, as: UTF8.self)) {
        var written: [UInt8] = []
        written.append(iso: date)
        require(Day(iso: String(decoding: written, as: UTF8.self)) == date, "an accepted date is written back as itself",
                "\(shown(bytes)) -> \(shown(written))")
    }
    let lines = lineCount(bytes)
    if let records = try? CSV.parse(bytes) {
        let starts = records.map(\.line)
        require(zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 } && starts.allSatisfy { $0 >= 1 && $0 <= lines },
                "records start on increasing lines of the file", "\(starts) in \(shown(bytes))")
    }
    do {
        let imported = try ItemsCSV.decode(bytes)
        let exported = ItemsCSV.encode(imported)
        require((try? ItemsCSV.decode(exported)) == imported, "an accepted file round-trips through export",
                "\(shown(bytes)) -> \(imported) -> \(shown(exported))")
        require(!hasControlBytes(ItemsCSV.encode(imported, sanitized: true)), "sanitized CSV holds no control bytes",
                "\(imported)")
    } catch {
        requireLocated(error.problems.map(\.line), limit: DecodeError.limit, in: bytes)
    }
    return 0
}
