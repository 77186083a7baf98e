/// What a tutorial page teaches: the action its practice list waits for (SPEC §3).
public enum Lesson: String, CaseIterable, Sendable {
    /// `a`, type, Enter.
    case add
    /// Space or `x`.
    case check
    /// `s`.
    case sort
    /// `]` (or `[`) between the two practice lists.
    case lists
}

/// The tutorial's pages and the version of kago's tutorial that brought each one.
///
/// The version is what `intro_seen` records; a user who saw an earlier version is shown only the
/// pages added since ("what's new"), so a later kago adds a page here and nothing else.
public enum Tutorial {
    /// Every page in order, with the tutorial version it first appeared in.
    public static let pages: [(lesson: Lesson, since: Int)] = [
        (.add, 1), (.check, 1), (.sort, 1), (.lists, 2),
    ]

    /// The version this kago shows: Start and Skip record it as `intro_seen`.
    public static let version = pages.map(\.since).max()!

    /// Every page's lesson, for a first run, `--intro` and a replay from the help.
    public static var allLessons: [Lesson] { pages.map(\.lesson) }

    /// The pages a user who saw version `seen` has not: nil when there are none, or when they
    /// never saw any tutorial (then the whole tutorial is theirs, not "what's new").
    public static func newLessons(since seen: Int) -> [Lesson]? {
        guard seen >= 1 else { return nil }
        let new = pages.filter { $0.since > seen }.map(\.lesson)
        return new.isEmpty ? nil : new
    }
}
