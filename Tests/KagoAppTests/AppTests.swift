import Foundation
import KagoApp
import KagoState
import KagoStore
import KagoView
import XCTest

/// A terminal that plays a script of keys and keeps every frame it is shown.
final class FakeTerminal: TerminalBackend {
    enum Step {
        case key(Key)
        /// No key for a while (the run loop polls for other processes then), after `action`.
        case pause(() -> Void)
        /// `action` at once, then the next step: nothing polled in between.
        case now(() -> Void)
    }

    var steps: [Step]
    private(set) var frames: [Frame] = []
    var size: (width: Int, height: Int) = (80, 24)

    init(_ steps: [Step]) { self.steps = steps }

    /// Keys of a script typed as text.
    static func typing(_ text: String) -> [Step] { text.map { .key(.char($0)) } }

    func nextKey(timeout: Int32) -> Key? {
        // The script is over: Ctrl-C until kago has quit (the first may only close a line).
        guard let step = steps.first else { return .ctrl("c") }
        switch step {
        case .key(let key):
            steps.removeFirst()
            return key
        case .pause(let action):
            // A pause ends a burst of keys; the wait for the next key then times out.
            guard timeout != 0 else { return nil }
            steps.removeFirst()
            action()
            return nil
        case .now(let action):
            steps.removeFirst()
            action()
            return nextKey(timeout: timeout)
        }
    }

    func present(_ frame: Frame) { frames.append(frame) }
    func invalidate() {}
    func suspend() {}

    /// The text of the last frame shown.
    var screen: String { frames.last.map { $0.buffer.lines.joined(separator: "\n") } ?? "" }
}

/// The run loop with real parts: a SQLite file in a temporary directory, the reducer, the views,
/// and a fake terminal driving keys; another Store plays another kago process.
final class AppTests: XCTestCase {
    var directory = ""
    var path: String { directory + "/kago.sqlite3" }

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "kago-app-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs the list on the script until it quits; returns the terminal.
    @discardableResult
    func run(_ steps: [FakeTerminal.Step], store: Store? = nil) throws -> FakeTerminal {
        let terminal = FakeTerminal(steps)
        let state = AppState(settings: Settings(), clock: SystemClock.local(), showIntro: false)
        let app = App(state: state, store: try store ?? Store.open(path: path), terminal: terminal,
                      strings: Strings(.en), configPath: directory + "/config")
        try app.run()
        return terminal
    }

    func testKeysDriveTheListAndEveryChangeIsCommittedBeforeItShows() throws {
        let terminal = try run([.key(.char("a"))] + FakeTerminal.typing("milk x2 #dairy") + [.key(.enter),
                               .pause({}), .key(.char(" ")), .pause({}), .key(.char("q"))])
        let items = try Store.open(path: path).load().items
        XCTAssertEqual(items.map(\.name), ["milk"])
        XCTAssertNotNil(items.first?.purchasedAt, "Space checked it")
        XCTAssertTrue(terminal.frames.contains { $0.buffer.lines.contains { $0.contains("] milk") && $0.contains("×2") } })
        XCTAssertTrue(terminal.screen.contains("Purchased 1"), terminal.screen)
    }

    func testAnOutsideChangeMidInputShowsUpAndTheLineIsKept() throws {
        let other = try Store.open(path: path)
        var seen = ""
        let terminal = FakeTerminal([])
        terminal.steps = [.key(.char("a"))] + FakeTerminal.typing("eg") + [
            .pause({ _ = try? other.perform(.add(ItemDraft(name: "Bread")), now: 1_800_000_000) }),
            .pause({ seen = terminal.screen }),
        ] + FakeTerminal.typing("gs") + [.key(.enter), .key(.escape), .key(.char("q"))]
        let state = AppState(settings: Settings(), clock: SystemClock.local(), showIntro: false)
        try App(state: state, store: try Store.open(path: path), terminal: terminal, strings: Strings(.en),
                configPath: directory + "/config").run()
        XCTAssertTrue(seen.contains("] Bread"), "another process's item shows up mid-input:\n\(seen)")
        XCTAssertTrue(seen.contains("Add: eg"), "with the line as typed:\n\(seen)")
        XCTAssertEqual(Set(try other.load().items.map(\.name)), ["Bread", "eggs"])
    }

    /// The purchase history is read once no key waits (SPEC §10): the first frame, and a key
    /// typed at once, come before it; then To buy ends with what is due again.
    func testTheDueAgainGroupComesOnceNoKeyWaits() throws {
        let seed = try Store.open(path: path)
        let now = SystemClock.now()
        _ = try seed.insert([21, 14, 7].map { ImportRow(name: "milk", quantity: "2", purchasedAt: now - Timestamp($0 * 86400)) }
                            + [ImportRow(name: "bread")], now: now)
        var seen = ""
        let terminal = FakeTerminal([])
        terminal.steps = [.key(.char("j")), .pause({ seen = terminal.screen }), .key(.char("q"))]
        let state = AppState(settings: Settings(), clock: SystemClock.local(), showIntro: false)
        try App(state: state, store: try Store.open(path: path), terminal: terminal, strings: Strings(.en),
                configPath: directory + "/config").run()
        XCTAssertFalse(terminal.frames[0].buffer.lines.joined().contains("Due again"), "not in the first frame")
        XCTAssertFalse(terminal.frames[1].buffer.lines.joined().contains("Due again"), "nor in the answer to a key typed at once")
        XCTAssertTrue(seen.contains("Due again") && seen.contains(" +  milk"), seen)
    }

    /// Another process deletes the item between the last poll and the commit of its edit (a
    /// deletion seen before Enter turns the line into an add line: ReducerTests).
    func testACommitThatFailsSaysSoAndShowsNothingAsDone() throws {
        let other = try Store.open(path: path)
        let milk = try XCTUnwrap(other.perform(.add(ItemDraft(name: "milk")), now: 1_800_000_000).items.first?.after)
        let terminal = try run([.pause({}), .key(.char("e"))] + FakeTerminal.typing(" oat") + [
            .now({ _ = try? other.perform(.delete(ids: [milk.id]), now: 1_800_000_001) }),
            .key(.enter), .pause({}), .key(.char("q")),
        ])
        XCTAssertTrue(terminal.screen.contains("Not saved: item \(milk.id) no longer exists"), terminal.screen)
        XCTAssertFalse(terminal.screen.contains("oat"), "the edit is not shown as done:\n\(terminal.screen)")
        XCTAssertEqual(try other.load().items, [], "nothing written")
    }

    /// A whole tutorial with adds, checks, deletes, undos and a switch of practice lists, then
    /// Start: the database holds exactly what it held before (issue 15), and the config the flag.
    func testTheTutorialNeverWritesTheDatabase() throws {
        let store = try Store.open(path: path)
        let before = (try store.changeSequence(), try store.lists(), try store.load().items)
        // A pause after each Enter: keys arriving with a line break in one burst are a paste.
        let terminal = FakeTerminal([.key(.char("a"))] + FakeTerminal.typing("milk x2") + [
            .key(.enter), .pause({}), .key(.char("x")), .key(.char("d")), .key(.char("u")), .key(.ctrl("r")), .key(.right),
            .key(.char("x")), .key(.char("u")), .key(.char("x")), .key(.right), .key(.char("s")), .key(.char("j")),
            .key(.char("e")), .key(.end),
        ] + FakeTerminal.typing(" -- note") + [
            .key(.enter), .pause({}), .key(.right), .key(.char("]")), .key(.char("d")), .key(.char("[")), .key(.char("u")),
            .pause({}), .key(.enter),
        ])
        let state = AppState(settings: Settings(), clock: SystemClock.local(), showIntro: true)
        try App(state: state, store: store, terminal: terminal, strings: Strings(.en), configPath: directory + "/config").run()
        XCTAssertTrue(terminal.frames.contains { $0.buffer.lines.joined().contains("✓ Done. Enter to start") },
                      terminal.frames.suffix(3).map { $0.buffer.lines.joined(separator: "\n") }.joined(separator: "\n---\n"))
        XCTAssertEqual(try store.changeSequence(), before.0, "nothing went through the change feed")
        XCTAssertEqual(try store.lists(), before.1)
        XCTAssertEqual(try store.load().items, before.2)
        XCTAssertEqual(try String(contentsOfFile: directory + "/config", encoding: .utf8), "intro_seen = 2\n")
    }
}
