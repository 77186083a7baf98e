import KagoState

/// `kago rm ITEM...`: deletes items, printing each as `deleted  ID  [ ] NAME …`.
enum RemoveCommand {
    static func run(_ args: [String], _ startup: Startup) throws(ExitError) {
        let a = try Arguments(args, command: "rm")
        let store = try StoreAccess(startup)
        try store.followIDs(a.operands, startup)
        let items = try store.items()
        let names = try store.categoryNames()
        // No list is preferred: deleting is not undoable from the shell, so a name on both lists is ambiguous.
        let resolver = ItemResolver(items: items, categories: names, preferred: { _ in true })
        let targets = try resolver.resolve(a.operands, command: "rm")
        _ = try store.perform(.delete(ids: targets.map(\.id)))
        try FileIO.out(ItemLines.render(targets, categories: names, prefix: "deleted  "))
    }
}
