import KagoState
/// Fits a message that names a file into a width by shortening the path, never the reason:
/// `Not saved: cannot write /tmp/…/kago.sqlite3: Permission denied`.
public enum PathShortening {
    /// The text with its paths shortened from the middle (keeping the root and the file name)
    /// until it fits `width` cells, or as short as they go.
    public static func fit(_ text: String, width: Int) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        while DisplayWidth.of(words.joined(separator: " ")) > width {
            // The longest path still holding a directory to drop.
            guard let i = words.indices.filter({ shorter(words[$0]) != nil })
                .max(by: { DisplayWidth.of(words[$0]) < DisplayWidth.of(words[$1]) }) else { break }
            words[i] = shorter(words[i])!
        }
        return words.joined(separator: " ")
    }

    /// The path one directory shorter (`/a/b/c/f` → `/a/…/c/f` → `/a/…/f`), or nil.
    static func shorter(_ word: String) -> String? {
        guard word.contains("/") else { return nil }
        var parts = word.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // parts[0] is "" for an absolute path; the last is the file name (maybe with a colon).
        guard parts.count >= 4 else { return nil }
        let first = parts[0].isEmpty ? 1 : 0
        if parts[first + 1] == "…" {
            guard parts.count > first + 3 else { return nil }
            parts.remove(at: first + 2)
        } else {
            parts[first + 1] = "…"
        }
        return parts.joined(separator: "/")
    }
}
