import Glibc

// kago: a keyboard-first shopping list for the terminal. See `kago --help`.
let status = CLI.main(Array(CommandLine.arguments.dropFirst()), environment: processEnvironment())
exit(status)
