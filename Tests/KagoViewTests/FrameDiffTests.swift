import KagoState
import KagoView
import XCTest

/// The frame diff: exactly the cells that changed go to the terminal, wide characters whole.
final class FrameDiffTests: XCTestCase {
    func frame(_ width: Int, _ rows: [String], style: Style = .normal) -> ScreenBuffer {
        var b = ScreenBuffer(width: width, height: rows.count)
        for (y, text) in rows.enumerated() { b.write(text, x: 0, y: y, style: style) }
        return b
    }

    func testAnUnknownFrameOrOneOfAnotherSizeRedrawsEveryRow() {
        let next = frame(4, ["ab", "cd"])
        XCTAssertEqual(FrameDiff.spans(from: nil, to: next), [.init(y: 0, columns: 0...3), .init(y: 1, columns: 0...3)])
        XCTAssertEqual(FrameDiff.spans(from: frame(5, ["ab", "cd"]), to: next).count, 2)
    }

    func testOnlyTheChangedSpanOfAChangedRow() {
        let before = frame(8, ["abcdefgh", "same"])
        XCTAssertEqual(FrameDiff.spans(from: before, to: before), [])
        XCTAssertEqual(FrameDiff.spans(from: before, to: frame(8, ["abXdeYgh", "same"])), [.init(y: 0, columns: 2...5)])
    }

    func testTheLastCellAndAStyleAloneCount() {
        let before = frame(4, ["abcd"])
        XCTAssertEqual(FrameDiff.spans(from: before, to: frame(4, ["abcX"])), [.init(y: 0, columns: 3...3)])
        XCTAssertEqual(FrameDiff.spans(from: before, to: frame(4, ["abcd"], style: Style(.header))),
                       [.init(y: 0, columns: 0...3)], "attributes are part of a cell")
    }

    func testASpanStartingInsideAWideCharacterStartsAtItsLeftHalf() {
        var before = frame(6, ["a牛b"])
        var after = before
        after[2, 0] = Cell("", style: Style(.header))
        XCTAssertEqual(FrameDiff.spans(from: before, to: after), [.init(y: 0, columns: 1...2)])
        before = frame(6, ["a👨\u{200D}👩\u{200D}👧b"])
        after = frame(6, ["a👨\u{200D}👩\u{200D}👦b"])
        XCTAssertEqual(FrameDiff.spans(from: before, to: after), [.init(y: 0, columns: 1...1)],
                       "a whole cluster is one cell group")
    }
}
