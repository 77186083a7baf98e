/// A one-line text editor with readline keys; the cursor moves by whole characters
/// (grapheme clusters), so a Japanese character or an emoji is one step.
public struct LineEditor: Equatable, Sendable {
    /// The characters of the line.
    public private(set) var chars: [Character]
    /// Cursor position, 0…chars.count.
    public private(set) var cursor: Int

    /// Creates an editor holding `text` with the cursor at its end.
    public init(_ text: String = "") {
        chars = Array(text)
        cursor = chars.count
    }

    /// The line as a string.
    public var text: String { String(chars) }

    /// Inserts text at the cursor, dropping control characters (a paste must not inject them);
    /// a pasted line break or tab becomes a space, so pasted words stay apart.
    public mutating func insert(_ s: String) {
        var clean = s
        if s.unicodeScalars.contains(where: SafeText.isUnsafe) {
            var scalars = String.UnicodeScalarView()
            for c in s {
                if c.isNewline || c == "\t" {
                    scalars.append(" ")
                } else {
                    scalars.append(contentsOf: c.unicodeScalars.filter { !SafeText.isUnsafe($0) })
                }
            }
            clean = String(scalars)
        }
        let new = Array(clean)
        chars.insert(contentsOf: new, at: cursor)
        cursor += new.count
        // A combining mark typed after a character merges with it into one Character.
        if chars.count != Array(String(chars)).count {
            let merged = Array(String(chars))
            cursor = max(0, min(merged.count, cursor - (chars.count - merged.count)))
            chars = merged
        }
    }

    public mutating func backspace() {
        guard cursor > 0 else { return }
        chars.remove(at: cursor - 1)
        cursor -= 1
    }

    public mutating func deleteForward() {
        guard cursor < chars.count else { return }
        chars.remove(at: cursor)
    }

    public mutating func left() { cursor = max(0, cursor - 1) }
    public mutating func right() { cursor = min(chars.count, cursor + 1) }
    public mutating func home() { cursor = 0 }
    public mutating func end() { cursor = chars.count }

    /// Ctrl-U: deletes from the start of the line to the cursor.
    public mutating func killToStart() {
        chars.removeFirst(cursor)
        cursor = 0
    }

    /// Ctrl-K: deletes from the cursor to the end of the line.
    public mutating func killToEnd() { chars.removeLast(chars.count - cursor) }

    /// Ctrl-W: deletes the word before the cursor, with the spaces between it and the cursor.
    public mutating func killWord() {
        var start = cursor
        while start > 0 && chars[start - 1].isWhitespace { start -= 1 }
        while start > 0 && !chars[start - 1].isWhitespace { start -= 1 }
        chars.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Replaces the characters in `range` with `s`, leaving the cursor after the replacement.
    public mutating func replace(_ range: Range<Int>, with s: String) {
        let new = Array(s)
        chars.replaceSubrange(range, with: new)
        cursor = range.lowerBound + new.count
    }
}
