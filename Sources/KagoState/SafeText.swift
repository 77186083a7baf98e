/// Makes user text safe to show on a terminal (SPEC §6).
///
/// C0 and C1 controls, DEL, and bidirectional overrides/isolates would let a name move the cursor,
/// clear the screen or reorder what follows; each becomes U+FFFD instead. Nothing else changes.
public enum SafeText {
    /// The replacement shown for a control character.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// Whether a scalar must never reach the terminal as-is.
    @inline(__always)
    public static func isUnsafe(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
        if v < 0x200E { return v == 0x061C }  // the Arabic letter mark is a bidi control too
        return (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F
    }

    /// The text with every unsafe scalar replaced by U+FFFD.
    public static func sanitize(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isUnsafe) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars { out.append(isUnsafe(u) ? replacement : u) }
        return String(out)
    }
}
