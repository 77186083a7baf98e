import KagoState

/// A command's arguments split into flags, option values and operands.
///
/// `--name=value`, `--name value`, `-o value` and `-ovalue` are understood; `--` ends the
/// options and `-` alone is an operand (standard input or output). Anything else starting
/// with `-` that the command does not know is a usage error.
struct Arguments {
    var operands: [String] = []
    var flags: Set<String> = []
    /// The last value given for each option, under its canonical name.
    var values: [String: String] = [:]

    /// - Parameters:
    ///   - command: the command's name, for messages.
    ///   - flags: options without a value, e.g. `--json`.
    ///   - options: options with a value, e.g. `--format`, `-o`.
    ///   - aliases: other spellings mapped to a canonical name, e.g. `--output` → `-o`.
    init(_ args: [String], command: String, flags known: Set<String> = [], options: Set<String> = [],
         aliases: [String: String] = [:]) throws(ExitError) {
        var i = 0
        while i < args.count {
            let arg = args[i]
            i += 1
            if arg == "--" { operands += args[i...]; break }
            guard arg.hasPrefix("-"), arg != "-" else { operands.append(arg); continue }
            var name = arg
            var attached: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                attached = String(arg[arg.index(after: eq)...])
            } else if !arg.hasPrefix("--"), arg.count > 2, options.contains(String(arg.prefix(2))) {
                name = String(arg.prefix(2))
                attached = String(arg.dropFirst(2))
            }
            name = aliases[name] ?? name
            if known.contains(name), attached == nil {
                flags.insert(name)
            } else if options.contains(name) {
                if let attached {
                    values[name] = attached
                } else {
                    guard i < args.count else { throw .usage("option '\(arg)' of '\(command)' needs a value") }
                    values[name] = args[i]
                    i += 1
                }
            } else if known.contains(name) {
                throw .usage("option '\(name)' of '\(command)' takes no value")
            } else {
                throw .usage("unknown option '\(SafeText.sanitize(arg))' for '\(command)'", hint: "Try 'kago help \(command)'.")
            }
        }
    }

    /// Refuses operands for a command that takes none.
    func noOperands(_ command: String) throws(ExitError) {
        if let extra = operands.first {
            throw .usage("'\(command)' takes no argument '\(SafeText.sanitize(extra))'", hint: "Try 'kago help \(command)'.")
        }
    }
}
