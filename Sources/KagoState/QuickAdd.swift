/// Why a quick-add line was refused.
public enum QuickAddError: Error, Equatable, Sendable {
    /// Nothing but tokens (or nothing at all) was typed.
    case emptyName
    /// An `@when` token kago could not read; carries the token as typed.
    case badDate(String)
}

/// The one-line quick-add syntax: `name xN #category @when -- note` (SPEC §5).
public enum QuickAdd {
    /// Parses a line into a draft item.
    /// - Parameters:
    ///   - line: what the user typed.
    ///   - today: the day relative dates are counted from.
    /// - Returns: the draft, or why it was refused.
    public static func parse(_ line: String, today: Day) -> Result<ItemDraft, QuickAddError> {
        let (body, note) = splitNote(line)
        var draft = ItemDraft(name: "", note: note)
        var nameWords: [Substring] = []
        var tokens = Tokenizer(body)
        while let word = tokens.next() {
            if word.hasPrefix("#") || word.hasPrefix("＃"), word.count > 1 {
                draft.category = unquote(word.dropFirst())
            } else if word.hasPrefix("@") || word.hasPrefix("＠"), word.count > 1 {
                guard let day = ShoppingDate.parse(String(word.dropFirst()), today: today) else {
                    return .failure(.badDate(String(word)))
                }
                draft.date = day
            } else if let q = quantity(word) {
                draft.quantity = q
            } else {
                nameWords.append(word)
            }
        }
        draft.name = nameWords.joined(separator: " ")
        guard !draft.name.isEmpty else { return .failure(.emptyName) }
        return .success(draft)
    }

    /// Writes a draft back in the quick-add syntax, so that `parse(format(d)) == d`.
    public static func format(_ draft: ItemDraft) -> String {
        var parts = [draft.name]
        if let q = draft.quantity, !q.isEmpty {
            parts.append(quantity(Substring(q)) != nil ? q : "x" + quoteIfNeeded(q))
        }
        if let c = draft.category, !c.isEmpty { parts.append("#" + quoteIfNeeded(c)) }
        if let d = draft.date { parts.append("@" + d.iso) }
        var line = parts.joined(separator: " ")
        if let n = draft.note, !n.isEmpty { line += " -- " + n }
        return line
    }

    /// Splits off the note after the first ` -- ` (or a leading `-- `); nil when there is none.
    static func splitNote(_ line: String) -> (Substring, String?) {
        let s = Substring(line)
        var i = s.startIndex
        var previousIsSpace = true
        while i < s.endIndex {
            let next = s.index(after: i)
            if previousIsSpace, s[i] == "-", next < s.endIndex, s[next] == "-" {
                let after = s.index(after: next)
                if after == s.endIndex || s[after].isWhitespace {
                    let note = s[after...].trimmingWhitespace()
                    return (s[..<i], note.isEmpty ? nil : String(note))
                }
            }
            previousIsSpace = s[i].isWhitespace
            i = next
        }
        return (s, nil)
    }

    static let units: Set<String> = [
        "g", "kg", "mg", "l", "ml", "cl", "dl", "oz", "lb", "lbs", "pc", "pcs", "pack", "packs",
        "can", "cans", "bottle", "bottles", "box", "boxes", "bag", "bags", "dozen", "x", "×",
        "個", "本", "枚", "袋", "パック", "缶", "箱", "束", "玉", "房", "切れ", "杯", "瓶", "株",
        "匹", "尾", "丁", "合", "粒", "組", "斤", "人前", "ｇ", "㎏", "㍑", "リットル", "グラム", "つ",
    ]

    /// The normalised quantity a word denotes (`x2` → `2`, `500g` → `500g`, `2本` → `2本`), or nil.
    static func quantity(_ word: Substring) -> String? {
        let w = normaliseDigits(String(word))
        if let first = w.first, "xX×*".contains(first) {
            let rest = w.dropFirst()
            if rest.hasPrefix("\"") { return rest.count > 2 && rest.hasSuffix("\"") ? String(rest.dropFirst().dropLast()) : nil }
            guard let d = rest.first, d.isASCII, d.isNumber else { return nil }
            return String(rest)
        }
        let digits = w.prefix { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," }
        guard let firstDigit = digits.first, firstDigit.isASCII, firstDigit.isNumber,
              digits.last?.isNumber == true else { return nil }
        let unit = w.dropFirst(digits.count)
        guard units.contains(unit.lowercased()) else { return nil }
        return unit == "x" || unit == "X" || unit == "×" ? String(digits) : w
    }

    static func unquote(_ s: Substring) -> String {
        s.count >= 2 && s.hasPrefix("\"") && s.hasSuffix("\"") ? String(s.dropFirst().dropLast()) : String(s)
    }

    static func quoteIfNeeded(_ s: String) -> String {
        s.contains(where: \.isWhitespace) ? "\"" + s + "\"" : s
    }
}

/// Splits on whitespace, keeping a `#"…"` or `x"…"` quoted run (which may hold spaces) as one word.
struct Tokenizer {
    private var rest: Substring

    init(_ text: Substring) { rest = text }

    mutating func next() -> Substring? {
        rest = rest.drop(while: \.isWhitespace)
        guard !rest.isEmpty else { return nil }
        var end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
        let head = rest[..<end]
        if let q = head.firstIndex(of: "\""), q == rest.index(after: rest.startIndex),
           "#＃xX×".contains(rest[rest.startIndex]),
           let close = rest[rest.index(after: q)...].firstIndex(of: "\"") {
            end = rest.index(after: close)
        }
        let word = rest[..<end]
        rest = rest[end...]
        return word
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace.
    public func trimmingWhitespace() -> SubSequence {
        guard let start = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
        return self[start...last]
    }
}
