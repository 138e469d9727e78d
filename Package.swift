// swift-tools-version:6.0
// Interlude: an embedded FPS game core driven by an explicit iOS-style app life cycle.
// The dependency rule (README "Architecture"): arrows point inward; Lifecycle and GameCore import nothing;
// only Renderer and Platform* touch GL; Runtime never imports Renderer.
import PackageDescription

let package = Package(
    name: "Interlude",
    platforms: [.macOS(.v14)],
    products: [
        // Libraries, for a game of your own (README "Embed Interlude in your game"). Each names the module it gives.
        // The life-cycle machine alone: states, events, callbacks, work, the per-profile tables (module Lifecycle).
        .library(name: "InterludeLifecycle", targets: ["Lifecycle"]),
        // The runtime that runs any `LifecycleGame` under the life cycle: virtual time, work, GL gate, snapshots,
        // invariants, transcript (module Runtime).
        .library(name: "InterludeRuntime", targets: ["Runtime"]),
        // The interruption-script format: parse, write, replay on a runtime (module Replay).
        .library(name: "InterludeScripts", targets: ["Replay"]),
        // The shooter, Interlude's own game, as a LifecycleGame (module GameCore).
        .library(name: "InterludeShooter", targets: ["GameCore"]),
        // What a game's GL renderer conforms to (SceneRenderer), with the GL gate and the offscreen framebuffer
        // (module GLHost).
        .library(name: "InterludeGL", targets: ["GLHost"]),
        // The headless host: an EGL context and an offscreen Display for any SceneRenderer (module PlatformEGL).
        .library(name: "InterludeOffscreen", targets: ["PlatformEGL"]),
        // The window host: a GLFW window, its Display and the real-time loop for any game (module PlatformGLFW).
        .library(name: "InterludeWindow", targets: ["PlatformGLFW"]),
        // The phone's own screens (alert, call, lock, home, switcher) drawn over the app (module PhoneScreens).
        .library(name: "InterludePhoneScreens", targets: ["PhoneScreens"]),
        // Your game's tests: replay scripts, readable failures, Swift Testing and XCTest (module InterludeTesting).
        .library(name: "InterludeTesting", targets: ["InterludeTesting"]),
        // Every interruption explored: the model checker over the life cycle and any game, and interruption
        // invariance of a script (module Exploration).
        .library(name: "InterludeExploration", targets: ["Exploration"]),
        .executable(name: "interlude", targets: ["interlude"]),
        .executable(name: "interlude-bench", targets: ["InterludeBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        // Already resolved through Hummingbird; named so the leaderboard's connection guard may import NIO's modules.
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras", exact: "1.35.2"),
        // Already resolved through postgres-nio; named for the leaderboard's SHA-256 of tokens.
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        // The leaderboard's PostgreSQL store (`leaderboard serve --db postgres://...`).
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        // Already resolved through postgres-nio and AsyncHTTPClient; named for its TLS configuration type.
        .package(url: "https://github.com/apple/swift-nio-ssl", exact: "2.37.6"),
        // `make docs`: API documentation of the library products (swift package generate-documentation).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
        // The match server and its client: WebSocket (issue 16, Assets/match-protocol.md).
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", exact: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", exact: "1.6.2"),
    ],
    targets: [
        .systemLibrary(name: "CGL", path: "Sources/CGL", pkgConfig: "opengl", providers: [.apt(["libgl-dev"])]),
        .systemLibrary(name: "CEGL", path: "Sources/CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLFW", path: "Sources/CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),

        .target(name: "Lifecycle"),
        .target(name: "Runtime", dependencies: ["Lifecycle"]),
        .target(name: "GameCore", dependencies: ["Lifecycle", "Runtime", "Replay"]),
        .target(name: "Replay", dependencies: ["Lifecycle", "Runtime"]),
        .target(name: "InterludeTesting", dependencies: ["Lifecycle", "Runtime", "Replay"]),
        .target(name: "Exploration", dependencies: ["Lifecycle", "Runtime", "Replay"]),
        .target(name: "GLHost", dependencies: ["CGL", "Runtime"]),
        .target(name: "Renderer", dependencies: ["CGL", "GLHost", "GameCore", "Runtime"]),
        .target(
            name: "Services",
            dependencies: [
                "GameCore", "Runtime", "CPNG", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                "MatchWire", .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
            ]),
        .target(name: "PlatformEGL", dependencies: ["CEGL", "GLHost", "Runtime"]),
        .target(name: "PhoneScreens", dependencies: ["GLHost", "Lifecycle", "Runtime"]),
        .target(
            name: "PlatformGLFW", dependencies: ["CGLFW", "CGL", "GLHost", "Runtime", "Lifecycle", "PhoneScreens"]),
        .target(
            name: "ShooterPlatform",
            dependencies: [
                "GLHost", "Renderer", "Services", "PlatformEGL", "PlatformGLFW", "GameCore", "Runtime", "PhoneScreens",
            ]),
        // A server's services run in this process (the embedded leaderboard and match servers): start, stop.
        .target(
            name: "EmbeddedServer",
            dependencies: [
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(
            name: "LeaderboardServer",
            dependencies: [
                "GameCore", "EmbeddedServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // The match protocol (Assets/match-protocol.md): messages, their JSON and their limits. Foundation only.
        .target(name: "MatchWire"),
        // The match server: matches in memory, over WebSocket (hummingbird-websocket).
        .target(
            name: "MatchServer",
            dependencies: [
                "MatchWire", "EmbeddedServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "WSCore", package: "swift-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "interlude",
            dependencies: [
                "Lifecycle", "GameCore", "Replay", "Runtime", "Services", "PlatformEGL", "ShooterPlatform",
                "PlatformGLFW", "Exploration", "PhoneScreens",
                "LeaderboardServer", "MatchServer", "MatchWire",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "InterludeBench",
            dependencies: [
                "GameCore", "Lifecycle", "Replay", "Runtime", "Services", "PlatformEGL", "ShooterPlatform",
                "Exploration",
            ],
            path: "Benchmarks/Sources/InterludeBench"),

        .executableTarget(
            name: "render-bench",
            dependencies: [
                "GameCore", "Lifecycle", "Replay", "Runtime", "Renderer", "PlatformEGL", "ShooterPlatform", "GLHost",
                "Services",
            ],
            path: "Benchmarks/Sources/render-bench"),

        // What the test targets share to run programs: the built executables, a run with a deadline (tests only).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "LifecycleTests", dependencies: ["Lifecycle"]),
        .testTarget(name: "ReplayTests", dependencies: ["Replay", "Lifecycle", "GameCore", "Runtime"]),
        .testTarget(name: "GameCoreTests", dependencies: ["GameCore", "Runtime", "Lifecycle"]),
        .testTarget(
            name: "RuntimeTests", dependencies: ["Runtime", "Lifecycle", "GameCore", "Replay", "InterludeTesting"]),
        .testTarget(
            name: "RendererTests",
            dependencies: [
                "Renderer", "PlatformEGL", "ShooterPlatform", "GLHost", "GameCore", "Runtime", "Services", "CGL",
                "InterludeTesting",
            ]),
        .testTarget(
            name: "PlatformGLFWTests",
            dependencies: [
                "PlatformGLFW", "ShooterPlatform", "GLHost", "Runtime", "Lifecycle", "GameCore", "Services", "CGLFW",
                "InterludeTesting", "PhoneScreens", "TestSupport",
            ],
            exclude: ["run-under-xvfb.sh", "References"]),
        .testTarget(
            name: "PhoneScreensTests",
            dependencies: [
                "PhoneScreens", "Lifecycle", "Runtime", "GLHost", "PlatformEGL", "ShooterPlatform", "GameCore",
                "Services",
                "Replay",
            ]),
        .testTarget(
            name: "ServicesTests",
            dependencies: [
                "Services", "Runtime", "GameCore", "Lifecycle", "Replay", "interlude", "InterludeBench",
                "InterludeTesting", "TestSupport",
            ]),
        .executableTarget(
            name: "leaderboard-load",
            dependencies: [
                "LeaderboardServer", "GameCore", "Services", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Benchmarks/Sources/leaderboard-load"),
        .executableTarget(
            name: "match-load",
            dependencies: [
                "MatchServer", "MatchWire", .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "WSCore", package: "swift-websocket"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/Sources/match-load"),
        .testTarget(
            name: "LeaderboardTests",
            dependencies: [
                "LeaderboardServer", "Services", "Runtime", "Lifecycle", "GameCore", "Replay", "InterludeTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["with-postgres.sh"]),
        .testTarget(
            name: "InterludeTests",
            dependencies: [
                "interlude", "PlatformEGL", "ShooterPlatform", "Runtime", "Replay", "Lifecycle", "GameCore",
                "InterludeTesting", "TestSupport",
            ]),
        .testTarget(
            name: "MatchServerTests",
            dependencies: [
                "MatchServer", "MatchWire", "Services", "interlude", "Runtime", "GameCore", "Lifecycle", "TestSupport",
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "ExplorationTests",
            dependencies: ["Exploration", "GameCore", "Runtime", "Replay", "Lifecycle"]),
        .testTarget(
            name: "InterludeTestingTests",
            dependencies: ["InterludeTesting", "GameCore", "Runtime", "Replay", "Lifecycle", "Services"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer harnesses (Fuzz/README.md, `make fuzz`): declared only when INTERLUDE_FUZZ=1, and built by
// Fuzz/build.sh with -sanitize=fuzzer in .build-fuzz, so an ordinary build neither sees nor compiles them.
if Context.environment["INTERLUDE_FUZZ"] == "1" {
    let fuzzers: [(String, [Target.Dependency])] = [
        ("fuzz-script", ["Replay", "Lifecycle", "Runtime", "GameCore"]),
        ("fuzz-level", ["GameCore", "Runtime", "Lifecycle"]),
        ("fuzz-snapshot", ["GameCore", "Runtime", "Lifecycle"]),
        ("fuzz-font", ["Renderer"]),
        ("fuzz-leaderboard-server", ["LeaderboardServer"]),
        ("fuzz-leaderboard-client", ["Services", "Runtime", "LeaderboardServer"]),
    ]
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/Sources/FuzzSupport"))
    for (name, dependencies) in fuzzers {
        package.targets.append(
            .executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies, path: "Fuzz/Sources/\(name)"))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
