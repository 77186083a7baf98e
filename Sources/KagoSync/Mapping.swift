import KagoState
import KagoStore

/// Between kago's items and the VTODO fields (SPEC §9), and the field-by-field merge.
public enum Mapping {
    /// An item's fields as a VTODO, written against the base so that what reads back the same
    /// stays as the server had it: `Milk x2` stays `Milk x2`, a phone's second category stays,
    /// a completion keeps its time.
    public static func fields(of item: Item, category: String?, base: TodoFields?) -> TodoFields {
        var summary = Summary.text(name: item.name, quantity: item.quantity)
        if let base, Summary.read(base.summary) == (item.name, item.quantity) { summary = base.summary }
        var categories: [String] = []
        if let category {
            let key = category.matchKey
            let first = base?.categories.first.flatMap { $0.matchKey == key ? $0 : nil } ?? category
            categories = [first] + (base?.categories.dropFirst().filter { $0.matchKey != key } ?? [])
        }
        let completed = item.purchasedAt.map { base?.completed ?? $0 }
        return TodoFields(summary: summary, note: item.note, categories: categories, due: item.date, completed: completed)
    }

    /// The item a VTODO's fields make; nil when kago cannot hold it (no name, over a limit).
    public static func values(of fields: TodoFields) -> SyncValues? {
        let (name, quantity) = Summary.read(fields.summary)
        let category = fields.categories.first
        guard !name.isEmpty, ItemLimits.overlong(name: name, note: fields.note, category: category, quantity: quantity) == nil
        else { return nil }
        // Kept as the server had them: everything kago shows goes through SafeText on the way out.
        return SyncValues(name: name, quantity: quantity, note: fields.note, category: category, date: fields.due,
                          purchasedAt: fields.completed)
    }

    /// Merges both sides' changes against the base, field by field: a field changed on one
    /// side takes that change, on both the newer one (`localNewer`); categories merge as a set.
    /// Without a base every differing field counts as changed on both sides.
    /// - Returns: the merged fields and whether both sides had changed something.
    public static func merge(base: TodoFields?, local: TodoFields, remote: TodoFields, localNewer: Bool) -> (TodoFields, Bool) {
        var localChanged = false, remoteChanged = false
        func pick<T: Equatable>(_ field: KeyPath<TodoFields, T>, same: (T, T) -> Bool = { $0 == $1 }) -> T {
            let l = local[keyPath: field], r = remote[keyPath: field]
            guard let base else {
                if !same(l, r) { localChanged = true; remoteChanged = true }
                return same(l, r) || localNewer ? l : r
            }
            let b = base[keyPath: field]
            let lc = !same(l, b), rc = !same(r, b)
            localChanged = localChanged || lc
            remoteChanged = remoteChanged || rc
            if !lc { return r }
            if !rc || same(l, r) { return l }
            return localNewer ? l : r
        }
        var m = local
        m.summary = pick(\.summary)
        m.note = pick(\.note)
        m.due = pick(\.due)
        m.completed = pick(\.completed, same: { ($0 == nil) == ($1 == nil) })
        if let b = base?.categories {
            let l = local.categories, r = remote.categories
            if l != b { localChanged = true }
            if r != b { remoteChanged = true }
            let keys = { (a: [String]) in Set(a.map(\.matchKey)) }
            let (bk, lk, rk) = (keys(b), keys(l), keys(r))
            // kago's category is the first: changed on both sides, the newer side's comes first.
            let localFirst = l != b && (r == b || localNewer)
            let first = localFirst ? l : r, second = localFirst ? r : l
            var out: [String] = []
            for c in first + second where !out.contains(where: { $0.matchKey == c.matchKey }) {
                let k = c.matchKey
                if (lk.contains(k) && rk.contains(k)) || (lk.contains(k) && !bk.contains(k)) || (rk.contains(k) && !bk.contains(k)) {
                    out.append(c)
                }
            }
            m.categories = out
        } else {
            m.categories = pick(\.categories)
        }
        return (m, localChanged && remoteChanged)
    }
}
