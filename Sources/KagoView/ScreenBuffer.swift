import KagoState

/// One terminal cell: a grapheme cluster (or the `�` of a control), or "" for the right half
/// of a two-cell character.
public struct Cell: Equatable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String = " ", style: Style = .normal) {
        self.text = text
        self.style = style
    }

    /// Whether this is the right half of a wide character.
    public var isContinuation: Bool { text.isEmpty }

    public static let blank = Cell()
}

/// A rectangle of cells.
public struct Rect: Equatable, Sendable {
    public var x, y, width, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// Whether a cell lies inside.
    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
}

/// An in-memory screen that views draw into; the terminal backend presents it.
///
/// Writing clips at the buffer's edge and at a given width, never splits a two-cell character,
/// and ends truncated text with `…`.
public struct ScreenBuffer: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Fills a rectangle with blanks of a style.
    public mutating func fill(_ rect: Rect, style: Style = .normal) {
        let x0 = max(0, rect.x), x1 = min(width, rect.maxX)
        for y in max(0, rect.y)..<min(height, rect.maxY) where x0 < x1 {
            if x0 > 0 && self[x0, y].isContinuation { self[x0 - 1, y] = Cell(" ", style: self[x0 - 1, y].style) }
            if x1 < width && self[x1, y].isContinuation { self[x1, y] = Cell(" ", style: self[x1, y].style) }
            for x in x0..<x1 { self[x, y] = Cell(" ", style: style) }
        }
    }

    /// Changes the style of the cells in a rectangle, keeping their text.
    public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        for y in max(0, rect.y)..<min(height, rect.maxY) {
            for x in max(0, rect.x)..<min(width, rect.maxX) { self[x, y].style = transform(self[x, y].style) }
        }
    }

    /// Writes text at a position.
    /// - Parameters:
    ///   - maxWidth: the most cells to use (also clipped at the right edge); text that does not
    ///     fit is cut at a character boundary and ends in `…`.
    /// - Returns: the number of cells written.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, maxWidth: Int = .max, style: Style = .normal) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let limit = min(maxWidth, width - x)
        guard limit > 0 else { return 0 }
        let glyphs = Glyphs.of(text)
        let fits = glyphs.totalWidth <= limit
        let budget = fits ? limit : limit - 1
        var col = x
        for g in glyphs.items {
            if col - x + g.width > budget { break }
            if col >= 0 {
                put(g, x: col, y: y, style: style)
            } else if col + g.width > 0 {
                // A wide character cut by the left edge: its visible half becomes a blank.
                put(Glyph(text: " ", width: 1), x: 0, y: y, style: style)
            }
            col += g.width
        }
        if !fits {
            // A wide character that did not fit leaves a gap; the ellipsis goes right after the text.
            if col >= 0 { put(Glyph(text: "…", width: 1), x: col, y: y, style: style) }
            col += 1
        }
        return col - x
    }

    /// Writes text centred in a span of cells, truncating if needed.
    @discardableResult
    public mutating func writeCentered(_ text: String, y: Int, in span: Rect, style: Style = .normal) -> Int {
        let w = min(DisplayWidth.of(SafeText.sanitize(text)), span.width)
        let x = span.x + max(0, (span.width - w) / 2)
        write(text, x: x, y: y, maxWidth: span.width, style: style)
        return x
    }

    /// Places one glyph, blanking the other half of any wide character it overwrites.
    mutating func put(_ g: Glyph, x: Int, y: Int, style: Style) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        if g.width == 2 && x + 1 >= width {
            self[x, y] = Cell(" ", style: style)
            return
        }
        if self[x, y].isContinuation && x > 0 { self[x - 1, y] = Cell(" ", style: self[x - 1, y].style) }
        let end = x + g.width
        if end < width && self[end, y].isContinuation { self[end, y] = Cell(" ", style: self[end, y].style) }
        self[x, y] = Cell(g.text, style: style)
        if g.width == 2 { self[x + 1, y] = Cell("", style: style) }
    }

    /// The text of each row, wide characters once, trailing blanks removed.
    public var lines: [String] {
        (0..<height).map { y in
            var s = ""
            for x in 0..<width { s += self[x, y].text }
            while s.hasSuffix(" ") { s.removeLast() }
            return s
        }
    }
}

/// A unit kago draws in one cell or two: a grapheme cluster (a letter and all its marks, an
/// emoji sequence whole), or the `�` that stands for one control scalar.
struct Glyph {
    var text: String
    var width: Int
}

/// Splits text into glyphs the way the terminal backend will draw them.
enum Glyphs {
    /// The glyphs of a string and their total width.
    static func of(_ text: String) -> (items: [Glyph], totalWidth: Int) {
        var items: [Glyph] = []
        items.reserveCapacity(text.utf8.count)
        var total = 0
        for c in text {
            let scalars = c.unicodeScalars
            let width = DisplayWidth.of(c)
            if width > 2 || scalars.contains(where: SafeText.isUnsafe) {
                // A control never reaches the terminal: each of its scalars shows as `�`. A
                // cluster wider than a cell pair (✅ and a spacing mark) is drawn scalar by
                // scalar, as terminals draw it.
                for u in scalars { append(String(SafeText.isUnsafe(u) ? SafeText.replacement : u), DisplayWidth.of(u)) }
                continue
            }
            append(String(c), width)
        }
        return (items, total)

        func append(_ text: String, _ width: Int) {
            if width > 0 {
                items.append(Glyph(text: text, width: width))
                total += width
            } else if let last = items.indices.last, !text.unicodeScalars.allSatisfy(\.properties.isDefaultIgnorableCodePoint) {
                // A mark with nothing before it in its cluster joins the glyph before.
                items[last].text.unicodeScalars.append(contentsOf: text.unicodeScalars)
            }
        }
    }
}
