/// How a cell's grapheme cluster reaches the terminal. ncurses stores a cell as one cchar_t of
/// at most CCHARW_MAX wide characters and sizes it by the C library's wcwidth, so a cluster it
/// cannot hold that way is drawn by ncurses as a placeholder and then written whole, directly.
enum ClusterOutput {
    /// Whether a cluster is more than ncurses can draw as one cell of its width: several
    /// spacing scalars (a ZWJ sequence, a flag), at least `capacity` scalars (a cchar_t keeps
    /// one slot for its terminator), or a base `libcWidth` sizes otherwise than kago's table.
    /// A lone scalar the C library does not know at all (-1) is not: it becomes a replacement.
    static func needsDirectWrite(_ text: String, wide: Bool, capacity: Int, libcWidth: (Unicode.Scalar) -> Int) -> Bool {
        let scalars = text.unicodeScalars
        let cells = wide ? 2 : 1
        guard scalars.count > 1 else {
            guard let u = scalars.first, u.value >= 0x300 else { return false }
            let w = libcWidth(u)
            return w >= 0 && w != cells
        }
        if scalars.count >= capacity { return true }
        var first = true
        for u in scalars {
            if libcWidth(u) != (first ? cells : 0) { return true }
            first = false
        }
        return false
    }

    /// The bytes that draw a cluster at a cell (0-based) with SGR parameters `sgr`, leaving the
    /// cursor and attributes as ncurses left them (save, move, draw, restore), so its idea of
    /// the screen stays true.
    static func direct(_ text: String, x: Int, y: Int, sgr: String) -> String {
        "\u{1b}7\u{1b}[\(y + 1);\(x + 1)H\u{1b}[\(sgr)m\(text)\u{1b}8"
    }
}
