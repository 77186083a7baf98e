import KagoState

/// Collects the rows one transaction touches into a ChangeSet.
///
/// A row touched twice keeps its first `before` and its last `after`, and rows that end as
/// they began are dropped, so the ChangeSet is exactly what undo has to put back.
struct ChangeRecorder {
    var items = Log<Item>()
    var categories = Log<Category>()
    var learned = Log<LearnedName>()
    var lists = Log<ShoppingList>()
    var purchases = Log<Purchase>()

    var changeSet: ChangeSet {
        ChangeSet(items: items.changes, categories: categories.changes, learned: learned.changes, lists: lists.changes,
                  purchases: purchases.changes)
    }

    /// The changes to one table, in the order rows were first touched.
    struct Log<Row: Equatable & Sendable> {
        private var entries: [RowChange<Row>] = []
        private var index: [Int64: Int] = [:]

        mutating func record(_ id: Int64, before: Row?, after: Row?) {
            if let i = index[id] {
                entries[i].after = after
            } else {
                index[id] = entries.count
                entries.append(RowChange(id: id, before: before, after: after))
            }
        }

        var changes: [RowChange<Row>] { entries.filter { $0.before != $0.after } }
    }
}
