/// Why a sync could not go on, in one line for `kago: sync <list>: …`.
public struct SyncError: Error, Equatable, Sendable {
    public var message: String
    /// The HTTP status that caused it, when a server answered.
    public var status: Int?

    public init(_ message: String, status: Int? = nil) {
        self.message = message
        self.status = status
    }
}
