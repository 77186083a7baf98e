/// What the run loop needs of a terminal: its size, keys, and a way to show frames. The ncurses
/// terminal is one; tests drive the run loop through a fake one.
public protocol TerminalBackend: AnyObject {
    /// The terminal's size in cells.
    var size: (width: Int, height: Int) { get }
    /// Waits up to `timeout` milliseconds (negative: forever, 0: not at all) for a key.
    func nextKey(timeout: Int32) -> Key?
    /// Shows a frame.
    func present(_ frame: Frame)
    /// Forgets what is on screen so the next frame repaints everything (Ctrl-L, resize).
    func invalidate()
    /// Hands the terminal back to the shell for Ctrl-Z, and takes it again on `fg`.
    func suspend()
}
