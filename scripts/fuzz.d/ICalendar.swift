import KagoState
import KagoSync

/// Fuzzes the VTODO patcher (`Todo.patched`) and the unfolding and folding under it (SPEC §9).
///
/// Input: the first byte chooses which of kago's fields change (low bits: summary, note,
/// categories, due, done), the rest of the first line is the new text for them, and what follows
/// is a calendar object as a server sent it.
/// Properties: unfolding keeps every byte; every logical line folds into physical lines of at
/// most 75 octets that split no UTF-8 character and unfold back to it; a VTODO patched with its
/// own fields is the same bytes; patched with changes it reads back as those fields, every line
/// kago does not own (outside the VTODO, in its VALARMs, a property kago does not write) comes
/// out byte for byte and in order, line ends made CRLF, and what kago wrote is folded as above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICalendar(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = input(data, size)
    guard let mask = bytes.first else { return 0 }
    let lineEnd = bytes.dropFirst().firstIndex(of: 10) ?? bytes.count
    let text = String(decoding: bytes[1..<lineEnd], as: UTF8.self)
    let body = Array(bytes[min(lineEnd + 1, bytes.count)...])

    let lines = ICalendar.lines(body)
    require(lines.flatMap(\.raw) == body, "unfolding keeps every byte", shown(body))
    for line in lines {
        let folded = ICalendar.fold(line.logical)
        requireFolded(folded, validUTF8: String(validating: line.logical, as: UTF8.self) != nil)
        require(ICalendar.lines(folded).map(\.logical) == [line.logical], "unfold(fold(line)) == line",
                "\(shown(line.logical)) -> \(shown(folded))")
    }

    guard let todo = Todo(body, localOffset: tokyo) else { return 0 }
    require(todo.patched(todo.fields, now: now, localOffset: tokyo) == body,
            "patched with its own fields, a VTODO is unchanged", shown(body))
    let wanted = changed(todo.fields, mask: mask, text: text)
    guard wanted != todo.fields else { return 0 }
    let out = todo.patched(wanted, now: now, localOffset: tokyo)
    let back = Todo(out, localOffset: tokyo)
    require(back?.uid == todo.uid && back.map { sameFields($0.fields, wanted) } == true,
            "a patched VTODO reads back as the fields", "\(wanted) -> \(back.map { "\($0.fields)" } ?? "nil") from \(shown(out))")

    let outLines = ICalendar.lines(out)
    let (keptIn, ownedIn) = split(lines)
    let (keptOut, ownedOut) = split(outLines)
    require(keptOut.map(\.raw) == keptIn.map { crlf($0.raw) },
            "a patch keeps every line kago does not own, byte for byte", "\(shown(body)) -> \(shown(out))")
    let unchanged = Set(ownedIn.map { crlf($0.raw) })
    for line in ownedOut where !unchanged.contains(line.raw) {
        requireFolded(line.raw, validUTF8: true)
    }
    return 0
}

let now: Timestamp = 1_796_000_000
func tokyo(_: Timestamp) -> Int { 9 * 3600 }

/// The fields with those the mask picks changed: text for the summary, note and first category,
/// and the due day and the completion toggled.
func changed(_ fields: TodoFields, mask: UInt8, text: String) -> TodoFields {
    // TEXT escaping drops a CR (a line break is written `\n`), so none is asked for.
    let text = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\r" }))
    var f = fields
    if mask & 1 != 0 { f.summary = text }
    if mask & 2 != 0 { f.note = text.isEmpty ? nil : text }
    if mask & 4 != 0 {
        // Categories as a VTODO reads them: trimmed, none empty, none twice.
        let first = trimmed(text)
        f.categories = first.isEmpty || first == "日用品" ? ["日用品"] : [first, "日用品"]
    }
    if mask & 8 != 0 { f.due = f.due == nil ? Day(year: 2026, month: 1 + Int(mask >> 5), day: 28) : nil }
    if mask & 16 != 0 { f.completed = f.completed == nil ? now - 3600 : nil }
    return f
}

/// Text without the spaces, tabs and line breaks a VTODO reader trims.
func trimmed(_ text: String) -> String {
    let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
    let scalars = text.unicodeScalars
    guard let start = scalars.firstIndex(where: { !isSpace($0) }), let end = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(String.UnicodeScalarView(scalars[start...end]))
}

/// Whether fields read back are those written, the completion only as done or not: one whose
/// lines were kept keeps the server's time (or, without a COMPLETED, takes LAST-MODIFIED).
func sameFields(_ a: TodoFields, _ b: TodoFields) -> Bool {
    var a = a, b = b
    a.completed = a.completed.map { _ in 0 }
    b.completed = b.completed.map { _ in 0 }
    return a == b
}

/// A body's lines split into those kago does not own and those it does: the first VTODO's own
/// properties (not a VALARM's) that kago writes.
func split(_ lines: [ContentLine]) -> (kept: [ContentLine], owned: [ContentLine]) {
    var kept: [ContentLine] = [], owned: [ContentLine] = []
    var depth = 0, started = false
    for line in lines {
        let name = line.name
        if !started, name == "BEGIN", trimmed(line.value).uppercased() == "VTODO" { started = true }
        if started, depth >= 0 {
            if name == "BEGIN" { depth += 1 } else if name == "END" {
                depth -= 1
                if depth == 0 { depth = -1 } // the VTODO is over; what follows is not kago's
            } else if depth == 1, Todo.owned.contains(name) {
                owned.append(line)
                continue
            }
        }
        kept.append(line)
    }
    return (kept, owned)
}

/// Line ends as a patch writes them: a lone LF becomes CRLF.
func crlf(_ raw: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    for (i, b) in raw.enumerated() {
        if b == 10, i == 0 || raw[i - 1] != 13 { out.append(13) }
        out.append(b)
    }
    return out
}

/// Checks folded bytes: physical lines ended by CRLF, each at most 75 octets, each after the
/// first starting with a space, and (for a valid UTF-8 line) none splitting a character.
func requireFolded(_ folded: [UInt8], validUTF8: Bool) {
    let physicalLines = folded.split(separator: 10, omittingEmptySubsequences: false).dropLast()
    for (i, physical) in physicalLines.enumerated() {
        require(physical.last == 13, "a folded line ends in CRLF", shown(folded))
        let content = physical.dropLast()
        require(content.count <= 75, "a folded line is at most 75 octets", "\(content.count): \(shown(folded))")
        require(i == 0 || content.first == 32, "a continuation starts with a space", shown(folded))
        require(!validUTF8 || String(validating: content, as: UTF8.self) != nil, "a fold never splits a UTF-8 character",
                shown(folded))
    }
    require(folded.last == 10, "a folded line ends in CRLF", shown(folded))
}
