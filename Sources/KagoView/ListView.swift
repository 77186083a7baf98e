import KagoState

/// Column widths of an item row; narrower terminals drop the category column.
struct ItemColumns {
    var name: Int
    var quantity: Int
    var category: Int
    var date: Int

    /// Widths for a row `width` cells wide (after the checkbox).
    init(width: Int, showCategory: Bool, dateWidth: Int) {
        // Wide enough on a roomy terminal for Japanese counters: `12ロール`, `2パック`.
        quantity = width >= 70 ? 8 : width >= 50 ? 6 : 5
        category = showCategory && width >= 50 ? (width >= 70 ? 12 : 9) : 0
        date = dateWidth
        let fixed = 5 + (quantity + 2) + (category > 0 ? category + 2 : 0) + (date + 2) + 1
        name = max(4, width - fixed)
    }
}

/// The three list screens: To buy, Purchased and Categories (SPEC §4). Only visible rows are drawn.
public enum ListView {
    /// The scroll offset the view uses: the state's, corrected so the selection is visible
    /// (the list area shrinks while the input line is open).
    static func scroll(_ list: ListState, height: Int) -> Int {
        var s = list.scroll
        if list.selection >= s + height { s = list.selection - height + 1 }
        if list.selection < s { s = list.selection }
        return max(0, s)
    }

    /// Draws one screen of a list into `area`.
    public static func render(_ model: ListModel, screen: Screen, clock: LocalClock, in area: Rect, strings: Strings,
                              into buffer: inout ScreenBuffer) {
        let list = model.screens[screen]!
        guard area.height > 0 else { return }
        if list.rows.isEmpty {
            let key: StringKey
            if !list.filter.isEmpty || (screen == .toBuy && model.scope != nil) {
                key = .noMatches
            } else {
                switch screen {
                case .toBuy: key = .emptyToBuy
                case .purchased: key = .emptyPurchased
                case .categories: key = .emptyCategories
                }
            }
            let lines = TextWrap.lines(strings[key], width: area.width - 2)
            var y = area.y + max(0, (area.height - lines.count) / 2)
            for line in lines.prefix(area.height) {
                buffer.writeCentered(line, y: y, in: area, style: Style(.dim))
                y += 1
            }
            return
        }
        let top = scroll(list, height: area.height)
        let columns = ItemColumns(width: area.width, showCategory: model.sort != .category || screen != .toBuy,
                                  dateWidth: strings.language == .ja ? 12 : 11)
        let visible = top..<min(list.rows.count, top + area.height)
        let (dueColumns, rhythm) = dueColumns(list.rows[visible].compactMap { row in
            if case .suggestion(let key) = row { return model.dueItem(key) } else { return nil }
        }, width: area.width, strings: strings)
        for i in visible {
            let y = area.y + i - top
            let selected = i == list.selection
            switch list.rows[i] {
            case .header(let g):
                let title = header(g, model: model, strings: strings)
                buffer.write(title, x: area.x + 1, y: y, maxWidth: area.width - 2, style: Style(.header))
            case .item(let id):
                guard let item = model.items[id] else { continue }
                drawItem(item, model: model, clock: clock, columns: columns, x: area.x, y: y, selected: selected, strings: strings,
                         into: &buffer)
            case .category(let id):
                drawCategory(id, index: i, model: model, x: area.x, y: y, width: area.width, selected: selected,
                             strings: strings, into: &buffer)
            case .suggestion(let key):
                guard let due = model.dueItem(key) else { continue }
                drawDue(due, columns: dueColumns, rhythm: rhythm, x: area.x, y: y, selected: selected, strings: strings,
                        into: &buffer)
            }
        }
    }

    /// The fewest cells a Due again row keeps for its name before its rhythm is shortened.
    static let minimumDueNameWidth = 10

    /// The columns of the Due again rows on screen, and the form their rhythms take: the
    /// longest form all of them have room for while the names keep `minimumDueNameWidth`
    /// cells (nil: none fits). Aligned among themselves: their own group, not the items'.
    static func dueColumns(_ shown: [DueItem], width: Int, strings: Strings) -> (ItemColumns, form: Int?) {
        let room = ItemColumns(width: width, showCategory: true, dateWidth: 0).name - minimumDueNameWidth
        for form in 0..<Strings.rhythmForms {
            let widest = shown.map { DisplayWidth.of(strings.rhythm($0, form: form)) }.max() ?? 0
            if widest <= room { return (ItemColumns(width: width, showCategory: true, dateWidth: widest), form) }
        }
        return (ItemColumns(width: width, showCategory: true, dateWidth: 0), nil)
    }

    /// A dimmed row of the Due again group: `+ NAME  QTY  CATEGORY  every 6 days · 8 days ago`.
    static func drawDue(_ due: DueItem, columns c: ItemColumns, rhythm form: Int?, x: Int, y: Int, selected: Bool,
                        strings: Strings, into buffer: inout ScreenBuffer) {
        drawSelectable(checkbox: " + ", name: due.name, checkboxRole: .dim, nameRole: .dim, nameWidth: c.name,
                       x: x, y: y, selected: selected, into: &buffer)
        var col = x + 5 + c.name + 2
        let q = displayQuantity(due.quantity)
        buffer.write(q, x: col + max(0, c.quantity - DisplayWidth.of(q)), y: y, maxWidth: c.quantity, style: Style(.dim))
        col += c.quantity + 2
        if c.category > 0 {
            if let category = due.category { buffer.write(category, x: col, y: y, maxWidth: c.category, style: Style(.dim)) }
            col += c.category + 2
        }
        if let form { buffer.write(strings.rhythm(due, form: form), x: col, y: y, maxWidth: c.date, style: Style(.dim)) }
    }

    static func header(_ g: GroupHeader, model: ListModel, strings: Strings) -> String {
        if case .category(let id?) = g { return model.categoryName(id) ?? strings[.uncategorised] }
        return strings.groupName(g)
    }

    static func drawItem(_ item: Item, model: ListModel, clock: LocalClock, columns c: ItemColumns, x: Int, y: Int, selected: Bool,
                         strings: Strings, into buffer: inout ScreenBuffer) {
        let used = drawSelectable(checkbox: item.isPurchased ? "[x]" : "[ ]", name: item.name,
                                  checkboxRole: item.isPurchased ? .checked : .checkbox, nameWidth: c.name,
                                  x: x, y: y, selected: selected, into: &buffer)
        var col = x + 5
        if let note = item.note, !note.isEmpty, used + 4 < c.name {
            buffer.write("· " + note, x: col + used + 2, y: y, maxWidth: c.name - used - 2, style: Style(.dim))
        }
        col += c.name + 2
        let q = displayQuantity(item.quantity)
        buffer.write(q, x: col + max(0, c.quantity - DisplayWidth.of(q)), y: y, maxWidth: c.quantity, style: Style(.quantity))
        col += c.quantity + 2
        if c.category > 0 {
            if let name = model.categoryName(item.categoryID) {
                buffer.write(name, x: col, y: y, maxWidth: c.category, style: Style(.category))
            }
            col += c.category + 2
        }
        if let t = item.purchasedAt {
            buffer.write(strings.purchaseTime(t, clock: clock), x: col, y: y, maxWidth: c.date, style: Style(.dim))
        } else if let d = item.date {
            let today = clock.today
            let role: Role = d < today ? .overdue : d == today ? .today : .normal
            buffer.write(strings.relativeDate(d, today: today), x: col, y: y, maxWidth: c.date, style: Style(role))
        }
    }

    /// The fewest cells a category name gets before its counts are shortened.
    static let minimumNameWidth = 14

    static func drawCategory(_ id: Int64?, index: Int, model: ListModel, x: Int, y: Int, width: Int, selected: Bool,
                             strings: Strings, into buffer: inout ScreenBuffer) {
        let counts = model.categoryCounts[id] ?? ItemCounts()
        let args = ["toBuy": String(counts.toBuy), "purchased": String(counts.purchased)]
        var countText = strings.format(.categoryCounts, args)
        // The name matters more than the purchased count: narrow rows keep only the to-buy count.
        if width - 8 - DisplayWidth.of(countText) < minimumNameWidth {
            countText = strings.format(.categoryCountsShort, args)
        }
        let countWidth = DisplayWidth.of(countText)
        let name = model.categoryName(id) ?? strings[.uncategorised]
        drawSelectable(checkbox: id == nil ? "" : String(index + 1), name: name, checkboxRole: .dim,
                       nameRole: id == nil ? .dim : .normal, nameWidth: max(0, width - 8 - countWidth),
                       x: x, y: y, selected: selected, into: &buffer)
        buffer.write(countText, x: max(x + 5, x + width - 1 - countWidth), y: y, style: Style(.dim))
    }

    /// Draws the start of a row, its mark (checkbox or number) and name, and returns the
    /// name's width. Only this part carries the selection highlight: moving the selection
    /// then redraws a few cells per row instead of whole rows (about 100 bytes a move).
    @discardableResult
    static func drawSelectable(checkbox: String, name: String, checkboxRole: Role, nameRole: Role = .normal,
                               nameWidth: Int, x: Int, y: Int, selected: Bool, into buffer: inout ScreenBuffer) -> Int {
        let nameX = x + 5
        if selected {
            let end = nameX + min(nameWidth, Glyphs.of(name).totalWidth) + 1
            buffer.fill(Rect(x: x, y: y, width: end - x, height: 1), style: Style(.normal, selected: true))
        }
        buffer.write(checkbox, x: x + 1, y: y, style: Style(checkboxRole, selected: selected))
        return buffer.write(name, x: nameX, y: y, maxWidth: nameWidth, style: Style(nameRole, selected: selected))
    }

    /// The row index under a screen line, if that line shows a row.
    public static func row(atLine y: Int, state: AppState, area: Rect) -> Int? {
        guard area.contains(x: area.x, y: y) else { return nil }
        let i = scroll(state.list, height: area.height) + y - area.y
        return state.list.rows.indices.contains(i) ? i : nil
    }
}
