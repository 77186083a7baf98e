import KagoState

/// One row of the keymap: keys, the action they trigger, and the help text that describes them.
/// The same table drives dispatch, the status-line hints and the `?` overlay.
public struct Binding: Sendable {
    public let keys: [Key]
    public let action: Action
    public let help: StringKey
    /// The short status-line label, for the bindings worth a hint.
    public let hint: StringKey?

    init(_ keys: [Key], _ action: Action, _ help: StringKey, hint: StringKey? = nil) {
        self.keys = keys
        self.action = action
        self.help = help
        self.hint = hint
    }

    /// The keys as shown in help, e.g. `j ↓`.
    public var label: String { keys.map(\.label).joined(separator: " ") }
}

/// A titled group of bindings in the help overlay.
public struct KeySection: Sendable {
    public let title: StringKey
    public let bindings: [Binding]
}

/// The key bindings of every mode (SPEC §3, §4, §5).
public enum Keymap {
    /// Ctrl-L redraws in every mode (SPEC §4), even the ones with few keys.
    static let redraw = Binding([.ctrl("l")], .redraw, .hRedraw)

    static let navigation = KeySection(title: .sectionGlobal, bindings: [
        Binding([.tab], .nextScreen, .hScreens),
        Binding([.backTab], .previousScreen, .hScreens),
        Binding([.char("1")], .showScreen(.toBuy), .hJump),
        Binding([.char("2")], .showScreen(.purchased), .hJump),
        Binding([.char("3")], .showScreen(.categories), .hJump),
        Binding([.char("[")], .previousList, .hStepList),
        Binding([.char("]")], .nextList, .hStepList),
        Binding([.char("j"), .down], .move(1), .hDownUp),
        Binding([.char("k"), .up], .move(-1), .hDownUp),
        Binding([.char("g"), .home], .moveToTop, .hTopBottom),
        Binding([.char("G"), .end], .moveToBottom, .hTopBottom),
        Binding([.pageDown, .ctrl("d")], .pageDown, .hPages),
        Binding([.pageUp, .ctrl("u")], .pageUp, .hPages),
        Binding([.char("/")], .startFilter, .hFilter, hint: .kFilter),
        Binding([.escape], .clearFilter, .hClearFilter),
        Binding([.char("u")], .undo, .hUndoRedo),
        Binding([.ctrl("r")], .redo, .hUndoRedo),
        Binding([.char("S")], .syncNow, .hSync),
        Binding([.char("?")], .toggleHelp, .hHelp, hint: .kHelp),
        redraw,
        Binding([.char("q"), .ctrl("c")], .quit, .hQuit, hint: .kQuit),
        // Last, so its hint gives way before quit's where the status line is short.
        Binding([.char("L")], .toggleLists, .hLists, hint: .kLists),
    ])

    static let toBuy = KeySection(title: .sectionToBuy, bindings: [
        Binding([.char("a")], .startAdd, .hAdd, hint: .kAdd),
        Binding([.char(" "), .char("x")], .toggle, .hCheck, hint: .kCheck),
        Binding([.char("e"), .enter], .startEdit, .hEdit, hint: .kEdit),
        Binding([.char("d"), .delete], .delete, .hDelete, hint: .kDelete),
        Binding([.char("s")], .cycleSort, .hSort, hint: .kSort),
        Binding([.char("m")], .startMoveItem, .hMoveToList),
    ])

    /// On a row of the Due again group, before To buy's own keys (SPEC §10).
    static let dueAgain = KeySection(title: .sectionDueAgain, bindings: [
        Binding([.char("+"), .enter], .addDue, .hAddDue, hint: .kAdd),
        Binding([.char("d"), .delete], .hideDue, .hHideDue, hint: .kHide),
    ])

    static let purchased = KeySection(title: .sectionPurchased, bindings: [
        Binding([.char(" "), .char("x")], .toggle, .hUncheck, hint: .kUncheck),
        Binding([.char("e"), .enter], .startEdit, .hEdit),
        Binding([.char("d"), .delete], .delete, .hDelete, hint: .kDelete),
        Binding([.char("C")], .clearPurchased, .hClear, hint: .kClear),
        Binding([.char("a")], .startAdd, .hAdd),
        Binding([.char("m")], .startMoveItem, .hMoveToList),
    ])

    static let categories = KeySection(title: .sectionCategories, bindings: [
        Binding([.enter], .openCategory, .hOpen, hint: .kOpen),
        Binding([.char("a")], .startAddCategory, .hAddCategory, hint: .kAdd),
        Binding([.char("r"), .char("e")], .startRenameCategory, .hRename, hint: .kRename),
        Binding([.char("d"), .delete], .deleteCategory, .hDeleteCategory, hint: .kDelete),
        Binding([.char("J")], .moveCategory(1), .hStoreWalk, hint: .kMove),
        Binding([.char("K")], .moveCategory(-1), .hStoreWalk),
    ])

    /// Moving the selection in the Lists overlay and the picker.
    static let listRows = [
        Binding([.char("j"), .down], .move(1), .hDownUp),
        Binding([.char("k"), .up], .move(-1), .hDownUp),
        Binding([.char("g"), .home], .moveToTop, .hTopBottom),
        Binding([.char("G"), .end], .moveToBottom, .hTopBottom),
    ]

    static let lists = KeySection(title: .sectionLists, bindings: [
        Binding([.enter], .chooseList, .hOpenList, hint: .kOpen),
        Binding([.char("a")], .startAddList, .hAddList, hint: .kAdd),
        Binding([.char("r"), .char("e")], .startRenameList, .hRename, hint: .kRename),
        Binding([.char("d"), .delete], .deleteList, .hDeleteList, hint: .kDelete),
        Binding([.char("J")], .moveList(1), .hListOrder, hint: .kMove),
        Binding([.char("K")], .moveList(-1), .hListOrder),
        Binding([.char("u")], .undo, .hUndoRedo),
        Binding([.ctrl("r")], .redo, .hUndoRedo),
        Binding([.escape, .char("L"), .char("q")], .toggleLists, .hClose, hint: .kClose),
    ] + listRows + [redraw, Binding([.ctrl("c")], .quit, .hQuit)])

    static let listPicker = KeySection(title: .sectionMoveTo, bindings: [
        Binding([.enter], .chooseList, .hMoveHere, hint: .kMoveHere),
        Binding([.escape, .char("q")], .cancel, .hCancel, hint: .kClose),
    ] + listRows + [redraw, Binding([.ctrl("c")], .quit, .hQuit)])

    static let input = KeySection(title: .sectionInput, bindings: [
        Binding([.enter], .submit, .hSave),
        Binding([.escape], .cancel, .hCancel),
        Binding([.tab], .line(.complete), .hComplete),
        Binding([.left], .line(.left), .hCursor),
        Binding([.right], .line(.right), .hCursor),
        Binding([.home, .ctrl("a")], .line(.home), .hCursor),
        Binding([.end, .ctrl("e")], .line(.end), .hCursor),
        Binding([.backspace], .line(.backspace), .hDeleteChar),
        Binding([.delete, .ctrl("d")], .line(.deleteForward), .hDeleteChar),
        Binding([.ctrl("u")], .line(.killToStart), .hKillStart),
        Binding([.ctrl("k")], .line(.killToEnd), .hKillEnd),
        Binding([.ctrl("w")], .line(.killWord), .hKillWord),
        redraw,
        // Closing the line, not quitting: Ctrl-C out of habit must not drop the typed text.
        Binding([.ctrl("c")], .interrupt, .hInterrupt),
    ])

    /// The tutorial's own keys (SPEC §3); the others go to its practice list.
    static let intro = KeySection(title: .sectionTutorial, bindings: [
        Binding([.right, .char("l"), .pageDown], .introNext, .hIntroNext),
        Binding([.left, .char("h"), .pageUp], .introBack, .hIntroBack),
        Binding([.enter], .introConfirm, .hIntroConfirm),
        Binding([.escape], .introSkip, .hIntroSkip),
        Binding([.char("q")], .introQuit, .hIntroQuit),
        Binding([.ctrl("c")], .quit, .hIntroQuit),
        Binding([.char("?")], .toggleHelp, .hHelp),
        redraw,
    ])

    /// The keys the tutorial's practice list answers, as on To buy (SPEC §3); `[` `]` on the
    /// page that teaches them.
    static let practice = KeySection(title: .sectionPractice, bindings: [
        Binding([.char("a")], .startAdd, .hAdd),
        Binding([.char(" "), .char("x")], .toggle, .hCheck),
        Binding([.char("e")], .startEdit, .hEdit),
        Binding([.char("d"), .delete], .delete, .hDelete),
        Binding([.char("s")], .cycleSort, .hSort),
        Binding([.char("j"), .down], .move(1), .hDownUp),
        Binding([.char("k"), .up], .move(-1), .hDownUp),
        Binding([.char("u")], .undo, .hUndoRedo),
        Binding([.ctrl("r")], .redo, .hUndoRedo),
        Binding([.char("[")], .previousList, .hStepList),
        Binding([.char("]")], .nextList, .hStepList),
    ])

    static let help = KeySection(title: .helpTitle, bindings: [
        Binding([.escape, .char("?"), .char("q")], .toggleHelp, .hCancel),
        Binding([.char("j"), .down], .helpScroll(1), .hDownUp),
        Binding([.char("k"), .up], .helpScroll(-1), .hDownUp),
        Binding([.char("g"), .home], .moveToTop, .hTopBottom),
        Binding([.char("G"), .end], .moveToBottom, .hTopBottom),
        Binding([.pageDown, .char(" "), .ctrl("d")], .pageDown, .hPages),
        Binding([.pageUp, .ctrl("u")], .pageUp, .hPages),
        Binding([.char("t")], .replayTutorial, .hReplay),
        redraw,
        Binding([.ctrl("c")], .quit, .hQuit),
    ])

    static let confirm = KeySection(title: .sectionGlobal, bindings: [
        Binding([.char("y"), .char("Y")], .answer(true), .hSave),
        redraw,
        Binding([.ctrl("c")], .quit, .hQuit),
    ])

    static let tooSmall = KeySection(title: .sectionGlobal, bindings: [
        Binding([.char("q"), .ctrl("c")], .quit, .hQuit),
        redraw,
    ])

    /// The sections that apply in a mode, most specific first.
    public static func sections(for mode: KeyMode) -> [KeySection] {
        switch mode {
        case .tooSmall: return [tooSmall]
        case .intro: return [intro, practice]
        case .help: return [help]
        case .confirm: return [confirm]
        case .input: return [input]
        case .toBuy: return [toBuy, navigation]
        case .dueAgain: return [dueAgain, toBuy, navigation]
        case .purchased: return [purchased, navigation]
        case .categories: return [categories, navigation]
        case .lists: return [lists]
        case .listPicker: return [listPicker]
        }
    }

    /// The action a key triggers in a mode, if any.
    public static func action(for key: Key, in mode: KeyMode) -> Action? {
        for section in sections(for: mode) {
            for b in section.bindings where b.keys.contains(key) { return b.action }
        }
        switch (mode, key) {
        case (.input, .char(let c)): return .line(.insert(String(c)))
        // A paste is text: in the input line and the lists it is added; it never answers y/n.
        case (.input, .paste(let text)), (.toBuy, .paste(let text)), (.dueAgain, .paste(let text)), (.purchased, .paste(let text)),
             (.categories, .paste(let text)), (.intro, .paste(let text)):
            return .paste(text)
        case (_, .paste): return nil
        case (.confirm, .mouse): return nil
        case (.confirm, _): return .answer(false)
        default: return nil
        }
    }

    /// The bindings shown as hints on the status line of a mode; a key an earlier section takes
    /// (`d` on a Due again row) is not hinted again for what it no longer does there.
    public static func hints(for mode: KeyMode) -> [Binding] {
        var taken = Set<Key>()
        var hints: [Binding] = []
        for b in sections(for: mode).flatMap(\.bindings) {
            if b.hint != nil, !taken.contains(b.keys[0]) { hints.append(b) }
            taken.formUnion(b.keys)
        }
        return hints
    }

    /// The sections the help overlay lists: the screen's (or the tutorial's) own keys (on To
    /// buy, then those of its Due again rows), then the common ones and the input line's.
    public static func helpSections(for topic: HelpTopic) -> [KeySection] {
        switch topic {
        case .screen(let screen):
            let own = sections(for: KeyMode(screen))
            return screen == .toBuy ? [own[0], dueAgain] + own.dropFirst() + [input] : own + [input]
        case .tutorial: return sections(for: .intro) + [input]
        }
    }
}

extension Key {
    /// How the key is written in help and hints.
    public var label: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .ctrl(let c): return "Ctrl-" + c.uppercased()
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .function(let n): return "F\(n)"
        case .paste: return "paste"
        case .resize: return "resize"
        case .mouse: return "click"
        }
    }
}
