import KagoState

/// Maps styles to appearances. Colours sit on the terminal's default background, so light and
/// dark terminals both read well; `mono` (and NO_COLOR) uses attributes alone.
public struct Theme: Sendable {
    public let name: ThemeName
    private let table: [Style: Appearance]

    /// The theme to use for a configured name; NO_COLOR (non-empty) forces mono.
    /// - Parameter colorFGBG: the `COLORFGBG` variable some terminals set, used by `auto`.
    public static func resolve(_ name: ThemeName, noColor: Bool, colorFGBG: String?) -> Theme {
        if noColor { return Theme(.mono) }
        guard name == .auto else { return Theme(name) }
        // COLORFGBG is "fg;bg"; a background of 7 or 15 means a light terminal.
        if let bg = colorFGBG?.split(separator: ";").last, bg == "7" || bg == "15" { return Theme(.light) }
        return Theme(.auto)
    }

    public init(_ name: ThemeName) {
        self.name = name
        var t: [Style: Appearance] = [:]
        for role in Role.allCases {
            t[Style(role)] = Theme.base(role, name)
            t[Style(role, selected: true)] = Theme.selected(role, name)
        }
        table = t
    }

    /// The appearance of a style.
    public func appearance(_ style: Style) -> Appearance { table[style] ?? Appearance() }

    /// Whether this theme sends any colour at all.
    public var usesColor: Bool { name != .mono }

    static func base(_ role: Role, _ name: ThemeName) -> Appearance {
        let mono = name == .mono
        // Yellow and white vanish on light backgrounds, so `light` swaps them for darker hues;
        // `auto` keeps to colours readable on both.
        let accent: Color = name == .dark ? .cyan : .blue
        let warm: Color = name == .dark ? .yellow : .magenta
        switch role {
        case .normal, .input: return Appearance()
        case .dim: return Appearance(dim: true)
        case .title: return Appearance(bold: true)
        case .picture: return mono ? Appearance() : Appearance(foreground: accent)
        case .header: return mono ? Appearance(bold: true, underline: true) : Appearance(foreground: warm, bold: true)
        case .tab: return Appearance()
        case .tabActive: return mono ? Appearance(bold: true, reverse: true) : Appearance(foreground: accent, bold: true, reverse: true)
        case .statusBar: return Appearance(dim: true)
        case .hintKey: return mono ? Appearance(bold: true) : Appearance(foreground: accent, bold: true)
        case .message: return mono ? Appearance(bold: true) : Appearance(foreground: .green, bold: true)
        case .error, .warning: return mono ? Appearance(bold: true, underline: true) : Appearance(foreground: .red, bold: true)
        case .overdue: return mono ? Appearance(bold: true, underline: true) : Appearance(foreground: .red, bold: true)
        case .today: return mono ? Appearance(bold: true) : Appearance(foreground: .green, bold: true)
        case .checkbox: return Appearance()
        case .checked: return mono ? Appearance(dim: true) : Appearance(foreground: .green)
        case .quantity: return mono ? Appearance() : Appearance(foreground: name == .dark ? .yellow : .default, bold: name != .dark)
        case .category: return mono ? Appearance(dim: true) : Appearance(foreground: .magenta)
        case .button: return Appearance(bold: true)
        case .buttonPrimary: return mono ? Appearance(bold: true, reverse: true) : Appearance(foreground: accent, bold: true, reverse: true)
        case .dotActive: return mono ? Appearance(bold: true) : Appearance(foreground: accent, bold: true)
        case .dot: return Appearance(dim: true)
        case .help: return Appearance()
        case .helpKey: return mono ? Appearance(bold: true) : Appearance(foreground: accent, bold: true)
        case .helpTitle: return Appearance(bold: true, underline: true)
        }
    }

    static func selected(_ role: Role, _ name: ThemeName) -> Appearance {
        var a = base(role, name)
        // Reverse video reads on every terminal and needs no colour; keep a role's colour
        // (it becomes the row's background) so an overdue date stays visible when selected.
        a.reverse = true
        a.dim = false
        if role == .checkbox || role == .normal { a.bold = true }
        return a
    }
}
