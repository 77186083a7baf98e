// swift-tools-version:6.0
import PackageDescription

/// kago: a keyboard-first shopping list for the terminal.
/// Only KagoTerminal imports CNCurses and only KagoStore imports CSQLite;
/// KagoState and KagoView are pure Swift and test without a terminal.
let package = Package(
    name: "kago",
    products: [
        .executable(name: "kago", targets: ["kago"]),
    ],
    targets: [
        .systemLibrary(name: "CNCurses", path: "Modules/CNCurses"),
        .systemLibrary(name: "CSQLite", path: "Modules/CSQLite"),
        .target(name: "KagoState"),
        .target(name: "KagoView", dependencies: ["KagoState"]),
        .target(name: "KagoStore", dependencies: ["KagoState", "CSQLite"]),
        .target(name: "KagoFormats", dependencies: ["KagoState"]),
        .target(name: "KagoTerminal", dependencies: ["KagoView", "CNCurses"]),
        .executableTarget(
            name: "kago",
            dependencies: ["KagoState", "KagoView", "KagoStore", "KagoTerminal", "KagoFormats"]
        ),
        // Helpers shared by the test targets (a seeded random generator).
        .target(name: "KagoTestSupport", path: "Tests/KagoTestSupport"),
        .testTarget(name: "KagoStateTests", dependencies: ["KagoState", "KagoTestSupport"]),
        .testTarget(
            name: "KagoViewTests",
            dependencies: ["KagoView", "KagoState", "KagoTestSupport"],
            exclude: ["Snapshots"]
        ),
        .testTarget(name: "KagoStoreTests", dependencies: ["KagoStore", "KagoState"]),
        .testTarget(name: "KagoFormatsTests", dependencies: ["KagoFormats", "KagoState", "KagoTestSupport"]),
        .testTarget(name: "KagoTerminalTests", dependencies: ["KagoTerminal", "KagoView"]),
        // Runs the built `kago` binary against temporary XDG homes.
        .testTarget(name: "KagoCLITests", dependencies: ["kago"]),
    ],
    swiftLanguageModes: [.v6]
)
