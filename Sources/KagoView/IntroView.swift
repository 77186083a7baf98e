import KagoState

/// Where the tutorial's buttons and dots sit; shared by drawing and mouse hit-testing.
public struct IntroLayout: Equatable, Sendable {
    public var skip: Rect
    public var back: Rect?
    /// Next on every page but the last, where it is Start.
    public var forward: Rect
    public var dots: [Rect]
    /// The area pages are drawn (and slide) in.
    public var content: Rect

    /// The layout for a terminal size and page.
    public init(width: Int, height: Int, page: Int, pageCount: Int, strings: Strings) {
        let bottom = height >= 12 ? height - 2 : height - 1
        let skipLabel = " " + strings[.skip] + " "
        let skipWidth = DisplayWidth.of(skipLabel)
        skip = Rect(x: max(0, width - skipWidth - 1), y: 0, width: skipWidth, height: 1)
        let forwardLabel = IntroView.forwardLabel(page: page, pageCount: pageCount, strings: strings)
        let fw = DisplayWidth.of(forwardLabel)
        forward = Rect(x: max(0, width - fw - 2), y: bottom, width: fw, height: 1)
        if page > 0 {
            back = Rect(x: 2, y: bottom, width: DisplayWidth.of(" " + strings[.back] + " "), height: 1)
        }
        // Dots are two cells apart so each is an easy click target.
        let dotsWidth = pageCount * 2 - 1
        let dotsX = (width - dotsWidth) / 2
        dots = (0..<pageCount).map { Rect(x: dotsX + $0 * 2, y: bottom, width: 1, height: 1) }
        content = Rect(x: 0, y: 1, width: width, height: max(0, bottom - 1))
    }
}

/// The first-run tutorial (SPEC §3): a picture, a bold title and a dimmed line per page,
/// the page dots, Skip, Back, Next and Start.
public enum IntroView {
    static func forwardLabel(page: Int, pageCount: Int, strings: Strings) -> String {
        " " + strings[page == pageCount - 1 ? .start : .next] + " "
    }

    /// Draws the tutorial.
    public static func render(_ intro: IntroState, size: (width: Int, height: Int), strings: Strings,
                              into buffer: inout ScreenBuffer) {
        let layout = IntroLayout(width: size.width, height: size.height, page: intro.page,
                                 pageCount: intro.pageCount, strings: strings)
        if let t = intro.transition {
            // Slide: the old page leaves on one side while the new one enters from the other.
            let direction = t.to > t.from ? 1 : -1
            let shift = Int((Double(layout.content.width) * t.progress).rounded())
            drawPage(t.from, in: layout.content, offset: -direction * shift, strings: strings, into: &buffer)
            drawPage(t.to, in: layout.content, offset: direction * (layout.content.width - shift), strings: strings,
                     into: &buffer)
        } else {
            drawPage(intro.page, in: layout.content, offset: 0, strings: strings, into: &buffer)
        }
        buffer.write(" " + strings[.skip] + " ", x: layout.skip.x, y: layout.skip.y, style: Style(.button))
        if let back = layout.back {
            buffer.write(" " + strings[.back] + " ", x: back.x, y: back.y, style: Style(.button))
        }
        buffer.write(forwardLabel(page: intro.page, pageCount: intro.pageCount, strings: strings),
                     x: layout.forward.x, y: layout.forward.y, style: Style(.buttonPrimary))
        for (i, dot) in layout.dots.enumerated() {
            let active = i == intro.page
            buffer.write(active ? "●" : "○", x: dot.x, y: dot.y, style: Style(active ? .dotActive : .dot))
        }
    }

    /// Draws one page's picture, title and line, centred in `area` and shifted by `offset` cells.
    static func drawPage(_ page: Int, in area: Rect, offset: Int, strings: Strings, into buffer: inout ScreenBuffer) {
        guard area.width > 0, area.height > 0, abs(offset) < area.width else { return }
        var pageBuffer = ScreenBuffer(width: area.width, height: area.height)
        let (titleKey, lineKey) = [(StringKey.intro1Title, StringKey.intro1Line), (.intro2Title, .intro2Line),
                                   (.intro3Title, .intro3Line)][min(page, 2)]
        let textWidth = max(1, min(area.width - 2, 64))
        let lines = TextWrap.lines(strings[lineKey], width: textWidth)
        let picture = IntroPictures.picture(page, strings: strings)
        let textHeight = 2 + lines.count
        let withPicture = area.height >= textHeight + picture.count + 3 && area.width >= 30
        let total = textHeight + (withPicture ? picture.count + 1 : 0)
        var y = max(0, (area.height - total) / 2)
        let span = Rect(x: 0, y: 0, width: area.width, height: area.height)
        if withPicture {
            let pictureWidth = picture.map { DisplayWidth.of($0) }.max() ?? 0
            let px = max(0, (area.width - pictureWidth) / 2)
            for row in picture {
                pageBuffer.write(row, x: px, y: y, style: Style(.picture))
                y += 1
            }
            y += 1
        }
        pageBuffer.writeCentered(strings[titleKey], y: y, in: span, style: Style(.title))
        y += 2
        for line in lines {
            pageBuffer.writeCentered(line, y: y, in: span, style: Style(.dim))
            y += 1
        }
        buffer.blit(pageBuffer, to: area, offset: offset)
    }
}

extension ScreenBuffer {
    /// Copies another buffer into `area`, shifted horizontally by `offset`, clipped to the area;
    /// a wide character cut by the edge becomes a blank.
    mutating func blit(_ source: ScreenBuffer, to area: Rect, offset: Int) {
        for sy in 0..<min(source.height, area.height) {
            let y = area.y + sy
            guard y >= 0, y < height else { continue }
            for sx in 0..<source.width {
                let tx = sx + offset
                guard tx >= 0, tx < area.width, area.x + tx < width else { continue }
                var cell = source[sx, sy]
                let cutLeft = tx == 0 && cell.isContinuation
                let cutRight = tx == area.width - 1 && sx + 1 < source.width && source[sx + 1, sy].isContinuation
                if cutLeft || cutRight { cell = Cell(" ", style: cell.style) }
                self[area.x + tx, y] = cell
            }
        }
    }
}
