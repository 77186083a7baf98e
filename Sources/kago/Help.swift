/// The `--help` texts: the overview and one page per command.
enum Help {
    static let overview = """
    kago: a keyboard-first shopping list for the terminal

    Usage:
      kago [-l LIST]            open the list (first run: the tutorial first)
      kago --intro              open with the tutorial, seen or not
      kago --reset-intro        forget that the tutorial was seen; print the config file's path
      kago add TEXT...          add one item (quick-add syntax); print it with its id
      kago list [--purchased | --all] [--json]
      kago check ITEM...        mark purchased        (alias: done)
      kago uncheck ITEM...      back onto the to-buy list
      kago rm ITEM...           delete
      kago move ITEM... --to LIST                    move items to another list
      kago export [--format json|csv|md] [-o FILE] [--all-lists] [--history]   default json
      kago import FILE [--format json|csv]           all rows or none
      kago lists [--json]                            the lists; * marks the current one
      kago lists add|use|rm NAME, kago lists rename OLD NEW
      kago lists link NAME [COLLECTION], lists unlink NAME, lists remote   CalDAV collections
      kago sync [-l LIST]       two-way sync of the linked lists with the CalDAV server
      kago suggest [--json] [--add]                  items due to be bought again
      kago paths                print the config and data paths in use
      kago --help | -h | help [COMMAND]
      kago --version

    Quick-add syntax:  milk x2 #dairy @fri -- the low-fat one
      #category   @today @tomorrow @fri @+3 @2026-12-24 @12/24 @今日 @明日
      x2 ×3 500g 1.5L 2本 (quantity)   -- note (everything after)

    ITEM is an id (as printed by list/add) or a name: exact (any case) first, then a unique prefix.
    -l LIST / --list LIST (before or after the command) picks the list an item command acts on;
    without it: the config's list = NAME, else the list last opened or chosen, else the first.
    LIST is matched like ITEM, by name.
    Exit status: 0 success, 1 runtime failure, 2 usage error.
    'kago help COMMAND' explains a command; 'man kago' has the keys and files.

    """

    static let pages: [String: String] = [
        "add": """
        Usage: kago add TEXT...

        Adds one item written in the quick-add syntax and prints it as 'kago list' does,
        its id first. The words are joined with spaces, so quoting is optional.
          kago add milk x2 #dairy @fri -- the low-fat one
          kago add 牛乳 2本 #乳製品 @明日
          #category     matched in any case, created if new; #"two words" for spaces
          @when         @today @tomorrow @fri @+3 @+2w @2026-12-24 @12/24 @今日 @明日 @12月24日
          x2 ×3 500g 1.5L 2本    quantity
          -- note       everything after a lone --
        A name bought before, added without #category, gets the category it had last time.
        Exit status 2 for a missing name or a date kago cannot read.

        """,
        "list": """
        Usage: kago list [--purchased | --all] [--json]

        Prints the to-buy list in the order the items were added, one per line:
          ID  [ ] NAME  QTY  #CATEGORY  @DATE
        columns aligned, control characters in names shown as \u{FFFD}.
          --purchased   the purchased items instead ([x]), the last checked first
          --all         both
          --json        a JSON array of objects with the keys id, name, quantity, category,
                        date, note, purchased, created_at, purchased_at, list (quantity a
                        string, date YYYY-MM-DD, times ISO 8601 in UTC, absent values null)
          -l LIST       another list than the current one

        """,
        "check": """
        Usage: kago check ITEM...   (alias: kago done)

        Marks items purchased and prints them. ITEM is an id, else a name matched exactly
        (any case), else the unique start of a name; names are looked for among the items
        to buy first. Every ITEM is found before anything changes: an unknown or ambiguous
        one changes nothing, exits 2 and lists the candidates.

        """,
        "uncheck": """
        Usage: kago uncheck ITEM...

        Puts purchased items back onto the to-buy list and prints them. ITEM is as for
        'kago check', looked for among the purchased items first.

        """,
        "rm": """
        Usage: kago rm ITEM...

        Deletes items and prints each as 'deleted  ID  …'. ITEM is an id, else a name
        (exact, any case, then a unique start); a name found on both lists is ambiguous.
        Every ITEM is found before anything is deleted.

        """,
        "export": """
        Usage: kago export [--format json|csv|md] [-o FILE] [--all-lists] [--history]

        Writes every item of the current list to standard output, or to FILE (also --output
        FILE; -o - is stdout); --all-lists writes every list (CSV gains a last column list,
        Markdown a '## LIST' heading per list over '### Category').
        --history writes every purchase instead, oldest first (json or csv): name, quantity,
        category, purchased_at, list (CSV: the list column with --all-lists only). Purchases
        are kept when items are deleted; 'kago import' reads the file back.
          json   the objects of 'kago list --all --json' (the default)
          csv    header name,quantity,category,date,note,purchased; RFC 4180 quoting,
                 lines end in LF; purchased is true or false
          md     a Markdown checklist, one '## Category' per category in store-walk order
        Without --format, FILE's extension (.json, .csv, .md) decides. CSV written to a
        terminal shows control characters as \u{FFFD}; to a file or pipe it is unchanged.

        """,
        "import": """
        Usage: kago import FILE [--format json|csv]

        Adds the items in FILE ('-' reads standard input) as new items.
          json   an array of objects as 'kago export' writes; only "name" is required,
                 "id" is ignored, unknown keys are refused
          csv    a header naming some of name,quantity,category,date,note,purchased,list,
                 purchased_at (any order; name required), then one row per item
        Items go to the current list, except that a row with a list value goes to that
        list (created when missing).
        The format comes from --format, else the extension, else the content. Every row is
        checked first; if any is invalid, nothing is added, the problems are listed by line
        (and .[index] for JSON), and the exit status is 1. A purchase time (purchased_at)
        without 'purchased' means bought; a purchased item without one counts as bought now.
        Each purchased item is a purchase in the history ('kago suggest').

        """,
        "move": """
        Usage: kago move ITEM... --to LIST

        Moves items of the current list (-l picks another) to LIST and prints each as
        'moved to LIST  ID  …'. Each keeps its category by name, created in LIST when it has
        none of that name. ITEM is as for 'kago rm'; LIST is matched like ITEM, by name.

        """,
        "lists": """
        Usage: kago lists [--json]
               kago lists add NAME | use NAME | rm NAME [--force] | rename OLD NEW
               kago lists link NAME [COLLECTION] | unlink NAME | remote

        Prints '* NAME  N to buy  M purchased' per list, '*' on the current one, and '⇅ URL'
        for a list linked to a CalDAV collection; --json: an array of {name, to_buy,
        purchased, current, sync}, sync null or {url, last_sync}.
          add NAME        a new, empty list (the words are joined: quoting is optional)
          use NAME        make NAME the current list (the config's list = NAME still wins)
          rm NAME         remove a list; one with items needs --force; the last one stays
          rename OLD NEW  rename; onto another list's name it merges into that one
          link NAME [COLLECTION]   sync NAME with a task collection on the server (a display
                          name or URL; default: the one named like the list, made when there
                          is none); prints its URL. See 'kago help sync'.
          unlink NAME     stop syncing; the list and the collection stay as they are
          remote          the server's task collections: 'NAME  URL  [linked to LIST]'
        Names: trimmed, not empty, no control characters, at most 40 columns, unique in any
        case or width. A bad or taken name changes nothing and exits 2. In the full-screen
        list, [ and ] step through the lists, L opens the Lists overlay (open, add, rename,
        delete, reorder, each undoable) and m moves the selected item to another list.

        """,
        "sync": """
        Usage: kago sync [-l LIST]

        Syncs every linked list (or LIST) with its CalDAV collection both ways and prints one
        line per list: 'Shopping: ↑2 ↓3, 1 merged' (sent, received, changed on both sides and
        merged field by field) or 'Shopping: up to date'. A failure prints
        'kago: sync LIST: what went wrong' and exits 1; nothing here is lost, and what changed
        waits for the next sync. The full-screen list syncs a linked list by itself (when it
        opens, a few seconds after a change, every sync.interval seconds, and on S).

        The account, in the config file (kago never writes these lines):
          sync.url = https://dav.example.com/      server, principal or calendar home
          sync.username = alice
          sync.password_command = pass show dav    first line it prints; or sync.password
          sync.interval = 60                       seconds between syncs in the list; 0: on S only
          sync.ca_file = /path/ca.pem              a CA to trust beside the system's
          sync.insecure_http = on                  allow plain http to another machine
        Without a password setting, ~/.netrc is used. A config holding sync.password must not
        be readable by others (chmod 600). Then: kago lists link Shopping; kago sync.

        """,
        "suggest": """
        Usage: kago suggest [--json] [--add]

        Prints what is due to be bought again, most overdue first:
          NAME  every N days  last YYYY-MM-DD (N days ago)
        An item is due when it was bought on at least 3 days, its usual interval (the median
        gap between those days, in whole local days) has passed since its last purchase, and
        it is not on the to-buy list. Every check is remembered, also after the item is
        deleted or cleared; an uncheck in the same session (or an undo) takes it back.
          --json    an array of {name, quantity, category, interval_days, last_purchased,
                    days_since} (last_purchased ISO 8601 in UTC)
          --add     add them all (with the quantity and category of their last purchase)
                    and print them as 'kago add' does (with --json, as 'kago list --json')
          -l LIST   another list than the current one (each list has its own history)
        In the full-screen list they are the Due again group at the end of To buy: Enter or
        + adds one, d hides it until it is bought again; suggestions = off hides the group.

        """,
        "help": """
        Usage: kago help [COMMAND]

        Prints the overview, or the help of COMMAND (the same as 'kago COMMAND --help').
        'man kago' has everything, with the keys of the full-screen list.

        """,
        "paths": """
        Usage: kago paths

        Prints the config file and the database kago uses (XDG_CONFIG_HOME, XDG_DATA_HOME),
        then every problem in the config file, with its line.

        """,
    ]

    static var commandNames: String { "add, list, check, done, uncheck, rm, move, export, import, lists, sync, suggest, paths, help" }

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
