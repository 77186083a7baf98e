/// A list kept in memory: each command changes rows as `Store.perform` does and returns them as
/// a change set (a row touched twice keeps its first `before` and its last `after`; rows that
/// end as they began are left out). Ids are never reused.
public struct MemoryStore: ListStore, Equatable, Sendable {
    /// Why a command changed nothing.
    public enum Refusal: Error, Equatable {
        /// The command cannot be carried out (an empty name, an item that is gone).
        case refused
        /// An undo or redo whose rows another writer has changed since.
        case changedElsewhere
    }

    public typealias Failure = Refusal

    public private(set) var items: [Int64: Item] = [:]
    public private(set) var categories: [Int64: Category] = [:]
    private var lastItemID: Int64 = 0
    private var lastCategoryID: Int64 = 0
    private var itemLog: [RowChange<Item>] = []
    private var categoryLog: [RowChange<Category>] = []
    /// Purchased items numbered in check order, as the database's triggers number them.
    public private(set) var checkOrder: [Int64: Int] = [:]
    private var checks = 0
    /// Set by a restore whose rows had changed since (nothing is written then).
    private var changedElsewhere = false

    public init() {}

    /// The data as kago reads it at start-up or after another process changed it.
    public func load() -> Snapshot {
        let rows = items.values.sorted { $0.id < $1.id }
        return Snapshot(items: rows, categories: categories.values.sorted { $0.id < $1.id },
                        knownNames: rows.reversed().map(\.name), checkOrder: checkOrder)
    }

    /// Carries out a command in one "transaction": all of it, or nothing and an error.
    public mutating func perform(_ command: Command, now: Timestamp) throws(Refusal) -> ChangeSet {
        let saved = (items, categories, lastItemID, lastCategoryID)
        itemLog = []
        categoryLog = []
        changedElsewhere = false
        let done = carryOut(command, now: now)
        guard done, !changedElsewhere else {
            (items, categories, lastItemID, lastCategoryID) = saved
            throw done ? .changedElsewhere : .refused
        }
        let changes = ChangeSet(items: itemLog.filter { $0.before != $0.after },
                                categories: categoryLog.filter { $0.before != $0.after })
        for change in changes.items where change.after?.isPurchased == true && change.before?.isPurchased != true {
            checks += 1
            checkOrder[change.id] = checks
        }
        return changes
    }

    private mutating func carryOut(_ command: Command, now: Timestamp) -> Bool {
        switch command {
        case .addAll(let drafts):
            return drafts.allSatisfy { carryOut(.add($0), now: now) }
        case .add(let draft):
            guard named(draft.name) else { return false }
            lastItemID += 1
            let category = nonEmpty(draft.category).map { ensureCategory($0) }
            put(item: Item(id: lastItemID, name: draft.name, quantity: nonEmpty(draft.quantity), categoryID: category?.id,
                           date: draft.date, note: nonEmpty(draft.note), createdAt: now))
        case .edit(let id, let draft):
            guard var item = items[id], named(draft.name) else { return false }
            item.name = draft.name
            item.quantity = nonEmpty(draft.quantity)
            item.categoryID = nonEmpty(draft.category).map { ensureCategory($0).id }
            item.date = draft.date
            item.note = nonEmpty(draft.note)
            put(item: item)
        case .setPurchased(let ids, let purchased):
            for id in ids {
                guard var item = items[id], item.isPurchased != purchased else { continue }
                item.purchasedAt = purchased ? now : nil
                put(item: item)
            }
        case .delete(let ids):
            for id in ids where items[id] != nil { Self.record(&itemLog, &items, id, nil) }
        case .clearPurchased:
            for id in items.keys.sorted() where items[id]!.isPurchased { Self.record(&itemLog, &items, id, nil) }
        case .addCategory(let name):
            guard named(name) else { return false }
            _ = ensureCategory(name)
        case .renameCategory(let id, let name):
            guard named(name), var renamed = categories[id] else { return false }
            if let other = category(named: name), other.id != id {
                // Onto another category's name: merge into that one.
                for var item in itemsIn(id) {
                    item.categoryID = other.id
                    put(item: item)
                }
                delete(renamed)
            } else if renamed.name != name {
                renamed.name = name
                put(category: renamed)
            }
        case .deleteCategory(let id):
            if let category = categories[id] { delete(category) }
        case .moveCategory(let id, let offset):
            let order = categories.values.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
            guard let from = order.firstIndex(where: { $0.id == id }) else { return false }
            for category in reordered(order, moving: from, by: offset, position: \.position) { put(category: category) }
        case .restore(let target):
            return restore(target)
        case .addList, .renameList, .removeList, .moveList, .moveItems:
            // One list in memory (the practice list): there is no other to make or move to.
            return false
        case .hideDue:
            // The practice list keeps no purchase history, so nothing is ever due again.
            return false
        }
        return true
    }

    /// As `Store.restore`: only rows still as `before`, touching nothing outside `target`.
    private mutating func restore(_ target: ChangeSet) -> Bool {
        guard target.items.allSatisfy({ items[$0.id] == $0.before }),
              target.categories.allSatisfy({ categories[$0.id] == $0.before }) else {
            changedElsewhere = true
            return true
        }
        defer {
            let ids = (Set(target.items.map(\.id)), Set(target.categories.map(\.id)))
            if !itemLog.allSatisfy({ ids.0.contains($0.id) || $0.before == $0.after })
                || !categoryLog.allSatisfy({ ids.1.contains($0.id) || $0.before == $0.after }) {
                changedElsewhere = true
            }
        }
        for change in target.items where change.after == nil && items[change.id] != nil {
            Self.record(&itemLog, &items, change.id, nil)
        }
        for change in target.categories where change.after == nil {
            if let category = categories[change.id] { delete(category) }
        }
        for change in target.categories {
            guard let after = change.after else { continue }
            if let other = category(named: after.name), other.id != after.id { return false }
            put(category: after)
        }
        for change in target.items {
            guard var after = change.after else { continue }
            if let id = after.categoryID, categories[id] == nil { after.categoryID = nil }
            put(item: after)
        }
        return true
    }

    // MARK: Rows

    private func named(_ name: String) -> Bool { !name.allSatisfy(\.isWhitespace) }

    private func nonEmpty(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }

    private func category(named name: String) -> Category? {
        categories.values.sorted { $0.id < $1.id }.first { $0.name.matchKey == name.matchKey }
    }

    private func itemsIn(_ categoryID: Int64) -> [Item] {
        items.values.filter { $0.categoryID == categoryID }.sorted { $0.id < $1.id }
    }

    private mutating func ensureCategory(_ name: String) -> Category {
        if let existing = category(named: name) { return existing }
        lastCategoryID += 1
        let created = Category(id: lastCategoryID, name: name, position: (categories.values.map(\.position).max() ?? -1) + 1)
        put(category: created)
        return created
    }

    /// Deletes a category, its items becoming uncategorised (each recorded, for undo).
    private mutating func delete(_ category: Category) {
        for var item in itemsIn(category.id) {
            item.categoryID = nil
            put(item: item)
        }
        Self.record(&categoryLog, &categories, category.id, nil)
    }

    private mutating func put(item: Item) { Self.record(&itemLog, &items, item.id, item) }

    private mutating func put(category: Category) { Self.record(&categoryLog, &categories, category.id, category) }

    /// Writes a row (nil deletes it) and logs it.
    private static func record<Row>(_ log: inout [RowChange<Row>], _ table: inout [Int64: Row], _ id: Int64, _ row: Row?) {
        if let i = log.firstIndex(where: { $0.id == id }) {
            log[i].after = row
        } else {
            log.append(RowChange(id: id, before: table[id], after: row))
        }
        table[id] = row
    }
}

