import KagoApp
import KagoState
import KagoStore
import KagoView

/// Parses the command line and runs the command (SPEC §1). Returns the exit status.
enum CLI {
    static let version = "0.1.0"

    /// The data command of a name, each implemented in its own file under Commands/.
    static func command(_ name: String) -> (([String], Startup) throws(ExitError) -> Void)? {
        switch name {
        case "add": return AddCommand.run
        case "list": return ListCommand.run
        case "check", "done": return { args, s throws(ExitError) in try CheckCommand.run(args, s, purchase: true, name: name) }
        case "uncheck": return { args, s throws(ExitError) in try CheckCommand.run(args, s, purchase: false, name: name) }
        case "rm": return RemoveCommand.run
        case "move": return MoveCommand.run
        case "lists": return ListsCommand.run
        case "sync": return SyncCommand.run
        case "suggest": return SuggestCommand.run
        case "export": return ExportCommand.run
        case "import": return ImportCommand.run
        default: return nil
        }
    }

    static func main(_ args: [String], environment: [String: String]) -> Int32 {
        do {
            try run(args, environment: environment)
            return 0
        } catch {
            Output.fail(error.message, hint: error.hint)
            return error.status
        }
    }

    /// The commands `-l/--list` applies to (SPEC §1): those that read or change items.
    static let listCommands: Set<String> = ["add", "list", "check", "done", "uncheck", "rm", "move", "export", "import", "sync",
                                            "suggest"]

    /// Takes `-l LIST` / `--list LIST` / `--list=LIST` out of the arguments, wherever they are
    /// before a `--` (after it, words are an item's note).
    static func listOption(_ args: [String]) throws(ExitError) -> (rest: [String], list: String?) {
        var rest: [String] = [], list: String?
        var i = 0
        while i < args.count {
            let arg = args[i]
            if arg == "--" { rest += args[i...]; break }
            if arg == "-l" || arg == "--list" {
                guard i + 1 < args.count else { throw .usage("'\(arg)' needs a LIST", hint: "For example: kago -l drugstore add soap") }
                list = args[i + 1]
                i += 2
                continue
            }
            if arg.hasPrefix("--list=") { list = String(arg.dropFirst(7)); i += 1; continue }
            rest.append(arg)
            i += 1
        }
        return (rest, list)
    }

    static func run(_ args: [String], environment: [String: String]) throws(ExitError) {
        let (args, list) = try listOption(args)
        func startup() throws(ExitError) -> Startup {
            var s = try Startup.load(environment: environment)
            s.listOption = list
            return s
        }
        if list != nil, let first = args.first, !listCommands.contains(first), first != "--intro" {
            throw .usage("'-l' does not apply to '\(SafeText.sanitize(first))'", hint: "It goes with: kago, "
                         + listCommands.sorted().joined(separator: ", "))
        }
        guard let first = args.first else {
            return try App.run(startup(), forceIntro: false)
        }
        let rest = Array(args.dropFirst())
        switch first {
        case "-h", "--help":
            try noArguments(rest, after: first)
            Output.out(Help.overview)
        case "--version":
            try noArguments(rest, after: first)
            Output.out("kago \(version)\n")
        case "--intro":
            try noArguments(rest, after: first)
            try App.run(startup(), forceIntro: true)
        case "--reset-intro":
            try noArguments(rest, after: first)
            try resetIntro(Startup.load(environment: environment))
        case "paths":
            if try Help.requested(rest, command: first) { return }
            try noArguments(rest, after: first)
            let startup = try Startup.load(environment: environment)
            Output.out("config: \(startup.paths.configFile)\ndata:   \(startup.paths.databaseFile)\n")
            // Every problem, with its line: the status line of the list has room for one.
            let english = Strings(.en)
            let problems = startup.problems.map { english.message(.configProblem($0, more: 0)) }
                + (startup.configUnreadable.map { [english.message(.configUnreadable($0))] } ?? [])
            for problem in problems { Output.out(SafeText.sanitize(problem) + "\n") }
        case "help":
            guard let topic = rest.first else { Output.out(Help.overview); return }
            try noArguments(Array(rest.dropFirst()), after: topic)
            guard let text = Help.command(topic) else {
                throw .usage("no help for '\(topic)': not a kago command", hint: "Commands: " + Help.commandNames)
            }
            Output.out(text)
        default:
            if first.hasPrefix("-") { throw .usage("unknown option '\(first)'") }
            guard let command = command(first) else {
                throw .usage("unknown command '\(first)'", hint: "Try 'kago --help'; commands: " + Help.commandNames)
            }
            if try Help.requested(rest, command: first) { return }
            try command(rest, startup())
        }
    }

    /// Refuses extra arguments after a flag or command that takes none.
    static func noArguments(_ rest: [String], after: String) throws(ExitError) {
        guard let extra = rest.first else { return }
        throw .usage(extra.hasPrefix("-") ? "unknown option '\(extra)' for '\(after)'" : "'\(after)' takes no argument '\(extra)'")
    }

    /// `--reset-intro`: sets `intro_seen = 0` (keeping every other line) and prints the config path.
    static func resetIntro(_ startup: Startup) throws(ExitError) {
        let path = startup.paths.configFile
        if case .loaded = ConfigStore.read(path: path), startup.settings.introSeen != 0 || startup.problems.contains(where: {
            if case .badValue(_, "intro_seen", _) = $0 { return true }
            return false
        }) {
            do { try ConfigStore.saveIntroSeen(version: 0, path: path) } catch { throw .runtime(error.message) }
        } else if case .unreadable(let reason) = ConfigStore.read(path: path) {
            throw .runtime("cannot read \(SafeText.sanitize(path)): \(reason)", hint: "The file was left untouched.")
        }
        Output.out(path + "\n")
    }
}
