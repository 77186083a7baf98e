import KagoState

/// `kago check|done ITEM...` and `kago uncheck ITEM...`: move items between the lists.
enum CheckCommand {
    /// - Parameters:
    ///   - purchase: true to mark purchased, false to put back on the to-buy list.
    ///   - name: the command as typed (`check`, `done`, `uncheck`), for messages.
    static func run(_ args: [String], _ startup: Startup, purchase: Bool, name: String) throws(ExitError) {
        let a = try Arguments(args, command: name)
        let store = try StoreAccess(startup)
        try store.followIDs(a.operands, startup)
        let items = try store.items()
        let names = try store.categoryNames()
        // Names are looked for first among the items that can still change.
        let resolver = ItemResolver(items: items, categories: names, preferred: { $0.isPurchased != purchase })
        let targets = try resolver.resolve(a.operands, command: name)
        let changes = try store.perform(.setPurchased(ids: targets.map(\.id), purchase))
        // Items already in the asked-for state are not in the change set; they are shown as they are.
        var after: [Int64: Item] = [:]
        for change in changes.items { after[change.id] = change.after }
        try FileIO.out(ItemLines.render(targets.map { after[$0.id] ?? $0 }, categories: names))
    }
}
