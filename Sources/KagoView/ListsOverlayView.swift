import KagoState

/// Where the Lists overlay (or the move picker) sits and which of its rows show: shared by
/// drawing and the mouse.
public struct ListsOverlayLayout: Equatable, Sendable {
    /// The whole box, title row included.
    public var box: Rect
    /// The first row's line.
    public var rowsY: Int
    /// How many rows fit.
    public var visible: Int
    /// The first list shown (scrolled so the selection is in view).
    public var top: Int

    /// The widest a box gets: room for a full-width name and its count.
    static let maximumWidth = ShoppingList.maximumWidth + 20

    public init(_ state: AppState, strings: Strings) {
        let rows = state.overlayLists
        let widest = rows.map { ListsOverlayView.rowWidth($0, strings: strings) }.max() ?? 0
        let title = DisplayWidth.of(ListsOverlayView.title(state, strings: strings))
        // A border round the rows, so the box reads as one with or without colour.
        let width = min(state.width - 2, Self.maximumWidth, max(28, widest + 4, title + 6))
        let room = max(3, state.height - 2)
        let height = min(room, rows.count + 2)
        box = Rect(x: (state.width - width) / 2, y: 1 + max(0, (room - height) / 3), width: width, height: height)
        rowsY = box.y + 1
        visible = min(rows.count, height - 2)
        let selection = state.overlaySelection ?? 0
        top = max(0, min(selection - visible + 1, rows.count - visible))
    }

    /// The list index at a cell, if a row is there.
    public func row(atX x: Int, y: Int, count: Int) -> Int? {
        guard box.contains(x: x, y: y), y >= rowsY, y < rowsY + visible else { return nil }
        let i = top + y - rowsY
        return i < count ? i : nil
    }
}

/// The Lists overlay `L` opens (SPEC §8): `NAME  n to buy` in the lists' order, `*` on the list
/// on show; and the picker `m` opens, the same rows without the list on show.
public enum ListsOverlayView {
    static func title(_ state: AppState, strings: Strings) -> String {
        if case .moveItem(let id)? = state.listsOverlay?.purpose {
            return strings.format(.moveToTitle, ["name": state.model.items[id]?.name ?? ""])
        }
        return strings[.listsTitle]
    }

    static func count(_ list: ShoppingList, strings: Strings) -> String {
        strings.format(.listRowCount, ["count": String(list.counts.toBuy)])
    }

    /// Cells a row needs: the mark between spaces, the name, two spaces and the count.
    static func rowWidth(_ list: ShoppingList, strings: Strings) -> Int {
        3 + DisplayWidth.of(SafeText.sanitize(list.name)) + 2 + DisplayWidth.of(count(list, strings: strings))
    }

    public static func render(_ state: AppState, strings: Strings, into buffer: inout ScreenBuffer) {
        guard let overlay = state.listsOverlay else { return }
        let layout = ListsOverlayLayout(state, strings: strings)
        let box = layout.box
        guard box.width > 6, box.height > 2 else { return }
        buffer.fill(box, style: Style(.help))
        drawBorder(box, into: &buffer)
        buffer.write(" " + title(state, strings: strings) + " ", x: box.x + 2, y: box.y, maxWidth: box.width - 4,
                     style: Style(.helpTitle))
        let rows = state.overlayLists
        let selection = state.overlaySelection
        let inner = box.width - 2
        for (n, list) in rows.dropFirst(layout.top).prefix(layout.visible).enumerated() {
            let y = layout.rowsY + n
            let selected = layout.top + n == selection
            let style = selected ? Style(.normal, selected: true) : Style(.help)
            if selected { buffer.fill(Rect(x: box.x + 1, y: y, width: inner, height: 1), style: style) }
            let counts = count(list, strings: strings)
            let countWidth = DisplayWidth.of(counts)
            let mark = overlay.purpose == .manage && list.id == state.model.listID ? "*" : " "
            buffer.write(mark, x: box.x + 2, y: y, style: style)
            buffer.write(SafeText.sanitize(list.name), x: box.x + 4, y: y, maxWidth: max(1, inner - 6 - countWidth), style: style)
            buffer.write(counts, x: box.maxX - 2 - countWidth, y: y, style: selected ? style : Style(.dim))
        }
    }

    static func drawBorder(_ box: Rect, into buffer: inout ScreenBuffer) {
        let line = String(repeating: "─", count: box.width - 2)
        buffer.write("┌" + line + "┐", x: box.x, y: box.y, style: Style(.dim))
        buffer.write("└" + line + "┘", x: box.x, y: box.maxY - 1, style: Style(.dim))
        for y in (box.y + 1)..<(box.maxY - 1) {
            buffer.write("│", x: box.x, y: y, style: Style(.dim))
            buffer.write("│", x: box.maxX - 1, y: y, style: Style(.dim))
        }
    }
}
