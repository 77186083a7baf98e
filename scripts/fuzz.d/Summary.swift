import KagoState
import KagoSync

/// Fuzzes how a VTODO's SUMMARY becomes an item's name and quantity (`Summary.read`, through
/// `Mapping`) and how kago writes them back (SPEC §9).
///
/// Input: a SUMMARY as another app wrote it (`Milk x2`, `2本 ビール`), read as UTF-8 with repairs.
/// Properties: any line is read without trapping; an item it makes (`Mapping.values`) has a name
/// and, when it has a quantity, a non-empty one; the SUMMARY kago writes for that item reads back
/// as the same name and quantity, so a sync never changes an item by writing it; and the line
/// itself is kept as the server had it, since it reads as the item.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSummary(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let line = String(decoding: input(data, size), as: UTF8.self)
    guard let values = Mapping.values(of: TodoFields(summary: line)) else { return 0 }
    require(!values.name.isEmpty && values.quantity?.isEmpty != true, "an item has a name and no empty quantity",
            line.debugDescription)
    let item = Item(id: 1, name: values.name, quantity: values.quantity, createdAt: 0)
    let written = Mapping.fields(of: item, category: nil, base: nil).summary
    let back = Mapping.values(of: TodoFields(summary: written))
    let shownBack = back.map { "\($0.name.debugDescription) \($0.quantity.debugDescription)" } ?? "nil"
    require(back?.name == values.name && back?.quantity == values.quantity, "the SUMMARY kago writes reads back as the item",
            "\(line.debugDescription) -> \(values.name.debugDescription) \(values.quantity.debugDescription) -> "
            + "\(written.debugDescription) -> \(shownBack)")
    require(Mapping.fields(of: item, category: nil, base: TodoFields(summary: line)).summary == line,
            "a SUMMARY that reads as the item is kept", line.debugDescription)
    return 0
}
