import KagoState

/// A rendered frame: the cells and where the terminal cursor should show (only in the input line).
public struct Frame: Equatable, Sendable {
    public var buffer: ScreenBuffer
    public var cursor: (x: Int, y: Int)?

    public static func == (a: Frame, b: Frame) -> Bool {
        a.buffer == b.buffer && a.cursor?.x == b.cursor?.x && a.cursor?.y == b.cursor?.y
    }
}

/// The whole screen: the tutorial, or the tab bar, a list, the status or input line and overlays.
public enum RootView {
    /// Renders the state into a new frame of the state's size.
    public static func render(_ state: AppState, strings: Strings) -> Frame {
        var buffer = ScreenBuffer(width: state.width, height: state.height)
        var cursor: (x: Int, y: Int)?
        if state.isTooSmall {
            TooSmallView.render(width: state.width, height: state.height, strings: strings, into: &buffer)
        } else {
            if let intro = state.intro {
                cursor = IntroView.render(intro, size: (state.width, state.height), strings: strings, into: &buffer)
            } else {
                cursor = renderList(state, strings: strings, hints: true, into: &buffer)
                if state.listsOverlay != nil { ListsOverlayView.render(state, strings: strings, into: &buffer) }
            }
            if state.helpScroll != nil {
                HelpOverlay.render(state, strings: strings, into: &buffer)
                cursor = nil
            }
        }
        return Frame(buffer: buffer, cursor: cursor)
    }

    /// The tab bar, the list on show and the status or input line, filling the buffer (the
    /// screen, or the tutorial's practice box); returns where the cursor belongs.
    /// - Parameter hints: whether an idle status line lists the screen's keys.
    static func renderList(_ state: AppState, strings: Strings, hints: Bool, into buffer: inout ScreenBuffer) -> (x: Int, y: Int)? {
        TabBar.render(state, strings: strings, into: &buffer)
        ListView.render(state.model, screen: state.screen, clock: state.clock, in: listArea(state), strings: strings,
                        into: &buffer)
        if state.input != nil { return InputLine.render(state, strings: strings, into: &buffer) }
        StatusLine.render(state, strings: strings, hints: hints, into: &buffer)
        return nil
    }

    /// The rows between the tab bar and the status line (one fewer while the input line is open).
    public static func listArea(_ state: AppState) -> Rect {
        Rect(x: 0, y: 1, width: state.width, height: state.listHeight)
    }

    /// The action a mouse event stands for, hit-tested against the same layout that was drawn.
    public static func action(for event: MouseEvent, in state: AppState, strings: Strings) -> Action? {
        guard !state.isTooSmall else { return nil }
        guard let intro = state.intro, state.helpScroll == nil else { return listAction(for: event, in: state, strings: strings) }
        guard event.kind == .click else { return nil }
        let layout = IntroLayout(intro, width: state.width, height: state.height, strings: strings)
        if layout.skip.contains(x: event.x, y: event.y) { return .introSkip }
        if layout.back?.contains(x: event.x, y: event.y) == true { return .introBack }
        if layout.forward.contains(x: event.x, y: event.y) { return .introConfirm }
        if let i = layout.dots.firstIndex(where: { $0.contains(x: event.x, y: event.y) }) { return .introGoTo(i) }
        // A click on the practice list is a click on its rows, as on To buy; not on its tabs.
        guard let box = layout.practice, box.contains(x: event.x, y: event.y), event.y > box.y else { return nil }
        let inner = MouseEvent(.click, x: event.x - box.x, y: event.y - box.y)
        return listAction(for: inner, in: intro.practice.app, strings: strings)
    }

    /// The action of a mouse event on a list screen and its overlays.
    static func listAction(for event: MouseEvent, in state: AppState, strings: Strings) -> Action? {
        if state.helpScroll != nil {
            switch event.kind {
            case .wheelUp: return .helpScroll(-3)
            case .wheelDown: return .helpScroll(3)
            case .click: return .toggleHelp
            }
        }
        guard state.input == nil, state.confirmation == nil else { return nil }
        if state.listsOverlay != nil {
            switch event.kind {
            case .wheelUp: return .move(-1)
            case .wheelDown: return .move(1)
            case .click:
                let layout = ListsOverlayLayout(state, strings: strings)
                guard let row = layout.row(atX: event.x, y: event.y, count: state.overlayLists.count) else {
                    return layout.box.contains(x: event.x, y: event.y) ? nil : .cancel
                }
                return row == state.overlaySelection ? .chooseList : .selectRow(row)
            }
        }
        switch event.kind {
        case .wheelUp: return .scroll(-3)
        case .wheelDown: return .scroll(3)
        case .click:
            if event.y == 0 {
                if let label = TabBar.listLabel(state, strings: strings), event.x < DisplayWidth.of(label) { return .toggleLists }
                return TabBar.tabs(state, strings: strings).first { $0.rect.contains(x: event.x, y: 0) }
                    .map { .showScreen($0.screen) }
            }
            guard let row = ListView.row(atLine: event.y, state: state, area: listArea(state)) else { return nil }
            if state.screen != .categories, (1...3).contains(event.x) { return .toggleRow(row) }
            return .selectRow(row)
        }
    }
}

/// Shown below 30×8: what is wrong, and the size now.
public enum TooSmallView {
    public static func render(width: Int, height: Int, strings: Strings, into buffer: inout ScreenBuffer) {
        let area = Rect(x: 0, y: 0, width: width, height: height)
        var y = max(0, height / 2 - 1)
        let size = strings.format(.tooSmallSize, ["width": String(width), "height": String(height)])
        for (text, role) in [(strings[.tooSmall], Role.warning), (size, .dim)] {
            for line in TextWrap.lines(text, width: width) where y < height {
                buffer.writeCentered(line, y: y, in: area, style: Style(role))
                y += 1
            }
        }
    }
}
