// swift-tools-version:6.0
// Interlude, the engine: an explicit iOS-style app life cycle that runs any game, its scripts, its tests, its GL
// hosts and its command line. This manifest names one remote package, swift-argument-parser (for InterludeCLI, a
// game's own command line), so a game that adopts Interlude (`.package(url:)` or `.package(path:)`) resolves nothing
// else (`make check-imports` holds it to that). The engine's users that need a server stack (the network clients,
// the leaderboard and match servers, the shooter's `interlude` command, the benchmarks and the fuzzers) are a second
// package, Apps/Package.swift, which depends on this one by path (README "Map of the house").
// The dependency rule: arrows point inward; Lifecycle imports nothing; only GLHost, the renderers and Platform* touch GL;
// Runtime never imports a game, a renderer or the script format. Every library product is named as its module, so
// `.product(name: "Runtime", package: ...)` and `import Runtime` agree.
import PackageDescription

/// The engine's modules a game builds on, each a product of the same name.
let engine = [
    "Lifecycle", "Runtime", "Replay", "InterludeTesting", "Exploration", "GLHost", "PlatformEGL", "PlatformGLFW",
    "PhoneScreens", "Storage", "Faults", "Simulation", "ForeignGame", "ForeignRenderer", "InterludeCLI",
]
/// Interlude's own shooter, a user of the engine kept here because it needs nothing remote and the engine's tests
/// drive it; products for the second package (Apps/).
let shooter = ["GameCore", "Renderer", "ShooterPlatform"]

let package = Package(
    name: "Interlude",
    platforms: [.macOS(.v14)],
    products: (engine + shooter).map { .library(name: $0, targets: [$0]) } + [
        // What this repository's test targets share to run programs with a deadline (Apps' tests use it too).
        .library(name: "TestSupport", targets: ["TestSupport"])
    ],
    dependencies: [
        // The only remote package: a game's command line (InterludeCLI) parses its arguments with it.
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2")
    ],
    targets: [
        .systemLibrary(name: "CGL", path: "Sources/CGL", pkgConfig: "opengl", providers: [.apt(["libgl-dev"])]),
        .systemLibrary(name: "CEGL", path: "Sources/CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLFW", path: "Sources/CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        // The game ABI's header (interlude_game.h), for C games and for the loader's types.
        .systemLibrary(name: "CInterludeGame", path: "Sources/CInterludeGame"),

        // The engine.
        .target(name: "Lifecycle"),
        .target(name: "Runtime", dependencies: ["Lifecycle", "Faults"]),
        .target(name: "Replay", dependencies: ["Lifecycle", "Runtime", "Faults"]),
        .target(name: "InterludeTesting", dependencies: ["Lifecycle", "Runtime", "Replay"]),
        .target(name: "Exploration", dependencies: ["Lifecycle", "Runtime", "Replay"]),
        .target(name: "GLHost", dependencies: ["CGL", "Runtime"]),
        .target(name: "PlatformEGL", dependencies: ["CEGL", "GLHost", "Runtime"]),
        .target(name: "PhoneScreens", dependencies: ["GLHost", "Lifecycle", "Runtime"]),
        .target(
            name: "PlatformGLFW", dependencies: ["CGLFW", "CGL", "GLHost", "Runtime", "Lifecycle", "PhoneScreens"]),
        // Files that survive a crash: durable writes, the snapshot store on disk, the crash guard's handler, PNG.
        .target(name: "Storage", dependencies: ["Runtime", "CPNG", "Faults"]),
        .target(name: "Faults"),
        .target(name: "Simulation", dependencies: ["Lifecycle", "Runtime", "Faults", "Storage", "Replay"]),
        // A game written in C (or any language with a C FFI), loaded from a shared library (Docs/Contract.md §11).
        .target(name: "ForeignGame", dependencies: ["CInterludeGame", "Lifecycle", "Runtime", "Replay"]),
        .target(name: "ForeignRenderer", dependencies: ["ForeignGame", "GLHost", "Runtime"]),
        // A game's own command line (`replay`, `simulate`, `explore`, `diagram`, `play`): InterludeTool.main().
        .target(
            name: "InterludeCLI",
            dependencies: [
                "Lifecycle", "Runtime", "Replay", "Storage", "Faults", "Exploration", "Simulation", "GLHost",
                "PlatformEGL", "PlatformGLFW", "PhoneScreens", "ForeignGame", "ForeignRenderer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // The shooter.
        .target(name: "GameCore", dependencies: ["Lifecycle", "Runtime", "Replay", "Faults"]),
        .target(name: "Renderer", dependencies: ["CGL", "GLHost", "GameCore", "Runtime"]),
        .target(
            name: "ShooterPlatform",
            dependencies: [
                "GLHost", "Renderer", "Storage", "PlatformEGL", "PlatformGLFW", "GameCore", "Runtime", "PhoneScreens",
            ]),

        // What the test targets share to run programs: the built executables, a run with a deadline (tests only).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "LifecycleTests", dependencies: ["Lifecycle"]),
        .testTarget(
            name: "ForeignGameTests",
            dependencies: [
                "ForeignGame", "ForeignRenderer", "PlatformEGL", "GLHost", "Runtime", "Lifecycle", "Replay",
                "InterludeTesting", "TestSupport",
            ],
            exclude: ["Libraries"]),
        .testTarget(
            name: "SimulationTests",
            dependencies: [
                "Simulation", "Faults", "Storage", "Runtime", "Lifecycle", "GameCore", "InterludeTesting", "Replay",
            ]),
        .testTarget(name: "ReplayTests", dependencies: ["Replay", "Lifecycle", "GameCore", "Runtime", "Faults"]),
        .testTarget(name: "GameCoreTests", dependencies: ["GameCore", "Runtime", "Lifecycle"]),
        .testTarget(
            name: "RuntimeTests", dependencies: ["Runtime", "Lifecycle", "GameCore", "Replay", "InterludeTesting"]),
        .testTarget(
            name: "RendererTests",
            dependencies: [
                "Renderer", "PlatformEGL", "ShooterPlatform", "GLHost", "GameCore", "Runtime", "Storage", "CGL",
                "InterludeTesting", "TestSupport",
            ]),
        .testTarget(
            name: "PlatformGLFWTests",
            dependencies: [
                "PlatformGLFW", "ShooterPlatform", "GLHost", "Runtime", "Lifecycle", "GameCore", "CGLFW",
                "InterludeTesting", "PhoneScreens", "TestSupport",
            ],
            exclude: ["run-under-xvfb.sh", "References"]),
        .testTarget(
            name: "PhoneScreensTests",
            dependencies: [
                "PhoneScreens", "Lifecycle", "Runtime", "GLHost", "PlatformEGL", "ShooterPlatform", "GameCore",
                "Storage", "Replay",
            ]),
        .testTarget(
            name: "ExplorationTests",
            dependencies: ["Exploration", "GameCore", "Runtime", "Replay", "Lifecycle"]),
        .testTarget(
            name: "InterludeTestingTests",
            dependencies: ["InterludeTesting", "GameCore", "Runtime", "Replay", "Lifecycle", "ShooterPlatform"]),
    ],
    swiftLanguageModes: [.v6]
)

// `make docs` (API documentation of the engine's products through swift-docc-plugin) sets INTERLUDE_DOCS=1 and
// builds in a scratch path of its own: the plugin is a remote package, so a game adopting Interlude never resolves it.
if Context.environment["INTERLUDE_DOCS"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"))
}
