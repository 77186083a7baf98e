/// What a cell means, not how it looks; a `Theme` turns roles into colours and attributes.
public enum Role: UInt8, CaseIterable, Sendable {
    case normal, dim, title, picture, header, tab, tabActive, statusBar, hintKey, message, error
    case overdue, today, checkbox, checked, quantity, category, button, buttonPrimary, dotActive, dot
    case input, help, helpKey, helpTitle, warning
}

/// A cell's style: its role, and whether it lies on the selected row.
public struct Style: Hashable, Sendable {
    public var role: Role
    public var selected: Bool

    public init(_ role: Role, selected: Bool = false) {
        self.role = role
        self.selected = selected
    }

    public static let normal = Style(.normal)
}

/// One of the terminal's eight basic colours, or its default.
public enum Color: Int16, Sendable {
    case `default` = -1, black = 0, red, green, yellow, blue, magenta, cyan, white
}

/// How a style looks on the terminal: colours on the terminal's own background, and attributes.
public struct Appearance: Hashable, Sendable {
    public var foreground: Color = .default
    public var background: Color = .default
    public var bold = false
    public var dim = false
    public var reverse = false
    public var underline = false

    public init(foreground: Color = .default, background: Color = .default, bold: Bool = false,
                dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }
}
