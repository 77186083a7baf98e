import KagoState

/// Appending text to a byte buffer without building intermediate Strings: `list --json`
/// with 10,000 items spent most of its time formatting dates through String interpolation.
extension Array where Element == UInt8 {
    /// Appends a literal's UTF-8.
    @inline(__always)
    public mutating func append(literal s: StaticString) {
        s.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends a string's UTF-8.
    @inline(__always)
    public mutating func append(utf8 s: String) {
        if s.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil { append(contentsOf: s.utf8) }
    }

    /// Appends a decimal integer.
    public mutating func append(decimal n: Int64) {
        if n < 0 { append(UInt8(ascii: "-")) }
        append(digits: n.magnitude, width: 1)
    }

    /// Appends `v` in decimal, zero-padded to at least `width` (at most 20) digits.
    public mutating func append(digits v: UInt64, width: Int) {
        var divisor: UInt64 = 1
        var n = 1
        while n < width || v / divisor >= 10 {
            divisor &*= 10
            n += 1
        }
        while divisor > 0 {
            append(UInt8(ascii: "0") &+ UInt8(v / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends a day as `YYYY-MM-DD`, as `Day.iso` writes it.
    public mutating func append(iso day: Day) {
        let c = day.components
        guard (0...9999).contains(c.year) else {
            // Outside what kago stores; the slow path keeps `Day.iso`'s form.
            append(utf8: day.iso)
            return
        }
        var scratch = Scratch()
        scratch.date(c.year, c.month, c.day)
        scratch.append(to: &self)
    }

    /// Appends a time as `YYYY-MM-DDTHH:MM:SSZ` (UTC), as `Timestamp.iso8601` writes it.
    public mutating func append(iso8601 t: Timestamp) {
        let days = t >= 0 ? t / 86400 : (t - 86399) / 86400
        let c = Day(ordinal: Int(days)).components
        guard (0...9999).contains(c.year) else {
            append(utf8: t.iso8601)
            return
        }
        let secs = Int(t - days * 86400)
        var scratch = Scratch()
        scratch.date(c.year, c.month, c.day)
        scratch.byte(UInt8(ascii: "T"))
        scratch.two(secs / 3600)
        scratch.byte(UInt8(ascii: ":"))
        scratch.two(secs % 3600 / 60)
        scratch.byte(UInt8(ascii: ":"))
        scratch.two(secs % 60)
        scratch.byte(UInt8(ascii: "Z"))
        scratch.append(to: &self)
    }
}

/// Up to 24 bytes formatted on the stack and appended at once: one array append per date
/// instead of one per digit.
private struct Scratch {
    private var bytes: (UInt64, UInt64, UInt64) = (0, 0, 0)
    private var count = 0

    mutating func byte(_ b: UInt8) {
        Swift.withUnsafeMutableBytes(of: &bytes) { $0[count] = b }
        count += 1
    }

    mutating func two(_ v: Int) {
        byte(UInt8(ascii: "0") &+ UInt8(v / 10))
        byte(UInt8(ascii: "0") &+ UInt8(v % 10))
    }

    mutating func date(_ year: Int, _ month: Int, _ day: Int) {
        two(year / 100)
        two(year % 100)
        byte(UInt8(ascii: "-"))
        two(month)
        byte(UInt8(ascii: "-"))
        two(day)
    }

    func append(to out: inout [UInt8]) {
        var copy = bytes
        Swift.withUnsafeBytes(of: &copy) { out.append(contentsOf: $0.prefix(count)) }
    }
}
