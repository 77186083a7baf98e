import KagoApp
import KagoState
import KagoStore

/// `kago move ITEM... --to LIST`: moves items to another list, each keeping its category by
/// name, printing each as `moved to LIST  ID  [ ] NAME …`.
enum MoveCommand {
    static func run(_ args: [String], _ startup: Startup) throws(ExitError) {
        let a = try Arguments(args, command: "move", options: ["--to"])
        guard let to = a.values["--to"] else {
            throw .usage("'move' needs --to LIST", hint: "For example: kago move soap --to drugstore")
        }
        let store = try StoreAccess(startup)
        try store.followIDs(a.operands, startup)
        let target = try ListResolver.resolve(to, in: try store.lists())
        let items = try store.items()
        let names = try store.categoryNames()
        let resolver = ItemResolver(items: items, categories: names, preferred: { _ in true })
        let moving = try resolver.resolve(a.operands, command: "move")
        guard target.id != store.store.listID else {
            throw .usage("the items are on '\(SafeText.sanitize(target.name))' already")
        }
        _ = try store.run { s throws(StoreError) in try s.perform(.moveItems(ids: moving.map(\.id), toList: target.id), now: SystemClock.now()) }
        try FileIO.out(ItemLines.render(moving, categories: names, prefix: "moved to \(SafeText.sanitize(target.name))  "))
    }
}
