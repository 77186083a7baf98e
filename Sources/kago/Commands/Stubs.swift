// Placeholders until the data commands land (issue: scripting CLI).
enum AddCommand {
    static func run(_ args: [String], _ startup: Startup) throws(ExitError) { throw .runtime("'add' is not available yet") }
}
enum ListCommand {
    static func run(_ args: [String], _ startup: Startup) throws(ExitError) { throw .runtime("'list' is not available yet") }
}
enum CheckCommand {
    static func run(_ args: [String], _ startup: Startup, purchase: Bool, name: String) throws(ExitError) {
        throw .runtime("'\(name)' is not available yet")
    }
}
enum RemoveCommand {
    static func run(_ args: [String], _ startup: Startup) throws(ExitError) { throw .runtime("'rm' is not available yet") }
}
enum ExportCommand {
    static func run(_ args: [String], _ startup: Startup) throws(ExitError) { throw .runtime("'export' is not available yet") }
}
enum ImportCommand {
    static func run(_ args: [String], _ startup: Startup) throws(ExitError) { throw .runtime("'import' is not available yet") }
}
