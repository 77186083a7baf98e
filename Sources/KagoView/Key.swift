/// A key press or mouse event, decoded by the terminal backend.
public enum Key: Hashable, Sendable {
    /// Printable text (one character typed, or part of a paste).
    case char(Character)
    /// A control key: `.ctrl("c")` is Ctrl-C.
    case ctrl(Character)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
    case function(Int)
    /// Text the terminal marked as pasted (bracketed paste): never keys.
    case paste(String)
    case resize
    case mouse(MouseEvent)
}

/// A mouse event at a cell.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case click, wheelUp, wheelDown }
    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
