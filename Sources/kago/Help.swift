/// The `--help` texts: the overview and one page per command.
enum Help {
    static let overview = """
    kago: a keyboard-first shopping list for the terminal

    Usage:
      kago                      open the list (first run: the tutorial first)
      kago --intro              open with the tutorial, seen or not
      kago --reset-intro        forget that the tutorial was seen; print the config file's path
      kago add TEXT...          add one item (quick-add syntax); print it with its id
      kago list [--purchased | --all] [--json]
      kago check ITEM...        mark purchased        (alias: done)
      kago uncheck ITEM...      back onto the to-buy list
      kago rm ITEM...           delete
      kago export [--format json|csv|md] [-o FILE]   default json to stdout
      kago import FILE [--format json|csv]           all rows or none
      kago paths                print the config and data paths in use
      kago --help | -h | help [COMMAND]
      kago --version

    Quick-add syntax:  milk x2 #dairy @fri -- the low-fat one
      #category   @today @tomorrow @fri @+3 @2026-12-24 @12/24 @今日 @明日
      x2 ×3 500g 1.5L 2本 (quantity)   -- note (everything after)

    ITEM is an id (as printed by list/add) or a name: exact (any case) first, then a unique prefix.
    Exit status: 0 success, 1 runtime failure, 2 usage error.

    """

    static let pages: [String: String] = [
        "add": """
        Usage: kago add TEXT...

        Adds one item written in the quick-add syntax and prints it with its id.
          kago add milk x2 #dairy @fri -- the low-fat one
          kago add 牛乳 2本 #乳製品 @明日
        A name bought before, added without #category, gets the category it had last time.

        """,
        "list": """
        Usage: kago list [--purchased | --all] [--json]

        Prints the to-buy list, one item per line: ID  [ ] NAME  QTY  #CATEGORY  @DATE
          --purchased   the purchased items instead
          --all         both
          --json        a JSON array of {id, name, quantity, category, date, note,
                        purchased, created_at, purchased_at}

        """,
        "check": """
        Usage: kago check ITEM...   (alias: kago done)

        Marks items purchased. ITEM is an id or a name (exact, any case, then a unique prefix).

        """,
        "uncheck": """
        Usage: kago uncheck ITEM...

        Puts purchased items back onto the to-buy list.

        """,
        "rm": """
        Usage: kago rm ITEM...

        Deletes items.

        """,
        "export": """
        Usage: kago export [--format json|csv|md] [-o FILE]

        Writes every item: json (the objects of 'kago list --all --json', the default),
        csv (name,quantity,category,date,note,purchased) or md (a checklist by category),
        to stdout or to FILE.

        """,
        "import": """
        Usage: kago import FILE [--format json|csv]

        Adds the items in FILE (the format comes from its extension unless --format says).
        Every row is checked first; if any is invalid, nothing is added.

        """,
        "paths": """
        Usage: kago paths

        Prints the config file and the database kago uses (XDG_CONFIG_HOME, XDG_DATA_HOME).

        """,
    ]

    static var commandNames: String { "add, list, check, done, uncheck, rm, export, import, paths, help" }

    /// The page for a command (`done` shares `check`'s).
    static func command(_ name: String) -> String? { pages[name == "done" ? "check" : name] }

    /// Prints a command's help when its arguments ask for it.
    /// - Returns: true when help was printed and the command should not run.
    static func requested(_ args: [String], command: String) throws(ExitError) -> Bool {
        guard args.contains(where: { $0 == "-h" || $0 == "--help" }) else { return false }
        Output.out(self.command(command) ?? overview)
        return true
    }
}
