import KagoState

/// Where the tutorial's buttons, dots and practice box sit; shared by drawing and mouse hit-testing.
public struct IntroLayout: Equatable, Sendable {
    public var skip: Rect
    public var back: Rect?
    /// Next on every page but the last, where it is Start.
    public var forward: Rect
    public var dots: [Rect]
    /// The `New in kago` label, on a what's-new run.
    public var whatsNew: Rect?
    /// The area pages are drawn (and slide) in.
    public var content: Rect
    /// The page on show's practice list (inside its box), on screen; nil when the box is dropped.
    public var practice: Rect?

    /// The layout of the tutorial in a terminal of this size.
    public init(_ intro: IntroState, width: Int, height: Int, strings: Strings) {
        let bottom = height >= 12 ? height - 2 : height - 1
        let skipLabel = " " + strings[.skip] + " "
        let skipWidth = DisplayWidth.of(skipLabel)
        skip = Rect(x: max(0, width - skipWidth - 1), y: 0, width: skipWidth, height: 1)
        if intro.isWhatsNew {
            whatsNew = Rect(x: 1, y: 0, width: min(DisplayWidth.of(strings[.whatsNew]), max(0, skip.x - 2)), height: 1)
        }
        let forwardLabel = IntroView.forwardLabel(page: intro.page, pageCount: intro.pageCount, strings: strings)
        let fw = DisplayWidth.of(forwardLabel)
        forward = Rect(x: max(0, width - fw - 2), y: bottom, width: fw, height: 1)
        if intro.page > 0 {
            back = Rect(x: 2, y: bottom, width: DisplayWidth.of(" " + strings[.back] + " "), height: 1)
        }
        // Dots are two cells apart so each is an easy click target, one where the buttons leave
        // no room for that; centred, unless that would touch a button.
        let left = (back?.maxX ?? 0) + 1, right = forward.x - 1
        let step = intro.pageCount * 2 - 1 <= right - left ? 2 : 1
        let dotsWidth = (intro.pageCount - 1) * step + 1
        let dotsX = max(left, min((width - dotsWidth) / 2, right - dotsWidth))
        dots = (0..<intro.pageCount).map { Rect(x: dotsX + $0 * step, y: bottom, width: 1, height: 1) }
        content = Rect(x: 0, y: 1, width: width, height: max(0, bottom - 1))
        practice = PageLayout(intro, page: intro.page, area: content, terminal: (width, height), strings: strings)
            .practice.map { Rect(x: $0.x + content.x, y: $0.y + content.y, width: $0.width, height: $0.height) }
    }
}

/// One page laid out in its area: the practice box (if it fits), the title, the line and the
/// try-it (or ✓) line, centred as a block; coordinates are the area's own.
struct PageLayout {
    var practice: Rect?
    var title: Int
    var lines: [String]
    var lineY: Int
    var tryIt: [String]
    var tryY: Int

    init(_ intro: IntroState, page: Int, area: Rect, terminal: (width: Int, height: Int), strings: Strings) {
        let lesson = intro.pages[page]
        let textWidth = max(1, min(area.width - 2, 64))
        lines = TextWrap.lines(strings[IntroView.line(lesson)], width: textWidth)
        tryIt = TextWrap.lines(strings[IntroView.tryIt(intro, page: page)], width: textWidth)
        let text = 1 + lines.count + tryIt.count
        var box = IntroState.practiceSize(width: terminal.width, height: terminal.height).map { (w: $0.width + 2, h: $0.height + 2) }
        // Blank rows around the title go first, then the box (SPEC §3: title, line and try-it stay).
        var gap = 1
        if let b = box, b.h + 3 + text > area.height { gap = 0 }
        if let b = box, b.h + 1 + text > area.height { box = nil }
        if box == nil { gap = text + 2 <= area.height ? 1 : 0 }
        let total = (box.map { $0.h + 1 } ?? 0) + text + 2 * gap
        var y = max(0, (area.height - total) / 2)
        if let b = box {
            practice = Rect(x: (area.width - b.w) / 2 + 1, y: y + 1, width: b.w - 2, height: b.h - 2)
            y += b.h + 1
        }
        title = y
        lineY = y + 1 + gap
        tryY = lineY + lines.count + gap
    }
}

/// The first-run tutorial (SPEC §3): on each page the practice list in a box, a bold title, a
/// dimmed line and the try-it line (a ✓ once done); the page dots, Skip, Back, Next and Start.
public enum IntroView {
    static func forwardLabel(page: Int, pageCount: Int, strings: Strings) -> String {
        " " + strings[page == pageCount - 1 ? .start : .next] + " "
    }

    static func title(_ lesson: Lesson) -> StringKey {
        switch lesson {
        case .add: return .intro1Title
        case .check: return .intro2Title
        case .sort: return .intro3Title
        case .lists: return .intro4Title
        }
    }

    static func line(_ lesson: Lesson) -> StringKey {
        switch lesson {
        case .add: return .intro1Line
        case .check: return .intro2Line
        case .sort: return .intro3Line
        case .lists: return .intro4Line
        }
    }

    /// The try-it line of a page, or its ✓ line once the page's lesson is done there.
    static func tryIt(_ intro: IntroState, page: Int) -> StringKey {
        let lesson = intro.pages[page]
        guard intro.done.contains(lesson) else {
            switch lesson {
            case .add: return .tryAdd
            case .check: return .tryCheck
            case .sort: return .trySort
            case .lists: return .tryLists
            }
        }
        return page == intro.pageCount - 1 ? .tryDoneLast : .tryDone
    }

    /// Draws the tutorial and returns where the terminal cursor belongs (in the practice list's
    /// input line, once the page has stopped sliding).
    @discardableResult
    public static func render(_ intro: IntroState, size: (width: Int, height: Int), strings: Strings,
                              into buffer: inout ScreenBuffer) -> (x: Int, y: Int)? {
        let layout = IntroLayout(intro, width: size.width, height: size.height, strings: strings)
        var cursor: (x: Int, y: Int)?
        if let t = intro.transition {
            // Slide: the old page leaves on one side while the new one enters from the other.
            let direction = t.to > t.from ? 1 : -1
            let shift = Int((Double(layout.content.width) * t.progress).rounded())
            drawPage(t.from, of: intro, in: layout.content, offset: -direction * shift, terminal: size, strings: strings,
                     into: &buffer)
            drawPage(t.to, of: intro, in: layout.content, offset: direction * (layout.content.width - shift),
                     terminal: size, strings: strings, into: &buffer)
        } else {
            cursor = drawPage(intro.page, of: intro, in: layout.content, offset: 0, terminal: size, strings: strings,
                              into: &buffer)
            if layout.practice == nil, intro.practice.app.input != nil {
                // No room for the box: the practice list's input line still shows, above the buttons.
                var line = ScreenBuffer(width: layout.content.width, height: 1)
                let at = InputLine.render(intro.practice.app, strings: strings, into: &line)
                let y = layout.content.maxY - 1
                buffer.blit(line, to: Rect(x: 0, y: y, width: line.width, height: 1), offset: 0)
                cursor = at.map { ($0.x, y) }
            }
        }
        if let label = layout.whatsNew {
            buffer.write(strings[.whatsNew], x: label.x, y: label.y, maxWidth: label.width, style: Style(.hintKey))
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
        return cursor
    }

    /// Draws one page in `area` shifted by `offset` cells; returns the practice list's cursor.
    @discardableResult
    static func drawPage(_ page: Int, of intro: IntroState, in area: Rect, offset: Int, terminal: (width: Int, height: Int),
                         strings: Strings, into buffer: inout ScreenBuffer) -> (x: Int, y: Int)? {
        guard area.width > 0, area.height > 0, abs(offset) < area.width else { return nil }
        var pageBuffer = ScreenBuffer(width: area.width, height: area.height)
        let layout = PageLayout(intro, page: page, area: area, terminal: terminal, strings: strings)
        let span = Rect(x: 0, y: 0, width: area.width, height: area.height)
        var cursor: (x: Int, y: Int)?
        if let box = layout.practice {
            drawBox(around: box, into: &pageBuffer)
            var list = ScreenBuffer(width: box.width, height: box.height)
            let at = RootView.renderList(intro.practice.app, strings: strings, hints: false, into: &list)
            pageBuffer.blit(list, to: box, offset: 0)
            cursor = at.map { (area.x + box.x + $0.x, area.y + box.y + $0.y) }
        }
        pageBuffer.writeCentered(strings[title(intro.pages[page])], y: layout.title, in: span, style: Style(.title))
        for (i, line) in layout.lines.enumerated() {
            pageBuffer.writeCentered(line, y: layout.lineY + i, in: span, style: Style(.dim))
        }
        let done = intro.done.contains(intro.pages[page])
        for (i, line) in layout.tryIt.enumerated() {
            pageBuffer.writeCentered(line, y: layout.tryY + i, in: span, style: Style(done ? .message : .hintKey))
        }
        buffer.blit(pageBuffer, to: area, offset: offset)
        return offset == 0 ? cursor : nil
    }

    /// An ASCII frame just outside `inner` (box-drawing characters are ambiguous-width in CJK terminals).
    static func drawBox(around inner: Rect, into buffer: inout ScreenBuffer) {
        let edge = "+" + String(repeating: "-", count: inner.width) + "+"
        buffer.write(edge, x: inner.x - 1, y: inner.y - 1, style: Style(.picture))
        buffer.write(edge, x: inner.x - 1, y: inner.maxY, style: Style(.picture))
        for y in inner.y..<inner.maxY {
            buffer.write("|", x: inner.x - 1, y: y, style: Style(.picture))
            buffer.write("|", x: inner.maxX, y: y, style: Style(.picture))
        }
    }
}

extension PracticeSeed {
    /// The practice lists in the language of `strings`: bread and eggs to buy, in categories so
    /// that sorting shows, and a second list for the page that teaches switching.
    public init(strings: Strings) {
        self.init(lists: [
            List(name: strings[.practiceShopping], items: [
                ItemDraft(name: strings[.practiceBread], category: strings[.practiceBakery]),
                ItemDraft(name: strings[.practiceEggs], category: strings[.practiceDairy]),
            ]),
            List(name: strings[.practiceDrugstore], items: [ItemDraft(name: strings[.practiceSoap])]),
        ])
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
