/// Why a quick-add line was refused.
public enum QuickAddError: Error, Equatable, Sendable {
    /// Nothing but tokens (or nothing at all) was typed.
    case emptyName
    /// An `@when` token kago could not read; carries the token as typed.
    case badDate(String)
}

/// The one-line quick-add syntax: `name xN #category @when -- note` (SPEC §5).
///
/// Words are separated by any white space, the ideographic space (U+3000) included, and tokens may
/// stand anywhere before the note:
/// - `#word`, `＃word`, `#"two words"`: the category (the last one wins);
/// - `@when`, `＠when`: the date (see `ShoppingDate`);
/// - `x2` `X2` `×2` `*2` `2x`, a number with a unit (`500g`, `1.5L`, `2本`, `３個`), `x"2 big bags"`,
///   or `×2` written straight after a name (`牛乳×2`): the quantity;
/// - a word `--`: everything after it is the note.
///
/// Everything else is the name. A word that starts with `"` runs to the next `"` that ends a word
/// and is taken literally, so `"Coke 500ml"` is a name and not a quantity; `format` relies on this
/// to write back any name.
///
/// The syntax (white space, quotes, `#`, `@`, `x`) is read scalar by scalar, not by Character: a
/// combining mark after a space or a quote is one Character with it, and a prepended mark (such as
/// U+0600) is one Character with the space after it, yet neither may hide a word boundary or a
/// quote, or a line written by `format` would read differently.
public enum QuickAdd {
    /// Parses a line into a draft item.
    /// - Parameters:
    ///   - line: what the user typed.
    ///   - today: the day relative dates are counted from.
    /// - Returns: the draft, or why it was refused.
    public static func parse(_ line: String, today: Day) -> Result<ItemDraft, QuickAddError> {
        var draft = ItemDraft(name: "")
        var nameParts: [Substring] = []
        // Which parts were typed bare (not in quotes): only those can be a count.
        var bare: [Bool] = []
        var tokens = Tokenizer(Substring(line))
        loop: while let token = tokens.next() {
            switch token {
            case .note(let note):
                let trimmed = note.trimmingWhitespaceScalars()
                draft.note = trimmed.isEmpty ? nil : String(trimmed)
                break loop
            case .literal(let text):
                if !text.isEmpty { nameParts.append(text); bare.append(false) }
            case .word(let word):
                switch classify(word) {
                case .category(let c): draft.category = c
                case .date(let text):
                    guard let day = ShoppingDate.parse(text, today: today) else { return .failure(.badDate(String(word))) }
                    draft.date = day
                case .quantity(let q): draft.quantity = q
                case .nameWithQuantity(let name, let q):
                    nameParts.append(name)
                    bare.append(false)
                    draft.quantity = q
                case .name:
                    nameParts.append(word)
                    bare.append(true)
                case .ignored: break
                }
            }
        }
        if draft.quantity == nil, let count = bareCount(nameParts, bare) {
            draft.quantity = String(nameParts.remove(at: count))
        }
        draft.name = nameParts.joined(separator: " ")
        guard !draft.name.isEmpty else { return .failure(.emptyName) }
        return .success(draft)
    }

    /// Which name word is a bare count (`10 eggs`, `eggs 10`, `卵 10`): a whole number of up to
    /// three digits typed unquoted at either end of a name that has letters besides (a year, as
    /// in `calendar 2027`, stays in the name). The last word wins.
    static func bareCount(_ parts: [Substring], _ bare: [Bool]) -> Int? {
        guard parts.count >= 2 else { return nil }
        for i in [parts.count - 1, 0]
        where bare[i] && (1...3).contains(parts[i].count) && parts[i].allSatisfy({ $0.isASCII && $0.isNumber }) {
            let others = parts.indices.filter { $0 != i }
            if others.contains(where: { parts[$0].contains(where: \.isLetter) }) { return i }
        }
        return nil
    }

    /// Writes a draft back in the quick-add syntax, so that `parse(format(d)) == d`.
    ///
    /// The name is quoted when its words would read as tokens (`"Coke 500ml"`, `"#1 pencil"`), a
    /// quantity that is not a plain count or measure is written `x"…"`, and a category with spaces
    /// `#"…"`. Only names and categories holding a `"` followed by a space cannot be written back.
    public static func format(_ draft: ItemDraft) -> String {
        var parts = [formatName(draft.name)]
        if let q = draft.quantity, !q.isEmpty {
            if isPlainNumber(Substring(q)) {
                parts.append("x" + q)
            } else if !q.contains(where: \.isWhitespace), quantity(Substring(q)) == q {
                parts.append(q)
            } else {
                parts.append("x\"" + q + "\"")
            }
        }
        if let c = draft.category, !c.isEmpty { parts.append("#" + quoteIfNeeded(c)) }
        if let d = draft.date { parts.append("@" + d.iso) }
        var line = parts.joined(separator: " ")
        if let n = draft.note, !n.isEmpty { line += " -- " + n }
        return line
    }

    /// The name as it can be typed: bare when it reads back as itself, else in quotes.
    static func formatName(_ name: String) -> String {
        if readsBack(name, as: name) { return name }
        let quoted = "\"" + name + "\""
        if readsBack(quoted, as: name) { return quoted }
        // A quote followed by a space inside the name: quote word by word instead.
        let words = name.unicodeScalars.split(whereSeparator: \.properties.isWhitespace).map { scalars -> String in
            let word = String(Substring(scalars))
            return readsBack(word, as: word) ? word : "\"" + word + "\""
        }
        let joined = words.joined(separator: " ")
        return readsBack(joined, as: name) ? joined : name
    }

    /// Whether `text`, written where a name goes, reads back as the name `expected`.
    ///
    /// What follows the name in a line may hold a `"` that ends a word, which would close a quote
    /// the name left open (`"tall` then `#"frozen food"`); a trailing `"` word stands in for it,
    /// so text that leaves a quote open does not read back.
    static func readsBack(_ text: String, as expected: String) -> Bool {
        let follower = " \""
        var tokens = Tokenizer(Substring(text + follower))
        var parts: [Substring] = []
        var bare: [Bool] = []
        while let token = tokens.next() {
            switch token {
            case .note: return false
            case .literal(let t):
                parts.append(t)
                bare.append(false)
            case .word(let w):
                guard case .name = classify(w) else { return false }
                parts.append(w)
                bare.append(true)
            }
        }
        // The follower stands in for what may come after the name; a count at the end of the
        // name itself (`Route 66`) would be read as a quantity.
        if bareCount(Array(parts.dropLast()), Array(bare.dropLast())) != nil { return false }
        return parts.joined(separator: " ") == expected + follower
    }

    enum WordKind: Equatable {
        case category(String)
        case date(String)
        case quantity(String)
        case nameWithQuantity(Substring, String)
        case name
        /// `#""`: a category with no name.
        case ignored
    }

    /// What starts a category in the quick-add syntax: `#`, or its full-width form.
    static let categoryMarks: Set<Unicode.Scalar> = ["#", "＃"]

    /// Whether text starts with a category mark.
    static func startsWithCategoryMark(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.first.map { categoryMarks.contains($0) } ?? false
    }

    /// What one unquoted word (or `#"…"`/`x"…"` run) means.
    static func classify(_ word: Substring) -> WordKind {
        guard let first = word.unicodeScalars.first else { return .name }
        let rest = Substring(word.unicodeScalars.dropFirst())
        if QuickAdd.categoryMarks.contains(first), !rest.isEmpty {
            let c = unquote(rest).trimmingWhitespaceScalars()
            return c.isEmpty ? .ignored : .category(String(c))
        }
        if first == "@" || first == "＠", !rest.isEmpty { return .date(String(rest)) }
        if let q = quantity(word) { return .quantity(q) }
        // `牛乳×2`: a count written straight after the name (× never ends a name word otherwise).
        if let times = word.lastIndex(of: "×"), times > word.startIndex {
            let before = word[..<times]
            let count = foldFullWidth(String(word[word.index(after: times)...]))
            if let last = before.last, !last.isNumber, last != "×", isPlainNumber(Substring(count)),
               case .name = classify(before) {
                return .nameWithQuantity(before, count)
            }
        }
        return .name
    }

    static let units: Set<String> = [
        "g", "kg", "mg", "gram", "grams", "kilo", "kilos", "l", "ml", "cl", "dl", "lt", "ltr", "litre", "litres",
        "liter", "liters", "cc", "oz", "lb", "lbs", "pc", "pcs", "piece", "pieces", "pk", "pack", "packs",
        "can", "cans", "tin", "tins", "jar", "jars", "bottle", "bottles", "box", "boxes", "bag", "bags",
        "carton", "cartons", "roll", "rolls", "loaf", "loaves", "bunch", "bunches", "head", "heads",
        "slice", "slices", "pair", "pairs", "dozen", "doz", "x", "×",
        "個", "本", "枚", "袋", "パック", "缶", "箱", "束", "玉", "房", "切れ", "杯", "瓶", "株",
        "匹", "尾", "丁", "合", "粒", "組", "斤", "人前", "冊", "足", "着", "台", "巻", "包", "錠", "膳",
        "ケース", "セット", "ロール", "ダース", "キロ", "グラム", "リットル", "つ",
        "㎏", "㎎", "㍑", "㎖", "ℓ",
    ]

    /// The normalised quantity a word denotes (`x2` → `2`, `500g` → `500g`, `５００ｇ` → `500g`,
    /// `2本` → `2本`, `x"2 big bags"` → `2 big bags`), or nil.
    static func quantity(_ word: Substring) -> String? {
        let scalars = word.unicodeScalars
        if let first = scalars.first, "xX×*".unicodeScalars.contains(first), scalars.dropFirst().first == "\"" {
            // The quoted form is taken as written: it is how `format` writes anything unusual.
            let quoted = scalars.dropFirst()
            return quoted.count > 2 && quoted.last == "\"" ? String(Substring(quoted.dropFirst().dropLast())) : nil
        }
        let w = Substring(foldFullWidth(String(word)))
        if let first = w.first, "xX×*".contains(first) {
            let rest = w.dropFirst()
            return isPlainNumber(rest) ? String(rest) : nil
        }
        let digits = w.prefix { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," }
        guard isPlainNumber(digits) else { return nil }
        let unit = w.dropFirst(digits.count)
        guard units.contains(unit.lowercased()) else { return nil }
        return unit == "x" || unit == "X" || unit == "×" ? String(digits) : String(w)
    }

    /// `2`, `12`, `1.5` or `1,5`: ASCII digits with at most one decimal separator between digits.
    static func isPlainNumber(_ s: Substring) -> Bool {
        var digitsBefore = 0, digitsAfter = 0, separators = 0
        for u in s.utf8 {
            if u >= 48 && u <= 57 {
                if separators == 0 { digitsBefore += 1 } else { digitsAfter += 1 }
            } else if u == UInt8(ascii: ".") || u == UInt8(ascii: ",") {
                separators += 1
                guard separators == 1 else { return false }
            } else {
                return false
            }
        }
        return digitsBefore > 0 && (separators == 0 || digitsAfter > 0)
    }

    static func unquote(_ s: Substring) -> Substring {
        let scalars = s.unicodeScalars
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return s }
        return Substring(scalars.dropFirst().dropLast())
    }

    /// A category as it follows `#`: quoted when it holds white space or would lose its own quotes.
    static func quoteIfNeeded(_ s: String) -> String {
        s.unicodeScalars.contains(where: \.properties.isWhitespace) || s.unicodeScalars.first == "\"" ? "\"" + s + "\"" : s
    }
}

/// Splits a quick-add line into words on white space. A word that starts with `"`, or with one of
/// `#＃xX×*` and then `"`, runs to the next `"` that is followed by white space or the end, spaces
/// included; a word `--` starts the note, which is the rest of the line.
struct Tokenizer {
    enum Token: Equatable {
        /// An ordinary word, or a `#"…"`/`x"…"` run with its prefix and quotes.
        case word(Substring)
        /// The inside of a `"…"` run: literal name text.
        case literal(Substring)
        /// Everything after a `--` word, untrimmed.
        case note(Substring)
    }

    private var rest: Substring

    init(_ text: Substring) { rest = text }

    mutating func next() -> Token? {
        let scalars = rest.unicodeScalars.drop(while: \.properties.isWhitespace)
        guard let first = scalars.first else { return nil }
        var end = scalars.firstIndex(where: \.properties.isWhitespace) ?? scalars.endIndex
        if scalars[..<end].elementsEqual("--".unicodeScalars) {
            rest = Substring(scalars[scalars.endIndex...])
            return .note(Substring(scalars[end...]))
        }
        let openIndex: String.Index?
        if first == "\"" {
            openIndex = scalars.startIndex
        } else if "#＃xX×*".unicodeScalars.contains(first), scalars.dropFirst().first == "\"" {
            openIndex = scalars.index(after: scalars.startIndex)
        } else {
            openIndex = nil
        }
        if let open = openIndex, let close = Self.closingQuote(in: scalars, after: open) {
            end = scalars.index(after: close)
            defer { rest = Substring(scalars[end...]) }
            if first == "\"" { return .literal(Substring(scalars[scalars.index(after: open)..<close])) }
            return .word(Substring(scalars[..<end]))
        }
        defer { rest = Substring(scalars[end...]) }
        return .word(Substring(scalars[..<end]))
    }

    /// The first `"` after `open` that ends a word (followed by white space or the end of the text).
    static func closingQuote(in s: Substring.UnicodeScalarView, after open: String.Index) -> String.Index? {
        var i = s.index(after: open)
        while i < s.endIndex {
            let next = s.index(after: i)
            if s[i] == "\"", next == s.endIndex || s[next].properties.isWhitespace { return i }
            i = next
        }
        return nil
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

extension Substring {
    /// The text without white space at either end, trimmed scalar by scalar: a combining mark
    /// after a leading space stays, where `trimmingWhitespace` would drop it with the space.
    func trimmingWhitespaceScalars() -> Substring {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return self[endIndex...] }
        return Substring(scalars[start...last])
    }
}
