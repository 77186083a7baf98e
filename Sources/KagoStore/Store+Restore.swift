import KagoState

extension Store {
    /// Makes every row of `target` look exactly like its `after` (nil: the row is deleted).
    ///
    /// Deletions go first, items before categories, then insertions, categories before items,
    /// so foreign keys hold at every step. The recorder sees the rows as they are now, which
    /// may differ from `target`'s `before` when another kago changed them meanwhile.
    func restore(_ target: ChangeSet, into changes: inout ChangeRecorder) throws {
        for change in target.items where change.after == nil {
            guard let before = try fetchItem(change.id) else { continue }
            try deleteItem(change.id)
            changes.items.record(change.id, before: before, after: nil)
        }
        for change in target.categories where change.after == nil {
            guard let before = try fetchCategory(change.id) else { continue }
            try deleteCategory(before, into: &changes)
        }
        for change in target.categories {
            guard let after = change.after else { continue }
            // Only another process can have taken the name since; merging behind the user's
            // back would be a surprise, so the undo is refused instead.
            if let other = try fetchCategory(named: after.name), other.id != after.id {
                throw StoreError.refused("cannot restore category \(after.name): another category has that name")
            }
            let before = try fetchCategory(after.id)
            try writeCategory(after)
            changes.categories.record(after.id, before: before, after: after)
        }
        for change in target.items {
            guard var after = change.after else { continue }
            // A category deleted by another kago since: the item comes back uncategorised
            // rather than failing the whole undo on the foreign key.
            if let categoryID = after.categoryID, try fetchCategory(categoryID) == nil {
                after.categoryID = nil
            }
            let before = try fetchItem(after.id)
            try writeItem(after)
            changes.items.record(after.id, before: before, after: after)
        }
    }
}
