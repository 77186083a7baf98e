import KagoState

/// What kago owns in a VTODO (SPEC §9), as values: everything else in the text is kept.
public struct TodoFields: Equatable, Sendable {
    public var summary: String
    public var note: String?
    /// In the order written; kago's category is the first.
    public var categories: [String]
    public var due: Day?
    /// When it was completed; nil while it is still to do.
    public var completed: Timestamp?

    public init(summary: String, note: String? = nil, categories: [String] = [], due: Day? = nil, completed: Timestamp? = nil) {
        self.summary = summary
        self.note = note
        self.categories = categories
        self.due = due
        self.completed = completed
    }
}

/// One VTODO as a server holds it: the raw text, and what kago reads from it.
public struct Todo: Sendable {
    public var text: [UInt8]
    public var uid: String
    public var fields: TodoFields
    /// LAST-MODIFIED (or DTSTAMP), to pick the newer change of a field changed on both sides.
    public var modified: Timestamp?
    /// False for a VTODO kago cannot show as an item (recurring, cancelled): left alone.
    public var showable: Bool
    /// The UTC offset a DUE given in UTC was read with (the local day depends on it); nil for
    /// any other DUE, or none.
    public var dueOffset: Int?
    /// The DUE as written, to tell whether it changed whatever day it reads as.
    public var dueValue: String?

    /// The properties kago rewrites; every other line stays as it came.
    public static let owned: Set<String> = ["SUMMARY", "DESCRIPTION", "CATEGORIES", "DUE", "STATUS", "COMPLETED",
                                     "PERCENT-COMPLETE", "LAST-MODIFIED", "DTSTAMP", "SEQUENCE"]

    /// Reads the first VTODO of a calendar object; nil when there is none or it has no UID.
    public init?(_ text: [UInt8], localOffset: (Timestamp) -> Int) {
        let lines = ICalendar.lines(text)
        guard let range = Self.todoRange(lines) else { return nil }
        var uid: String?, summary = "", note: String?, categories: [String] = [], due: Day?
        var completedAt: Timestamp?, statusCompleted = false, statusOpen = false, percent100 = false, cancelled = false, recurring = false
        var modified: Timestamp?, stamp: Timestamp?, dueOffset: Int?, dueValue: String?
        for line in Self.ownLines(lines, range) {
            let value = line.value
            switch line.name {
            case "UID": uid = value.trimmingCharacters()
            case "SUMMARY": summary = ICalendar.unescape(value)[0]
            case "DESCRIPTION": note = ICalendar.unescape(value)[0]
            case "CATEGORIES":
                for c in ICalendar.unescape(value, splitCommas: true) {
                    let name = c.trimmingCharacters()
                    if !name.isEmpty, !categories.contains(name) { categories.append(name) }
                }
            case "DUE":
                dueOffset = nil
                dueValue = value.trimmingCharacters()
                due = DateValue.day(value, parameters: line.parameters) { t in
                    let offset = localOffset(t)
                    dueOffset = offset
                    return offset
                }
            case "COMPLETED": completedAt = DateValue.timestamp(value) ?? completedAt ?? 0
            case "STATUS":
                let s = value.trimmingCharacters().uppercased()
                statusCompleted = s == "COMPLETED"
                statusOpen = s == "NEEDS-ACTION" || s == "IN-PROCESS"
                cancelled = s == "CANCELLED"
            case "PERCENT-COMPLETE": percent100 = Int(value.trimmingCharacters()) == 100
            case "RRULE", "RDATE": recurring = true
            case "LAST-MODIFIED": modified = DateValue.timestamp(value)
            case "DTSTAMP": stamp = DateValue.timestamp(value)
            default: break
            }
        }
        guard let uid, !uid.isEmpty else { return nil }
        // PERCENT-COMPLETE:100 left beside STATUS:NEEDS-ACTION is an uncheck that forgot it
        // (python caldav's uncomplete() does that): the STATUS says.
        let done = completedAt != nil || statusCompleted || (percent100 && !statusOpen)
        self.text = text
        self.uid = uid
        self.modified = modified ?? stamp
        self.showable = !cancelled && !recurring
        self.dueOffset = dueOffset
        self.dueValue = dueValue
        fields = TodoFields(summary: summary, note: note?.isEmpty == true ? nil : note, categories: categories, due: due,
                            completed: done ? (completedAt ?? modified ?? stamp ?? 0) : nil)
    }

    /// The line indices of the first VTODO, BEGIN to END.
    static func todoRange(_ lines: [ContentLine]) -> ClosedRange<Int>? {
        guard let begin = lines.firstIndex(where: { $0.name == "BEGIN" && $0.value.trimmingCharacters().uppercased() == "VTODO" }) else { return nil }
        var depth = 0
        for i in begin..<lines.count {
            let name = lines[i].name
            if name == "BEGIN" { depth += 1 } else if name == "END" {
                depth -= 1
                if depth == 0 { return begin...i }
            }
        }
        return nil
    }

    /// The VTODO's own property lines, not those of a component inside it (VALARM).
    static func ownLines(_ lines: [ContentLine], _ range: ClosedRange<Int>) -> [ContentLine] {
        var out: [ContentLine] = []
        var depth = 0
        for i in range {
            let name = lines[i].name
            if name == "BEGIN" { depth += 1; continue }
            if name == "END" { depth -= 1; continue }
            if depth == 1 { out.append(lines[i]) }
        }
        return out
    }

    /// A new calendar object for an item kago made.
    public static func new(uid: String, fields: TodoFields, now: Timestamp) -> [UInt8] {
        let stamp = DateValue.utc(now)
        var lines: [[UInt8]] = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//kago//kago//EN", "BEGIN:VTODO",
                                "UID:\(uid)", "CREATED:\(stamp)"].map { Array($0.utf8) }
        lines += propertyLines(fields, now: now, sequence: 0)
        lines += ["END:VTODO", "END:VCALENDAR"].map { Array($0.utf8) }
        return lines.flatMap(ICalendar.fold)
    }

    /// The text with kago's properties set to `fields`: each owned property whose value
    /// changed is rewritten where its first line was (one that was not there goes before the
    /// VTODO's first alarm or its end), and nothing else is touched but line ends, made CRLF
    /// (an XML answer brings them as LF). The same text when nothing changed.
    public func patched(_ fields: TodoFields, now: Timestamp, localOffset: (Timestamp) -> Int) -> [UInt8] {
        guard fields != self.fields else { return text }
        let lines = ICalendar.lines(text)
        guard let range = Self.todoRange(lines) else { return text }
        // A hostile SEQUENCE cannot overflow.
        let sequence = Self.ownLines(lines, range).last { $0.name == "SEQUENCE" }
            .flatMap { Int($0.value.trimmingCharacters()) }.map { min(max($0, 0), Int(Int32.max) - 1) } ?? 0
        let fresh = Self.propertyLines(fields, now: now, sequence: sequence + 1).map { ContentLine(folding: $0) }
        let old = self.fields
        var placed = Set<String>()
        var out: [ContentLine] = []
        var depth = 0
        var insertAt: Int?
        for (i, line) in lines.enumerated() {
            guard range.contains(i) else { out.append(line); continue }
            let name = line.name
            if name == "BEGIN" { depth += 1; if depth == 2, insertAt == nil { insertAt = out.count } }
            if name == "END" { if depth == 1, insertAt == nil { insertAt = out.count }; depth -= 1 }
            if depth == 1, name != "BEGIN", name != "END", Self.owned.contains(name) {
                if Self.keeps(name, old: old, new: fields) {
                    out.append(line)
                    placed.insert(name)
                } else if !placed.contains(name) {
                    out += fresh.filter { $0.name == name }
                    placed.insert(name)
                }
                continue
            }
            out.append(line)
        }
        out.insert(contentsOf: fresh.filter { !placed.contains($0.name) }, at: insertAt ?? out.count)
        return out.flatMap { Self.crlf($0.raw) }
    }

    /// Line ends as RFC 5545 writes them: a lone LF becomes CRLF.
    static func crlf(_ raw: [UInt8]) -> [UInt8] {
        guard raw.contains(10) else { return raw }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count + 4)
        for (i, b) in raw.enumerated() {
            if b == 10, i == 0 || raw[i - 1] != 13 { out.append(13) }
            out.append(b)
        }
        return out
    }

    /// Whether an owned property's lines stay as the server had them.
    static func keeps(_ name: String, old: TodoFields, new: TodoFields) -> Bool {
        switch name {
        case "SUMMARY": return old.summary == new.summary
        case "DESCRIPTION": return old.note == new.note
        case "CATEGORIES": return old.categories == new.categories
        case "DUE": return old.due == new.due
        case "STATUS", "COMPLETED", "PERCENT-COMPLETE": return (old.completed == nil) == (new.completed == nil)
        default: return false // LAST-MODIFIED, DTSTAMP, SEQUENCE: written anew with any change
        }
    }

    /// kago's property lines for `fields`.
    static func propertyLines(_ fields: TodoFields, now: Timestamp, sequence: Int) -> [[UInt8]] {
        var out = ["DTSTAMP:\(DateValue.utc(now))", "LAST-MODIFIED:\(DateValue.utc(now))", "SEQUENCE:\(sequence)",
                   "SUMMARY:\(ICalendar.escape(fields.summary))"]
        if let note = fields.note, !note.isEmpty { out.append("DESCRIPTION:\(ICalendar.escape(note))") }
        if !fields.categories.isEmpty { out.append("CATEGORIES:" + fields.categories.map(ICalendar.escape).joined(separator: ",")) }
        if let due = fields.due { out.append("DUE;VALUE=DATE:\(DateValue.basic(due))") }
        if let completed = fields.completed {
            out += ["STATUS:COMPLETED", "COMPLETED:\(DateValue.utc(completed))", "PERCENT-COMPLETE:100"]
        }
        return out.map { Array($0.utf8) }
    }
}
