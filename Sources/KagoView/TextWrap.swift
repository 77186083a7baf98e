import KagoState

/// Breaks text into lines that fit a width in cells.
public enum TextWrap {
    /// Characters a line must not start with (Japanese line-breaking rules, kinsoku shori).
    static let noLineStart: Set<Character> = [
        "。", "、", "，", "．", "」", "』", "）", ")", "！", "？", "!", "?", ".", ",", "ー", "・", "…",
        "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ", "ゎ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ", "ヮ",
    ]
    /// Characters a line must not end with: opening brackets stay with what they open.
    static let noLineEnd: Set<Character> = ["「", "『", "（", "("]
    /// Punctuation that ends a phrase: the best places to break Japanese text.
    static let phraseEnds: Set<Character> = ["。", "、", "！", "？", "，", "・"]

    /// Splits text into lines of at most `width` cells: at spaces, or between two characters
    /// when either is wide (CJK, emoji), never inside a Latin word that fits on a line and never
    /// putting closing punctuation first on a line or an opening bracket last.
    public static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [[Character]] = []
        var current: [Character] = []
        var currentWidth = 0
        for ch in text {
            let w = DisplayWidth.of(ch)
            if currentWidth + w > width && !current.isEmpty {
                if ch == " " {
                    lines.append(current)
                    current = []
                    currentWidth = 0
                    continue
                }
                // With no allowed break on the line, a word longer than the line is cut.
                let cut = lastBreak(in: current, before: ch, width: width) ?? current.count
                let carry = Array(current[cut...])
                current.removeSubrange(cut...)
                lines.append(current)
                current = carry
                currentWidth = carry.reduce(0) { $0 + DisplayWidth.of($1) }
            }
            current.append(ch)
            currentWidth += w
        }
        if !current.isEmpty { lines.append(current) }
        return lines.map { String(String($0).trimmingWhitespace()) }
    }

    /// Where to break `line` (followed by `next`): the index `i > 0` the carried part starts
    /// at, or nil when no break is allowed. A break after a Japanese stop (。、) is preferred when
    /// it keeps the line at least half full, so phrases stay whole.
    static func lastBreak(in line: [Character], before next: Character, width: Int) -> Int? {
        var lineWidth = line.reduce(0) { $0 + DisplayWidth.of($1) }
        var fallback: Int?
        var i = line.count
        while i > 0 {
            let before = line[i - 1]
            if mayBreak(between: before, and: i < line.count ? line[i] : next) {
                if phraseEnds.contains(before) { return lineWidth * 2 >= width ? i : fallback ?? i }
                fallback = fallback ?? i
            }
            lineWidth -= DisplayWidth.of(before)
            i -= 1
        }
        return fallback
    }

    /// Whether a line may end with `before` and the next one start with `after`.
    static func mayBreak(between before: Character, and after: Character) -> Bool {
        if before == " " { return true }
        if after == " " || noLineStart.contains(after) || noLineEnd.contains(before) { return false }
        return DisplayWidth.of(before) > 1 || DisplayWidth.of(after) > 1
    }
}
