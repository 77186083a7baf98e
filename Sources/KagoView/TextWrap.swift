import KagoState

/// Breaks text into lines that fit a width in cells.
public enum TextWrap {
    /// Characters a line must not start with (Japanese line-breaking rules, kinsoku shori).
    static let noLineStart: Set<Character> = [
        "。", "、", "，", "．", "」", "』", "）", ")", "！", "？", "!", "?", ".", ",", "ー", "・", "…",
        "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ", "ゎ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ", "ヮ",
    ]

    /// Splits text into lines of at most `width` cells: at spaces where there are some, between
    /// any two CJK characters otherwise, never putting closing punctuation first on a line.
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
                var carry: [Character] = []
                if let space = current.lastIndex(of: " ") {
                    carry = Array(current[(space + 1)...])
                    current.removeSubrange(space...)
                } else if noLineStart.contains(ch), current.count > 1 {
                    carry = [current.removeLast()]
                }
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
}
