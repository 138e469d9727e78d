// swift-tools-version:6.0
// Breakout: a small second game that runs under Interlude through its library products only. It depends on Interlude
// by path and product name, each product named as its module: the life-cycle machine (Lifecycle), the runtime that
// runs any `LifecycleGame` (Runtime), the save file's formats (Saves), the GL hosts' renderer protocol (GLHost), the
// offscreen host (PlatformEGL), durable saves and PNG files (Storage), Interlude's command line (InterludeCLI:
// `breakout replay | simulate | explore | diagram | play`) and, for the tests, the interruption-script format and its
// runner (Replay) and Interlude's testing library (InterludeTesting). No internal access: nothing @testable. Interlude's root manifest
// names one remote package, swift-argument-parser (InterludeCLI's), so this package resolves that one and no other
// (`swift package show-dependencies`).
import PackageDescription

let package = Package(
    name: "Breakout",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Breakout", targets: ["Breakout"]),
        .library(name: "BreakoutRenderer", targets: ["BreakoutRenderer"]),
        .executable(name: "breakout", targets: ["breakout"]),
    ],
    dependencies: [
        .package(name: "Interlude", path: "../..")
    ],
    targets: [
        .target(
            name: "Breakout",
            dependencies: [
                .product(name: "Lifecycle", package: "Interlude"),
                .product(name: "Runtime", package: "Interlude"),
                .product(name: "Saves", package: "Interlude"),
                .product(name: "Replay", package: "Interlude"),
            ]),
        // The game drawn with OpenGL 3.3 core: a SceneRenderer either GL host (offscreen, window) drives.
        .target(
            name: "BreakoutRenderer",
            dependencies: [
                "Breakout",
                .product(name: "GLHost", package: "Interlude"),
                .product(name: "Runtime", package: "Interlude"),
            ]),
        // `swift run breakout`: Breakout's command line (Interlude's, given the game): replay, simulate, explore,
        // diagram, and play in a GLFW window interrupted from the keyboard.
        .executableTarget(
            name: "breakout",
            dependencies: [
                "Breakout", "BreakoutRenderer",
                .product(name: "InterludeCLI", package: "Interlude"),
                .product(name: "PlatformEGL", package: "Interlude"),
                .product(name: "PlatformGLFW", package: "Interlude"),
                .product(name: "Storage", package: "Interlude"),
                .product(name: "Runtime", package: "Interlude"),
            ]),
        .testTarget(
            name: "BreakoutTests",
            dependencies: [
                "Breakout",
                .product(name: "Lifecycle", package: "Interlude"),
                .product(name: "Runtime", package: "Interlude"),
                .product(name: "Saves", package: "Interlude"),
                .product(name: "Replay", package: "Interlude"),
                .product(name: "InterludeTesting", package: "Interlude"),
            ]),
        .testTarget(
            name: "BreakoutRendererTests",
            dependencies: [
                "Breakout", "BreakoutRenderer", "breakout",
                .product(name: "GLHost", package: "Interlude"),
                .product(name: "Storage", package: "Interlude"),
                .product(name: "PlatformEGL", package: "Interlude"),
                .product(name: "Lifecycle", package: "Interlude"),
                .product(name: "Runtime", package: "Interlude"),
                .product(name: "Replay", package: "Interlude"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
