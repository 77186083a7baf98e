/// Moves one row of an ordered table (categories in the store walk, lists) `offset` places,
/// clamped at the ends.
///
/// The moved rows trade position values, so a one-place move changes two rows; should
/// positions ever tie (hand-edited files), they are renumbered 0, 1, 2… instead.
/// - Returns: the rows whose position changed, with their new positions; empty when the row
///   is already at that end.
public func reordered<Row: Equatable>(_ order: [Row], moving from: Int, by offset: Int,
                                      position: WritableKeyPath<Row, Int>) -> [Row] {
    let to = min(max(from + offset, 0), order.count - 1)
    guard to != from else { return [] }
    let positions = order.map { $0[keyPath: position] }
    let distinct = Set(positions).count == positions.count
    var moved = order
    moved.insert(moved.remove(at: from), at: to)
    return moved.enumerated().compactMap { index, row in
        var after = row
        after[keyPath: position] = distinct ? positions[index] : index
        return after == row ? nil : after
    }
}
