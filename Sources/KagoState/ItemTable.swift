/// Items by id. The store hands ids out in sequence and never reuses them, so they are kept in
/// an array indexed by id while that stays dense (a dictionary of a million items takes more
/// than twice the room: its buckets are a power of two and at most three quarters full); ids
/// the array would have to stretch far to reach go in a dictionary beside it.
public struct ItemTable: Equatable, Sendable {
    /// The id of `slots[0]`.
    private var base: Int64 = 0
    private var slots: [Item?] = []
    private var spread: [Int64: Item] = [:]
    public private(set) var count = 0

    public init() {}

    /// A table of these items; a later item wins over an earlier one with the same id.
    public init(_ items: some Sequence<Item>) {
        for item in items { self[item.id] = item }
    }

    /// Makes room for `n` items.
    public mutating func reserveCapacity(_ n: Int) { slots.reserveCapacity(n) }

    public subscript(id: Int64) -> Item? {
        get {
            if let i = index(id) { return slots[i] }
            return spread.isEmpty ? nil : spread[id]
        }
        set {
            if let i = index(id) {
                count += (newValue == nil ? 0 : 1) - (slots[i] == nil ? 0 : 1)
                slots[i] = newValue
            } else if newValue != nil, slots.isEmpty, spread.isEmpty {
                base = id
                slots = [newValue]
                count = 1
            } else if newValue != nil, id >= base + Int64(slots.count), spread[id] == nil,
                      id - base < Int64(Swift.max(2 * count, slots.count + 1024)) {
                // Past the end but near: the gap stays small against the items held.
                slots.append(contentsOf: repeatElement(nil, count: Int(id - base) - slots.count))
                slots.append(newValue)
                count += 1
            } else {
                count += (newValue == nil ? 0 : 1) - (spread[id] == nil ? 0 : 1)
                spread[id] = newValue
            }
        }
    }

    private func index(_ id: Int64) -> Int? {
        let i = id &- base
        return i >= 0 && i < Int64(slots.count) ? Int(i) : nil
    }

    /// Every item: those in the array in id order, then the others in no order.
    public var values: Values { Values(slots: slots, spread: spread) }

    /// The items of a table, as a sequence.
    public struct Values: Sequence {
        let slots: [Item?]
        let spread: [Int64: Item]

        public struct Iterator: IteratorProtocol {
            var slots: IndexingIterator<[Item?]>
            var spread: Dictionary<Int64, Item>.Values.Iterator

            public mutating func next() -> Item? {
                while let slot = slots.next() {
                    if let item = slot { return item }
                }
                return spread.next()
            }
        }

        public func makeIterator() -> Iterator { Iterator(slots: slots.makeIterator(), spread: spread.values.makeIterator()) }
    }

    /// Every id held.
    public var ids: [Int64] { values.map(\.id) }

    public static func == (a: ItemTable, b: ItemTable) -> Bool {
        a.count == b.count && a.values.allSatisfy { b[$0.id] == $0 }
    }
}
