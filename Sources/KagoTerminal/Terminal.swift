import CNCurses
import Glibc
import KagoView

/// Why the terminal could not be opened.
public enum TerminalError: Error, Equatable, Sendable {
    case notATerminal
    case noTerm
    case cannotInitialise(String)

    /// One line for `kago: …` (SPEC §1).
    public var message: String {
        switch self {
        case .notATerminal: return "the list needs a terminal; try 'kago list'"
        case .noTerm: return "TERM is not set, and the list needs a terminal; try 'kago list'"
        case .cannotInitialise(let term): return "cannot use terminal type '\(term)', and the list needs a terminal; try 'kago list'"
        }
    }
}

/// The ncurses terminal: the only code that talks to it. Presents frames by sending only the
/// cells that changed, and decodes input into `Key`s.
public final class Terminal: TerminalBackend {
    private let screen: OpaquePointer
    private let theme: Theme
    private var last: ScreenBuffer?
    private var pairs: [Int32: Int16] = [:]
    private var colorsEnabled = false
    private var wcwidthCache: [UInt32: Int] = [:]
    private var cursorVisible = false

    /// Opens the terminal on stdin/stdout.
    /// - Parameters:
    ///   - environment: for TERM and the locale variables.
    ///   - mouse: whether to take mouse events (it takes over the terminal's own text selection).
    public init(environment: [String: String], theme: Theme, mouse: Bool) throws(TerminalError) {
        try Terminal.checkAvailable(environment: environment)
        let term = environment["TERM"]!
        Terminal.setLocale()
        SignalGuard.saveTerminalModes()
        // Terminals Debian ships no terminfo for (kitty, alacritty, …) speak xterm well enough.
        var opened = Terminal.newScreen(term)
        if opened == nil { opened = Terminal.newScreen("xterm-256color") }
        guard let opened else { throw .cannotInitialise(term) }
        screen = opened
        self.theme = theme
        raw()
        noecho()
        nonl()
        keypad(kago_stdscr(), true)
        set_escdelay(25)
        // tmux, screen and PuTTY send these for Home and End even when TERM says xterm, whose
        // terminfo lists other sequences; unregistered, they would read as Esc and text.
        for (sequence, key) in [("\u{1b}[1~", kago_key_home), ("\u{1b}[4~", kago_key_end),
                                ("\u{1b}[7~", kago_key_home), ("\u{1b}[8~", kago_key_end)] {
            _ = sequence.withCString { define_key($0, key) }
        }
        // Bracketed paste: the terminal marks pasted text, so a paste is never taken as keys.
        for (sequence, key) in [("\u{1b}[200~", kago_key_paste_start), ("\u{1b}[201~", kago_key_paste_end)] {
            _ = sequence.withCString { define_key($0, key) }
        }
        Terminal.send(Terminal.bracketedPasteOn)
        curs_set(0)
        // With the cursor hidden, ncurses need not park it after each update (bytes per key).
        leaveok(kago_stdscr(), true)
        // Lets ncurses scroll the list with insert/delete line instead of repainting its rows.
        idlok(kago_stdscr(), true)
        if theme.usesColor && has_colors() {
            start_color()
            use_default_colors()
            colorsEnabled = true
        }
        if mouse {
            mousemask(kago_button1_pressed | kago_button4_pressed | kago_button5_pressed, nil)
            mouseinterval(0)
        }
        SignalGuard.install(restoreSequence: Terminal.restoreSequence(mouse: mouse))
    }

    /// Checks, without touching the terminal, that stdin and stdout are a usable terminal.
    public static func checkAvailable(environment: [String: String]) throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        guard let term = environment["TERM"], !term.isEmpty else { throw .noTerm }
        guard term != "dumb" else { throw .notATerminal }
    }

    private static func newScreen(_ term: String) -> OpaquePointer? {
        term.withCString { newterm($0, kago_stdout(), kago_stdin()) }
    }

    /// Uses the environment's locale, falling back to C.UTF-8 so wide characters draw even when
    /// the named locale (say ja_JP.UTF-8) is not installed.
    static func setLocale() {
        // The locale's own codeset, however its name spells it (en_US.utf8, C.UTF-8, …).
        if setlocale(LC_ALL, "") != nil, String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8" { return }
        if setlocale(LC_ALL, "C.UTF-8") == nil { _ = setlocale(LC_ALL, "C.utf8") }
    }

    /// The bytes that undo kago's screen modes, from terminfo where it has them.
    static func restoreSequence(mouse: Bool) -> [UInt8] {
        var out: [UInt8] = []
        for cap in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            guard let s = tigetstr(cap), Int(bitPattern: s) != -1 else { continue }
            out += Array(String(cString: s).utf8)
        }
        if mouse { out += Array("\u{1b}[?1000l\u{1b}[?1002l\u{1b}[?1006l".utf8) }
        out += Array(bracketedPasteOff.utf8)
        out += Array("\r\n".utf8)
        return out
    }

    static let bracketedPasteOn = "\u{1b}[?2004h"
    static let bracketedPasteOff = "\u{1b}[?2004l"

    /// Writes a mode sequence straight to the terminal (ncurses has no capability for it).
    static func send(_ sequence: String) {
        _ = sequence.withCString { fputs($0, kago_stdout()) }
        fflush(kago_stdout())
    }

    /// The terminal's size in cells.
    public var size: (width: Int, height: Int) {
        (Int(getmaxx(kago_stdscr())), Int(getmaxy(kago_stdscr())))
    }

    // MARK: - Input

    /// Waits up to `timeout` milliseconds (negative: forever, 0: not at all) for a key.
    public func nextKey(timeout: Int32) -> Key? {
        wtimeout(kago_stdscr(), timeout)
        var ch: wint_t = 0
        let r = wget_wch(kago_stdscr(), &ch)
        if r == ERR { return nil }
        let isKeyCode = r == KEY_CODE_YES
        if isKeyCode && Int32(bitPattern: ch) == kago_key_mouse { return mouseEvent() }
        if isKeyCode && Int32(bitPattern: ch) == kago_key_paste_start { return readPaste() }
        return KeyDecoder.decode(ch, isKeyCode: isKeyCode)
    }

    /// Reads a bracketed paste up to its end marker; a terminal that never sends one (or a
    /// pause of a second inside the paste) ends it with what arrived.
    private func readPaste() -> Key {
        var paste = PasteCollector()
        wtimeout(kago_stdscr(), 1000)
        var ch: wint_t = 0
        while true {
            let r = wget_wch(kago_stdscr(), &ch)
            if r == ERR || paste.add(ch, isKeyCode: r == KEY_CODE_YES) { break }
        }
        return .paste(paste.text)
    }

    private func mouseEvent() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let x = Int(event.x), y = Int(event.y)
        if event.bstate & kago_button4_pressed != 0 { return .mouse(MouseEvent(.wheelUp, x: x, y: y)) }
        if event.bstate & kago_button5_pressed != 0 { return .mouse(MouseEvent(.wheelDown, x: x, y: y)) }
        if event.bstate & kago_button1_pressed != 0 { return .mouse(MouseEvent(.click, x: x, y: y)) }
        return nil
    }

    // MARK: - Output

    /// Draws a frame, sending only the cells that differ from the last one.
    public func present(_ frame: Frame) {
        let buffer = frame.buffer
        let previous = last.flatMap { $0.width == buffer.width && $0.height == buffer.height ? $0 : nil }
        if previous == nil { werase(kago_stdscr()) }
        var direct: [(x: Int, y: Int, cell: Cell, wide: Bool)] = []
        for span in FrameDiff.spans(from: previous, to: buffer) {
            let y = span.y
            for x in 0..<buffer.width where !buffer[x, y].isContinuation {
                let cell = buffer[x, y]
                let wide = x + 1 < buffer.width && buffer[x + 1, y].isContinuation
                // A cluster ncurses cannot hold goes to the terminal whole, after the update; in
                // a row that changed it is sent again, whatever ncurses did to the row.
                let whole = ClusterOutput.needsDirectWrite(cell.text, wide: wide, capacity: Int(CCHARW_MAX),
                                                          libcWidth: libcWidth)
                if whole { direct.append((x, y, cell, wide)) }
                if span.columns.contains(x) { draw(whole ? Cell(wide ? "\u{3000}" : "\u{FFFD}", style: cell.style) : cell, x: x, y: y, wide: wide) }
            }
        }
        last = buffer
        if let c = frame.cursor {
            if !cursorVisible { curs_set(1); leaveok(kago_stdscr(), false); cursorVisible = true }
            wmove(kago_stdscr(), Int32(c.y), Int32(c.x))
        } else if cursorVisible {
            curs_set(0)
            leaveok(kago_stdscr(), true)
            cursorVisible = false
        }
        wnoutrefresh(kago_stdscr())
        doupdate()
        if !direct.isEmpty { Terminal.send(direct.map { wholeCluster($0.cell, x: $0.x, y: $0.y) }.joined()) }
    }

    /// A cluster written whole at a cell, in its style.
    private func wholeCluster(_ cell: Cell, x: Int, y: Int) -> String {
        let a = theme.appearance(cell.style)
        var sgr = "0"
        if a.bold { sgr += ";1" }
        if a.dim { sgr += ";2" }
        if a.underline { sgr += ";4" }
        if a.reverse { sgr += ";7" }
        if colorsEnabled && a.foreground != .default { sgr += ";\(30 + a.foreground.rawValue)" }
        if colorsEnabled && a.background != .default { sgr += ";\(40 + a.background.rawValue)" }
        return ClusterOutput.direct(cell.text, x: x, y: y, sgr: sgr)
    }

    /// Forgets what is on screen so the next frame repaints everything (Ctrl-L, resize).
    public func invalidate() {
        last = nil
        clearok(kago_stdscr(), true)
    }

    private func draw(_ cell: Cell, x: Int, y: Int, wide: Bool) {
        var scalars = Array(cell.text.unicodeScalars)
        var padAfter = false
        if let base = scalars.first, !agreesWithLibc(base, wide: wide) {
            // The C library does not know it at all (an emoji newer than glibc's Unicode):
            // nothing would be drawn, so draw a visible stand-in of the same width.
            scalars = ["\u{FFFD}"]
            padAfter = wide
        }
        let a = theme.appearance(cell.style)
        var attrs = kago_a_normal
        if a.bold { attrs |= kago_a_bold }
        if a.dim { attrs |= kago_a_dim }
        if a.reverse { attrs |= kago_a_reverse }
        if a.underline { attrs |= kago_a_underline }
        let pair = colorsEnabled ? colorPair(a.foreground, a.background) : 0
        var wchars = scalars.prefix(Int(CCHARW_MAX) - 1).map { wchar_t(bitPattern: $0.value) }
        wchars.append(0)
        var cc = cchar_t()
        _ = wchars.withUnsafeBufferPointer { kago_setcchar(&cc, $0.baseAddress, attrs, pair) }
        // The bottom-right cell returns ERR by design (the cursor cannot advance); the cell is drawn.
        _ = mvwadd_wch(kago_stdscr(), Int32(y), Int32(x), &cc)
        if padAfter {
            var space = cchar_t()
            let blank: [wchar_t] = [32, 0]
            _ = blank.withUnsafeBufferPointer { kago_setcchar(&space, $0.baseAddress, attrs, pair) }
            _ = mvwadd_wch(kago_stdscr(), Int32(y), Int32(x + 1), &space)
        }
    }

    private func agreesWithLibc(_ u: Unicode.Scalar, wide: Bool) -> Bool {
        u.value < 0x300 || libcWidth(u) == (wide ? 2 : 1)
    }

    /// The C library's width of a scalar (-1: it does not know it), remembered.
    private func libcWidth(_ u: Unicode.Scalar) -> Int {
        if u.value < 0x300 { return 1 }
        if let known = wcwidthCache[u.value] { return known }
        let w = Int(kago_wcwidth(u.value))
        wcwidthCache[u.value] = w
        return w
    }

    private func colorPair(_ fg: Color, _ bg: Color) -> Int16 {
        if fg == .default && bg == .default { return 0 }
        let key = Int32(fg.rawValue + 1) * 16 + Int32(bg.rawValue + 1)
        if let p = pairs[key] { return p }
        let p = Int16(pairs.count + 1)
        init_pair(p, fg.rawValue, bg.rawValue)
        pairs[key] = p
        return p
    }

    // MARK: - Lifecycle

    /// Hands the terminal back to the shell for Ctrl-Z, and takes it again on `fg`.
    public func suspend() {
        endwin()
        Terminal.send(Terminal.bracketedPasteOff)
        kill(getpid(), SIGTSTP)
        Terminal.send(Terminal.bracketedPasteOn)
        invalidate()
        wrefresh(kago_stdscr())
    }

    /// Restores the terminal; call once, before exiting.
    public func close() {
        curs_set(1)
        endwin()
        Terminal.send(Terminal.bracketedPasteOff)
        delscreen(screen)
        SignalGuard.uninstall()
    }
}
