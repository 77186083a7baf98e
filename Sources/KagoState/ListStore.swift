/// Where a list's commands are carried out: the database (`Store`), or memory (`MemoryStore`,
/// for the tutorial's practice list and the reducer's tests). The reducer never calls it: it
/// asks for commits as effects, and whoever runs it hands the resulting rows back.
public protocol ListStore {
    associatedtype Failure: Error
    /// The whole list, as the screens show it.
    func load() throws(Failure) -> Snapshot
    /// Carries out one command, all or nothing, and returns the rows it changed.
    mutating func perform(_ command: Command, now: Timestamp) throws(Failure) -> ChangeSet
}
