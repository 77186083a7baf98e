import KagoState

extension Store {
    /// Makes every row of `target` look exactly like its `after` (nil: the row is deleted),
    /// provided the database still holds every row as its `before`: undo and redo put back
    /// only what this session left, never over a change another process (or a sync) made.
    ///
    /// Deletions go first, items before categories, then insertions, categories before items,
    /// so foreign keys hold at every step.
    /// - Throws: `.changedElsewhere` when a row differs from `before`, or the restore would
    ///   touch a row outside `target` (another process's item filed under a category the undo
    ///   removes); nothing is written then.
    func restore(_ target: ChangeSet, into changes: inout ChangeRecorder) throws {
        for change in target.items where try fetchItem(change.id) != change.before { throw StoreError.changedElsewhere }
        for change in target.categories where try fetchCategory(change.id) != change.before {
            throw StoreError.changedElsewhere
        }
        for change in target.items where change.after == nil {
            try deleteItem(change.id)
            changes.items.record(change.id, before: change.before, after: nil)
        }
        for change in target.categories where change.after == nil {
            try deleteCategory(change.before!, into: &changes)
        }
        for change in target.categories {
            guard let after = change.after else { continue }
            // Only another process can have taken the name since; merging behind the user's
            // back would be a surprise, so the undo is refused instead.
            if let other = try fetchCategory(named: after.name), other.id != after.id {
                throw StoreError.refused("cannot restore category \(after.name): another category has that name")
            }
            try writeCategory(after)
            changes.categories.record(after.id, before: change.before, after: after)
        }
        for change in target.items {
            guard var after = change.after else { continue }
            // A category deleted by another kago since: the item comes back uncategorised
            // rather than failing the whole undo on the foreign key.
            if let categoryID = after.categoryID, try fetchCategory(categoryID) == nil {
                after.categoryID = nil
            }
            try writeItem(after)
            changes.items.record(after.id, before: change.before, after: after)
        }
        let touched = (items: Set(target.items.map(\.id)), categories: Set(target.categories.map(\.id)))
        let recorded = changes.changeSet
        guard recorded.items.allSatisfy({ touched.items.contains($0.id) }),
              recorded.categories.allSatisfy({ touched.categories.contains($0.id) }) else {
            throw StoreError.changedElsewhere
        }
        try restoreLearned(target.learned, into: &changes)
    }

    /// Puts back the remembered names a change touched, each only where it is still as this
    /// session left it: they are a memory, so one taught elsewhere since wins without blocking.
    private func restoreLearned(_ target: [RowChange<LearnedName>], into changes: inout ChangeRecorder) throws {
        for change in target where try Learned.fetch(id: change.id, in: db) == change.before {
            if let after = change.after {
                // The key may have been taken by a new row meanwhile (another process).
                if let other = try Learned.fetch(key: after.key, in: db), other.id != change.id { continue }
                try Learned.write(after, id: change.id, in: db)
            } else {
                try Learned.delete(id: change.id, in: db)
            }
            changes.learned.record(change.id, before: change.before, after: change.after)
        }
    }
}
