import Glibc

/// The process environment as a dictionary.
func processEnvironment() -> [String: String] {
    var env: [String: String] = [:]
    var p = environ
    while let entry = p.pointee {
        let s = String(cString: entry)
        if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
        p += 1
    }
    return env
}
