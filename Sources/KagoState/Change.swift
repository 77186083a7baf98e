/// A change the user asked for, carried out by the store inside one transaction.
public enum Command: Equatable, Sendable {
    case add(ItemDraft)
    /// Adds several items in one transaction (one undo step).
    case addAll([ItemDraft])
    /// Replaces name, quantity, category, date and note of an item.
    case edit(id: Int64, ItemDraft)
    case setPurchased(ids: [Int64], Bool)
    case delete(ids: [Int64])
    case clearPurchased
    case addCategory(name: String)
    /// Renames a category; onto an existing name (case-insensitively) it merges into that one.
    case renameCategory(id: Int64, name: String)
    case deleteCategory(id: Int64)
    /// Moves a category one place up (-1) or down (+1) in the store walk.
    case moveCategory(id: Int64, by: Int)
    /// Writes rows back exactly as recorded (undo and redo).
    case restore(ChangeSet)
    /// Adds a list at the end of the lists' order (SPEC §8).
    case addList(name: String)
    /// Renames a list; onto another list's name it merges into that one.
    case renameList(id: Int64, name: String)
    /// Removes a list with its items and categories; one with items only when `force`, never the last.
    case removeList(id: Int64, force: Bool)
    /// Moves a list one place up (-1) or down (+1) in the lists' order.
    case moveList(id: Int64, by: Int)
    /// Moves items to another list, each keeping its category by name.
    case moveItems(ids: [Int64], toList: Int64)
    /// Hides a name from Due again until it is bought again (SPEC §10); `key` is its `matchKey`.
    case hideDue(key: String)
}

/// The rows a committed change touched, before and after; nil means "did not exist".
///
/// Undo writes `before` back and redo writes `after`, so one mechanism serves every change.
/// Rows carry their list, so one change set can span lists (a move, a merge, a removed list).
public struct ChangeSet: Equatable, Sendable {
    public var items: [RowChange<Item>]
    public var categories: [RowChange<Category>]
    /// The remembered names the change touched (keyed by their row id), so undo also puts
    /// back the category a name suggests.
    public var learned: [RowChange<LearnedName>]
    /// The lists the change added, renamed, moved or removed, as stored (`ShoppingList.stored`).
    public var lists: [RowChange<ShoppingList>]
    /// The purchases the change recorded, forgot, hid or moved (SPEC §10).
    public var purchases: [RowChange<Purchase>]

    public init(items: [RowChange<Item>] = [], categories: [RowChange<Category>] = [],
                learned: [RowChange<LearnedName>] = [], lists: [RowChange<ShoppingList>] = [],
                purchases: [RowChange<Purchase>] = []) {
        self.items = items
        self.categories = categories
        self.learned = learned
        self.lists = lists
        self.purchases = purchases
    }

    /// The change that undoes this one.
    public var inverted: ChangeSet {
        ChangeSet(items: items.map(\.inverted), categories: categories.map(\.inverted), learned: learned.map(\.inverted),
                  lists: lists.map(\.inverted), purchases: purchases.map(\.inverted))
    }

    /// Whether the data itself is unchanged: remembered names alone are no change to undo.
    public var isEmpty: Bool { items.isEmpty && categories.isEmpty && lists.isEmpty && purchases.isEmpty }

    /// The part of the change one list sees: rows on other lists count as absent there, so an
    /// item moved away leaves and one moved in arrives.
    public func seen(from listID: Int64) -> ChangeSet {
        func local<Row>(_ changes: [RowChange<Row>], _ list: (Row) -> Int64) -> [RowChange<Row>] {
            changes.compactMap { change in
                let before = change.before.flatMap { list($0) == listID ? $0 : nil }
                let after = change.after.flatMap { list($0) == listID ? $0 : nil }
                return before == nil && after == nil ? nil : RowChange(id: change.id, before: before, after: after)
            }
        }
        return ChangeSet(items: local(items, \.listID), categories: local(categories, \.listID), learned: learned,
                         purchases: local(purchases, \.listID))
    }
}

/// A name kago remembers for completion, with the category it had last, in one list.
public struct LearnedName: Equatable, Sendable {
    /// The name folded for matching (`matchKey`).
    public var key: String
    public var name: String
    public var category: String?
    public var usedAt: Timestamp
    /// The list it was used in: each list learns its own (SPEC §8).
    public var listID: Int64
    /// Whether Tab offers it: not a name deleted right after its add (a typo), whose category
    /// is still remembered; the next use offers it again.
    public var offered: Bool

    public init(key: String, name: String, category: String?, usedAt: Timestamp, listID: Int64 = 1, offered: Bool = true) {
        self.key = key
        self.name = name
        self.category = category
        self.usedAt = usedAt
        self.listID = listID
        self.offered = offered
    }
}

/// One row's state before and after a change.
public struct RowChange<Row: Equatable & Sendable>: Equatable, Sendable {
    public var id: Int64
    public var before: Row?
    public var after: Row?

    public init(id: Int64, before: Row?, after: Row?) {
        self.id = id
        self.before = before
        self.after = after
    }

    /// The same row going back.
    public var inverted: RowChange { RowChange(id: id, before: after, after: before) }
}

/// Everything the screens show, as read from the store.
public struct Snapshot: Equatable, Sendable {
    /// The items by id, the form the state keeps them in: a loaded list is shared with the
    /// state, not copied into it (with 10,000 items a copy is a megabyte more at the peak).
    public var itemsByID: ItemTable
    public var categories: [Category]
    /// Names of items ever added, most recent first, for Tab completion.
    public var knownNames: [String]
    /// Set when `items` is only the first screen of the to-buy list (the first frame is drawn
    /// before the rest is read): how many items the whole list has.
    public var totals: ItemCounts?
    /// The order purchased items were checked in (higher: later), which breaks ties between
    /// purchase times (whole seconds).
    public var checkOrder: [Int64: Int]
    /// The list's purchases by name (SPEC §10), when read with the list; nil: not read (the
    /// store reads them apart, `.historyLoaded`), and a loaded list keeps what it had.
    public var history: PurchaseHistory?

    /// The items in id order.
    public var items: [Item] {
        get { itemsByID.values.sorted { $0.id < $1.id } }
        set { itemsByID = ItemTable(newValue) }
    }

    public init(items: [Item] = [], categories: [Category] = [], knownNames: [String] = [], totals: ItemCounts? = nil,
                checkOrder: [Int64: Int] = [:], history: PurchaseHistory? = nil) {
        self.init(itemsByID: ItemTable(items), categories: categories, knownNames: knownNames, totals: totals,
                  checkOrder: checkOrder, history: history)
    }

    public init(itemsByID: ItemTable, categories: [Category], knownNames: [String], totals: ItemCounts? = nil,
                checkOrder: [Int64: Int] = [:], history: PurchaseHistory? = nil) {
        self.itemsByID = itemsByID
        self.categories = categories
        self.knownNames = knownNames
        self.totals = totals
        self.checkOrder = checkOrder
        self.history = history
    }
}
