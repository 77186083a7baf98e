/// Which cells of a frame must be sent to the terminal again: the frame diff, pure so that it
/// is tested without a terminal (the backend draws exactly these spans).
public enum FrameDiff {
    /// The cells of one row to draw again.
    public struct Span: Equatable, Sendable {
        public var y: Int
        public var columns: ClosedRange<Int>

        public init(y: Int, columns: ClosedRange<Int>) {
            self.y = y
            self.columns = columns
        }
    }

    /// Per row, the span from the first to the last cell that differs (text or style) from the
    /// frame on screen, widened to the start of a wide character it cuts into.
    /// - Parameter previous: the frame on screen; nil, or one of another size, means every row.
    public static func spans(from previous: ScreenBuffer?, to next: ScreenBuffer) -> [Span] {
        let known = previous.flatMap { $0.width == next.width && $0.height == next.height ? $0 : nil }
        var spans: [Span] = []
        for y in 0..<next.height where next.width > 0 {
            var first = -1, last = -1
            for x in 0..<next.width where known == nil || known![x, y] != next[x, y] {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            while first > 0 && next[first, y].isContinuation { first -= 1 }
            spans.append(Span(y: y, columns: first...last))
        }
        return spans
    }
}
