// swift-tools-version:6.0
import PackageDescription

/// The Swift runtime kago needs is libswiftCore alone: without these implicit imports the
/// binary does not load the concurrency and regex libraries (2 MiB of memory and a
/// millisecond of dynamic linking at every launch, for APIs kago does not use).
let leanRuntime: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-implicit-concurrency-module-import",
                                                 "-Xfrontend", "-disable-implicit-string-processing-module-import"])]

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
        // libcurl's header only: KagoSync loads libcurl and libxml2 with dlopen when it syncs.
        .systemLibrary(name: "CCurl", path: "Modules/CCurl"),
        .target(name: "KagoState", swiftSettings: leanRuntime),
        .target(name: "KagoView", dependencies: ["KagoState"], swiftSettings: leanRuntime),
        .target(name: "KagoStore", dependencies: ["KagoState", "CSQLite"], swiftSettings: leanRuntime),
        .target(name: "KagoFormats", dependencies: ["KagoState"], swiftSettings: leanRuntime),
        // HTTP, XML and iCalendar for CalDAV sync; only the command layer imports it.
        .target(name: "KagoSync", dependencies: ["KagoState", "KagoStore", "CCurl"], swiftSettings: leanRuntime),
        .target(name: "KagoTerminal", dependencies: ["KagoView", "CNCurses"], swiftSettings: leanRuntime),
        // The run loop, behind the terminal protocol, so tests drive it with a fake terminal.
        .target(name: "KagoApp", dependencies: ["KagoState", "KagoView", "KagoStore"], swiftSettings: leanRuntime),
        .executableTarget(
            name: "kago",
            dependencies: ["KagoState", "KagoView", "KagoStore", "KagoTerminal", "KagoFormats", "KagoApp", "KagoSync"],
            swiftSettings: leanRuntime
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
        .testTarget(name: "KagoSyncTests", dependencies: ["KagoSync", "KagoStore", "KagoState"]),
        .testTarget(name: "KagoTerminalTests", dependencies: ["KagoTerminal", "KagoView"]),
        .testTarget(name: "KagoAppTests", dependencies: ["KagoApp", "KagoStore", "KagoState", "KagoView"]),
        // Runs the built `kago` binary against temporary XDG homes.
        .testTarget(name: "KagoCLITests", dependencies: ["kago"]),
    ],
    swiftLanguageModes: [.v6]
)
