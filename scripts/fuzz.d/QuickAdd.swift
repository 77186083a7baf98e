import KagoState

/// Fuzzes the quick-add parser (`QuickAdd.parse`) and its writer (`QuickAdd.format`).
///
/// Input: two bytes choose "today" (1970 to 2149, so weekdays, month ends and leap years vary),
/// the rest is the typed line, read as UTF-8 with repairs as a terminal would deliver it.
/// Properties: any line parses or is refused without trapping; a refused date names a word of
/// the line; a parsed draft written back by `format` parses to the same draft (except for the
/// documented case of a `"` before a space in a name or category), so `e` never changes an item.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuickAdd(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = input(data, size)
    guard bytes.count >= 2 else { return 0 }
    let today = Day(ordinal: Int(bytes[0]) << 8 | Int(bytes[1]))
    let line = String(decoding: bytes.dropFirst(2), as: UTF8.self)
    switch QuickAdd.parse(line, today: today) {
    case .failure(.emptyName):
        break
    case .failure(.badDate(let word)):
        require(line.contains(word), "a refused date is a word of the line",
                "\(word.debugDescription) in \(line.debugDescription)")
    case .success(let draft):
        require(!draft.name.isEmpty, "a parsed item has a name", line.debugDescription)
        guard !hasQuoteBeforeSpace(draft.name), !hasQuoteBeforeSpace(draft.category) else { break }
        let written = QuickAdd.format(draft)
        require(QuickAdd.parse(written, today: today) == .success(draft), "parse(format(draft)) == draft",
                "\(line.debugDescription) -> \(draft) -> \(written.debugDescription) -> "
                + "\(QuickAdd.parse(written, today: today))")
    }
    return 0
}

/// Whether text holds a `"` followed by white space, which `QuickAdd.format` cannot write back
/// inside a name or a category.
func hasQuoteBeforeSpace(_ text: String?) -> Bool {
    guard let text else { return false }
    return zip(text, text.dropFirst()).contains { $0 == "\"" && $1.isWhitespace }
}
