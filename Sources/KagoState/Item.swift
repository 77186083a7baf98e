/// One entry of the shopping list, to buy or purchased.
public struct Item: Equatable, Hashable, Sendable, Identifiable {
    /// Stable id assigned by the store; never reused.
    public var id: Int64
    public var name: String
    /// Quantity as written, normalised: `"2"` for `x2`/`×2`, `"500g"` for a number with a unit.
    public var quantity: String?
    public var note: String?
    public var createdAt: Timestamp
    /// The list it is on (SPEC §8); a move to another list changes only this.
    public var listID: Int64
    // The optional numbers are stored with the lowest value standing for "none": an optional
    // 64-bit number takes 16 bytes in a struct, and kago holds every item of a list at once.
    private var categoryIDOrMin: Int64
    private var dateOrdinalOrMin: Int
    private var purchasedAtOrMin: Timestamp

    /// Id of the item's category, or nil when uncategorised.
    public var categoryID: Int64? {
        get { categoryIDOrMin == .min ? nil : categoryIDOrMin }
        set { categoryIDOrMin = newValue ?? .min }
    }

    /// The day the user plans to buy it.
    public var date: Day? {
        get { dateOrdinalOrMin == .min ? nil : Day(ordinal: dateOrdinalOrMin) }
        set { dateOrdinalOrMin = newValue?.ordinal ?? .min }
    }

    /// When it was checked off; nil while it is still to buy.
    public var purchasedAt: Timestamp? {
        get { purchasedAtOrMin == .min ? nil : purchasedAtOrMin }
        set { purchasedAtOrMin = newValue ?? .min }
    }

    public init(id: Int64, name: String, quantity: String? = nil, categoryID: Int64? = nil,
                date: Day? = nil, note: String? = nil, createdAt: Timestamp, purchasedAt: Timestamp? = nil,
                listID: Int64 = 1) {
        self.id = id
        self.listID = listID
        self.name = name
        self.quantity = quantity
        self.note = note
        self.createdAt = createdAt
        categoryIDOrMin = categoryID ?? .min
        dateOrdinalOrMin = date?.ordinal ?? .min
        purchasedAtOrMin = purchasedAt ?? .min
    }

    /// Whether the item has been checked off.
    public var isPurchased: Bool { purchasedAtOrMin != .min }
}

/// A store-walk category; `position` orders the Categories screen and the category sort.
public struct Category: Equatable, Hashable, Sendable, Identifiable {
    public var id: Int64
    public var name: String
    public var position: Int
    /// The list it belongs to: each list has its own categories and store walk.
    public var listID: Int64

    public init(id: Int64, name: String, position: Int, listID: Int64 = 1) {
        self.id = id
        self.name = name
        self.position = position
        self.listID = listID
    }

    /// Whether a name is the fixed "Uncategorised" row's, in either language, any case or
    /// width: a real category by that name would show two such headers.
    public static func isReserved(_ name: String) -> Bool {
        ["uncategorised", "uncategorized", "未分類"].contains(String(name.trimmingWhitespace()).matchKey)
    }
}

/// What the user typed for an item, before the store gives it an id.
public struct ItemDraft: Equatable, Sendable {
    public var name: String
    public var quantity: String?
    /// Category by name (matched case-insensitively by the store, created if new).
    public var category: String?
    public var date: Day?
    public var note: String?

    public init(name: String, quantity: String? = nil, category: String? = nil, date: Day? = nil, note: String? = nil) {
        self.name = name
        self.quantity = quantity
        self.category = category
        self.date = date
        self.note = note
    }

    /// This draft's fields that differ from `opened` (what the user changed), over `current`
    /// for the rest (the item as it is now).
    public func changes(since opened: ItemDraft, over current: ItemDraft) -> ItemDraft {
        func pick<T: Equatable>(_ field: KeyPath<ItemDraft, T>) -> T {
            self[keyPath: field] != opened[keyPath: field] ? self[keyPath: field] : current[keyPath: field]
        }
        return ItemDraft(name: pick(\.name), quantity: pick(\.quantity), category: pick(\.category), date: pick(\.date),
                         note: pick(\.note))
    }
}

extension String {
    /// Case-insensitive key used for matching names and categories: full-width Latin letters and
    /// digits fold to ASCII (`ｍｉｌｋ` matches `milk`), then everything is lower-cased.
    public var matchKey: String {
        // Most names are their own key (lower-case ASCII, kana, kanji, emoji) and come back as
        // they are, and ASCII is lower-cased byte by byte: `lowercased()` costs thousands of
        // instructions a name, and Due again folds every name on To buy once.
        if unicodeScalars.allSatisfy(\.isCaseless) { return self }
        // Only ASCII capitals to lower: their bytes alone (a longer character's are all ≥ 0x80).
        if unicodeScalars.allSatisfy({ $0.isCaseless || ($0.value >= 0x41 && $0.value <= 0x5A) }) {
            return String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return foldFullWidth(self).lowercased()
    }
}

extension Unicode.Scalar {
    /// Whether lower-casing and full-width folding leave it as it is, for the blocks names are
    /// mostly written in (a conservative table: anything else is folded the long way).
    var isCaseless: Bool {
        switch value {
        case 0..<0x41, 0x5B..<0x80, 0xA0...0xBF, 0xD7, 0xF7, 0x2000...0x20FF, 0x2190...0x23FF, 0x2500...0x2BFF, 0x3000...0x9FFF, 0xAC00...0xD7AF,
             0xFE00...0xFE0F, 0xFF5F...0xFFEF, 0x1F000...0x1FAFF:
            return true
        default:
            return false
        }
    }
}

/// How a quantity is shown: a bare count reads `×2` (`×1.5`), a measure reads as written (`500g`).
public func displayQuantity(_ q: String?) -> String {
    guard let q, !q.isEmpty else { return "" }
    return QuickAdd.isPlainNumber(Substring(q)) ? "×" + q : q
}
