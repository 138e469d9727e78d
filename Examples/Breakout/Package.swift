// swift-tools-version:6.0
// Breakout: a small second game that runs under Interlude through its library products only (issue 13 point 5).
// It depends on Interlude by path and product name: the life-cycle machine (InterludeLifecycle), the runtime that
// runs any `LifecycleGame` (InterludeRuntime), the GL hosts' renderer protocol (InterludeGL), the window host
// (InterludeWindow) and, for the tests, the offscreen host (InterludeOffscreen) and the interruption-script format
// and its runner (InterludeScripts), and Interlude's testing library (InterludeTesting). No internal access: `import Lifecycle`, `import Runtime`, `import GLHost`,
// `import PlatformGLFW`, `import PlatformEGL`, `import Replay`, `import InterludeTesting`, nothing @testable.
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
                .product(name: "InterludeLifecycle", package: "Interlude"),
                .product(name: "InterludeRuntime", package: "Interlude"),
                .product(name: "InterludeScripts", package: "Interlude"),
            ]),
        // The game drawn with OpenGL 3.3 core: a SceneRenderer either GL host (offscreen, window) drives.
        .target(
            name: "BreakoutRenderer",
            dependencies: [
                "Breakout",
                .product(name: "InterludeGL", package: "Interlude"),
                .product(name: "InterludeRuntime", package: "Interlude"),
            ]),
        // `swift run breakout`: the game in a GLFW window, interrupted from the keyboard.
        .executableTarget(
            name: "breakout",
            dependencies: [
                "Breakout", "BreakoutRenderer",
                .product(name: "InterludeGL", package: "Interlude"),
                .product(name: "InterludeWindow", package: "Interlude"),
                .product(name: "InterludeLifecycle", package: "Interlude"),
                .product(name: "InterludeRuntime", package: "Interlude"),
            ]),
        .testTarget(
            name: "BreakoutTests",
            dependencies: [
                "Breakout",
                .product(name: "InterludeLifecycle", package: "Interlude"),
                .product(name: "InterludeRuntime", package: "Interlude"),
                .product(name: "InterludeScripts", package: "Interlude"),
                .product(name: "InterludeTesting", package: "Interlude"),
            ]),
        .testTarget(
            name: "BreakoutRendererTests",
            dependencies: [
                "Breakout", "BreakoutRenderer", "breakout",
                .product(name: "InterludeGL", package: "Interlude"),
                .product(name: "InterludeOffscreen", package: "Interlude"),
                .product(name: "InterludeLifecycle", package: "Interlude"),
                .product(name: "InterludeRuntime", package: "Interlude"),
                .product(name: "InterludeScripts", package: "Interlude"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
