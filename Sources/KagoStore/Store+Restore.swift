import KagoState

extension Store {
    /// Makes every row of `target` look exactly like its `after` (nil: the row is deleted),
    /// provided the database still holds every row as its `before`: undo and redo put back
    /// only what this session left, never over a change another process (or a sync) made.
    /// Rows carry their list, so a change across lists (a move, a merge, a removed list) is
    /// put back whole, whichever list the store works on.
    ///
    /// Deletions go first, items before categories, then insertions and updates, lists before
    /// categories before items, so foreign keys hold at every step; a list goes last, once
    /// nothing is left on it.
    /// - Throws: `.changedElsewhere` when a row differs from `before`, or the restore would
    ///   touch a row outside `target` (another process's item filed under a category the undo
    ///   removes, or put on a list it removes); nothing is written then.
    func restore(_ target: ChangeSet, into changes: inout ChangeRecorder) throws {
        for change in target.items where try fetchItemOnAnyList(change.id) != change.before { throw StoreError.changedElsewhere }
        for change in target.categories where try fetchCategoryOfAnyList(change.id) != change.before {
            throw StoreError.changedElsewhere
        }
        for change in target.lists where try fetchListRow(change.id) != change.before { throw StoreError.changedElsewhere }
        for change in target.purchases where try fetchPurchaseOnAnyList(change.id) != change.before {
            throw StoreError.changedElsewhere
        }
        for change in target.items where change.after == nil {
            try deleteItem(change.id)
            changes.items.record(change.id, before: change.before, after: nil)
        }
        for change in target.categories where change.after == nil {
            try deleteCategory(change.before!, into: &changes)
        }
        for change in target.lists {
            guard let after = change.after else { continue }
            if try fetchLists().contains(where: { $0.name.matchKey == after.name.matchKey && $0.id != after.id }) {
                throw StoreError.refused("cannot restore list \(after.name): another list has that name")
            }
            try writeList(after)
            changes.lists.record(after.id, before: change.before, after: after)
        }
        for change in target.categories {
            guard let after = change.after else { continue }
            // Only another process can have taken the name since; merging behind the user's
            // back would be a surprise, so the undo is refused instead.
            if let other = try onList(after.listID, { try fetchCategory(named: after.name) }), other.id != after.id {
                throw StoreError.refused("cannot restore category \(after.name): another category has that name")
            }
            try writeCategory(after)
            changes.categories.record(after.id, before: change.before, after: after)
        }
        for change in target.items {
            guard var after = change.after else { continue }
            // A category deleted by another kago since: the item comes back uncategorised
            // rather than failing the whole undo on the foreign key.
            if let categoryID = after.categoryID, try fetchCategoryOfAnyList(categoryID) == nil {
                after.categoryID = nil
            }
            try writeItem(after)
            changes.items.record(after.id, before: change.before, after: after)
        }
        // Last, once the items a merge moved back are off it.
        for change in target.lists where change.after == nil {
            let left = try db.integer("SELECT (SELECT count(*) FROM items WHERE list_id = ?1) + (SELECT count(*) FROM categories WHERE list_id = ?1)",
                                      .integer(change.id))
            if left != 0 { throw StoreError.changedElsewhere }
            try dropList(change.before!, into: &changes)
        }
        try restorePurchases(target.purchases, into: &changes)
        let touched = (items: Set(target.items.map(\.id)), categories: Set(target.categories.map(\.id)))
        let recorded = changes.changeSet
        guard recorded.items.allSatisfy({ touched.items.contains($0.id) }),
              recorded.categories.allSatisfy({ touched.categories.contains($0.id) }) else {
            throw StoreError.changedElsewhere
        }
        try restoreLearned(target.learned, into: &changes)
    }

    /// Writes purchases back as recorded. One brought back was made in this session (only
    /// those are ever forgotten), so an uncheck after the redo forgets it again.
    private func restorePurchases(_ target: [RowChange<Purchase>], into changes: inout ChangeRecorder) throws {
        for change in target {
            if let after = change.after {
                try writePurchase(after)
                if change.before == nil { sessionPurchases.insert(after.id) }
            } else {
                try deletePurchase(change.id)
                sessionPurchases.remove(change.id)
            }
            changes.purchases.record(change.id, before: change.before, after: change.after)
        }
    }

    /// Puts back the remembered names a change touched, each only where it is still as this
    /// session left it: they are a memory, so one taught elsewhere since wins without blocking.
    private func restoreLearned(_ target: [RowChange<LearnedName>], into changes: inout ChangeRecorder) throws {
        for change in target where try Learned.fetch(id: change.id, in: db) == change.before {
            if let after = change.after {
                // The key may have been taken by a new row meanwhile (another process).
                if let other = try Learned.fetch(key: after.key, list: after.listID, in: db), other.id != change.id { continue }
                try Learned.write(after, id: change.id, in: db)
            } else {
                try Learned.delete(id: change.id, in: db)
            }
            changes.learned.record(change.id, before: change.before, after: change.after)
        }
    }
}
