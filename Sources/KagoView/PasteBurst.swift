/// Tells a paste from typing on terminals without bracketed paste: keys that arrive together
/// with a line break inside them, while the input line is open, are pasted text.
public enum PasteBurst {
    /// The paste at the start of `keys` (a burst already typed), if it is one: a run of text
    /// and Enters in which some key follows an Enter. It covers the run up to its last Enter,
    /// so whatever comes after is typed into the input line, which stays open.
    /// - Returns: the text and how many keys it took.
    public static func paste(in keys: ArraySlice<Key>) -> (text: String, count: Int)? {
        var text = ""
        var taken = 0
        var lastEnter: (text: String, count: Int)?
        var followed = false
        loop: for key in keys {
            switch key {
            case .char(let c): text.append(c)
            case .tab: text.append(" ")
            case .enter: text.append("\n")
            default: break loop
            }
            taken += 1
            if lastEnter != nil { followed = true }
            if key == .enter { lastEnter = (text, taken) }
        }
        return followed ? lastEnter : nil
    }
}
