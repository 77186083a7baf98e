import KagoState

extension Store {
    /// Carries out one command in one transaction.
    ///
    /// - Returns: every row the command changed, before and after (nil: did not exist); rows
    ///   already in the requested state are not included. Its `inverted` undoes the command.
    /// - Throws: `.refused` when the data does not allow it (an item to edit no longer exists,
    ///   an empty name); `.cannotWrite` / `.unreadable` when the file fails. Nothing is
    ///   written when it throws.
    public func perform(_ command: Command, now: Timestamp) throws(StoreError) -> ChangeSet {
        let restoring = if case .restore = command { true } else { false }
        return try write(followingChecks: !restoring) { changes in
            switch command {
            case .add(let draft): try add(draft, now: now, into: &changes)
            case .addAll(let drafts): for draft in drafts { try add(draft, now: now, into: &changes) }
            case .edit(let id, let draft): try edit(id, draft, now: now, into: &changes)
            case .setPurchased(let ids, let purchased): try setPurchased(ids, purchased, now: now, into: &changes)
            case .delete(let ids): try delete(ids, now: now, into: &changes)
            case .clearPurchased: try delete(fetchItems(where: "purchased_at IS NOT NULL").map(\.id), now: now, into: &changes)
            case .addCategory(let name):
                // Adding a name that exists (in any case) is a no-op: the category the user wants is there.
                _ = try ensureCategory(named: try requireName(name, "a category"), into: &changes)
            case .renameCategory(let id, let name): try renameCategory(id, to: name, into: &changes)
            case .deleteCategory(let id):
                // Already gone (another kago deleted it): the wish is fulfilled.
                if let category = try fetchCategory(id) { try deleteCategory(category, into: &changes) }
            case .moveCategory(let id, let offset): try moveCategory(id, by: offset, into: &changes)
            case .restore(let target): try restore(target, into: &changes)
            case .addList(let name): try addList(named: name, now: now, into: &changes)
            case .renameList(let id, let name): try renameList(id, to: name, into: &changes)
            case .removeList(let id, let force): try removeList(id, force: force, into: &changes)
            case .moveList(let id, let offset): try moveList(id, by: offset, into: &changes)
            case .moveItems(let ids, let target): try moveItems(ids, to: target, into: &changes)
            case .hideDue(let key): try hideDue(key: key, into: &changes)
            }
        }
    }

    private func add(_ draft: ItemDraft, now: Timestamp, into changes: inout ChangeRecorder) throws {
        let name = try requireName(draft.name, "an item")
        try requireWithinLimits(draft)
        // A name bought before, added without a category, gets the one it had last time.
        var categoryName = nonEmpty(draft.category)
        if categoryName == nil { categoryName = try Learned.category(for: name, list: listID, in: db) }
        let category = try categoryName.map { try ensureCategory(named: $0, into: &changes) }
        let item = try insertItem(Item(id: 0, name: name, quantity: nonEmpty(draft.quantity), categoryID: category?.id,
                                       date: draft.date, note: nonEmpty(draft.note), createdAt: now))
        changes.items.record(item.id, before: nil, after: item)
        try Learned.remember(name: name, category: category?.name, usedAt: now, list: listID, in: db, recordingInto: &changes)
    }

    private func edit(_ id: Int64, _ draft: ItemDraft, now: Timestamp, into changes: inout ChangeRecorder) throws {
        guard let before = try fetchItem(id) else { throw StoreError.refused("item \(id) no longer exists") }
        let name = try requireName(draft.name, "an item")
        try requireWithinLimits(draft)
        // No learned lookup: an edit says exactly what the item is, uncategorised included.
        let category = try nonEmpty(draft.category).map { try ensureCategory(named: $0, into: &changes) }
        var after = before
        after.name = name
        after.quantity = nonEmpty(draft.quantity)
        after.categoryID = category?.id
        after.date = draft.date
        after.note = nonEmpty(draft.note)
        try writeItem(after)
        changes.items.record(id, before: before, after: after)
        if before.name.matchKey != name.matchKey { try Learned.forgetTypo(before, now: now, in: db, recordingInto: &changes) }
        try Learned.remember(name: name, category: category?.name, usedAt: now, list: listID, in: db, recordingInto: &changes)
    }

    private func setPurchased(_ ids: [Int64], _ purchased: Bool, now: Timestamp,
                              into changes: inout ChangeRecorder) throws {
        for id in ids {
            // Missing rows were deleted elsewhere; rows already in that state keep their time.
            guard let before = try fetchItem(id), before.isPurchased != purchased else { continue }
            var after = before
            after.purchasedAt = purchased ? now : nil
            try writeItem(after)
            changes.items.record(id, before: before, after: after)
        }
    }

    private func delete(_ ids: [Int64], now: Timestamp, into changes: inout ChangeRecorder) throws {
        for id in ids {
            guard let before = try fetchItem(id) else { continue }
            try deleteItem(id)
            changes.items.record(id, before: before, after: nil)
            try Learned.forgetTypo(before, now: now, in: db, recordingInto: &changes)
        }
    }

    /// Renames a category; onto another category's name it merges: the renamed category's
    /// items move into the existing one and the renamed one goes, so the name the user
    /// already had (and its place in the store walk) wins.
    private func renameCategory(_ id: Int64, to newName: String, into changes: inout ChangeRecorder) throws {
        let name = try requireName(newName, "a category")
        try refuseReserved(name)
        guard let category = try fetchCategory(id) else { throw StoreError.refused("category \(id) no longer exists") }
        if let other = try fetchCategory(named: name), other.id != id {
            for var item in try fetchItems(where: "category_id = ?", [.integer(id)]) {
                let before = item
                item.categoryID = other.id
                try writeItem(item)
                changes.items.record(item.id, before: before, after: item)
            }
            try deleteCategory(category, into: &changes)
            try Learned.renameCategory(from: category.name, to: other.name, list: listID, in: db, recordingInto: &changes)
        } else if category.name != name {
            var renamed = category
            renamed.name = name
            try writeCategory(renamed)
            changes.categories.record(id, before: category, after: renamed)
            try Learned.renameCategory(from: category.name, to: name, list: listID, in: db, recordingInto: &changes)
        }
    }

    /// Moves a category `offset` places along the store walk (`reordered`).
    private func moveCategory(_ id: Int64, by offset: Int, into changes: inout ChangeRecorder) throws {
        let order = try fetchCategories()
        guard let from = order.firstIndex(where: { $0.id == id }) else {
            throw StoreError.refused("category \(id) no longer exists")
        }
        let before = Dictionary(uniqueKeysWithValues: order.map { ($0.id, $0) })
        for after in reordered(order, moving: from, by: offset, position: \.position) {
            try writeCategory(after)
            changes.categories.record(after.id, before: before[after.id], after: after)
        }
    }

    func requireWithinLimits(_ draft: ItemDraft) throws(StoreError) {
        if let field = ItemLimits.overlong(draft) { throw .refused(field.problem) }
    }

    func requireName(_ name: String, _ what: String) throws(StoreError) -> String {
        guard !name.allSatisfy(\.isWhitespace) else { throw .refused("\(what) needs a name") }
        return name
    }

    /// Empty text means "none": nil and "" must not be two different states of a row.
    func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
