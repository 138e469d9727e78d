// swift-tools-version:6.0
// InterludeApps: the engine's users that need a server stack, kept out of the engine's manifest (../Package.swift)
// so that a game adopting Interlude resolves no remote package. Here: the network clients (Services), the
// leaderboard and match servers, the `interlude` command, the benchmarks and the fuzzers, and their tests. They use
// the engine and the shooter through the root package's products, as any other package would.
// Built with `make` from the root (`make build`, `make test`, `make replay`), or here with `swift build`.
import PackageDescription

/// The root package's products by name (each product is named as its module).
func interlude(_ names: String...) -> [Target.Dependency] {
    names.map { .product(name: $0, package: "Interlude") }
}

let package = Package(
    name: "InterludeApps",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "interlude", targets: ["interlude"]),
        .executable(name: "interlude-bench", targets: ["InterludeBench"]),
    ],
    dependencies: [
        // The engine and the shooter: this repository's root package (its folder's name may differ, so named).
        .package(name: "Interlude", path: ".."),
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
        // The match server and its client: WebSocket (issue 16, Assets/match-protocol.md).
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", exact: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", exact: "1.6.2"),
    ],
    targets: [
        // The network clients: the real leaderboard client and the match connection.
        .target(
            name: "Services",
            dependencies: interlude("InterludeNetwork", "GameCore", "Runtime", "Storage") + [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                "MatchWire", .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
            ]),
        // A server's services run in this process (the embedded leaderboard and match servers): start, stop.
        .target(
            name: "EmbeddedServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // RFC 8259 JSON and nothing looser: the check both servers run before decoding. Imports nothing.
        .target(name: "StrictJSON"),
        .target(
            name: "LeaderboardServer",
            dependencies: interlude("GameCore") + [
                "EmbeddedServer", "StrictJSON",
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
        // The match protocol (Assets/match-protocol.md): messages, their JSON and their limits. Foundation, StrictJSON,
        // and the engine's PlayerNames for the names' rules and key (the function the in-memory match uses too).
        .target(name: "MatchWire", dependencies: ["StrictJSON"] + interlude("PlayerNames")),
        // The match server: matches in memory, over WebSocket (hummingbird-websocket).
        .target(
            name: "MatchServer",
            dependencies: [
                "MatchWire", "EmbeddedServer", "StrictJSON",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "WSCore", package: "swift-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The shooter's command line as a value (ShooterTool): Interlude's tool given the shooter, with its own
        // play, soak, leaderboard and match.
        .target(
            name: "ShooterCommands",
            dependencies: interlude(
                "InterludeNetwork",
                "InterludeCLI", "Lifecycle", "GameCore", "Replay", "Runtime", "Saves", "Storage", "PlatformEGL",
                "ShooterPlatform", "PlatformGLFW", "PhoneScreens")
                + [
                    "Services", "LeaderboardServer", "MatchServer", "MatchWire",
                    .product(name: "ArgumentParser", package: "swift-argument-parser"),
                ]),
        .executableTarget(name: "interlude", dependencies: ["ShooterCommands"]),
        // The tests' misbehaving `interlude` (a hang, a crash on purpose): built beside it, never a product.
        .executableTarget(
            name: "interlude-test-doubles",
            dependencies: ["ShooterCommands"] + interlude("InterludeCLI", "Replay", "Runtime", "GLHost")),
        .executableTarget(
            name: "InterludeBench",
            dependencies: interlude(
                "GameCore", "Lifecycle", "Replay", "Runtime", "Saves", "Storage", "PlatformEGL", "ShooterPlatform",
                "Exploration", "Simulation", "Faults", "ForeignGame") + ["Services"]),
        .executableTarget(
            name: "render-bench",
            dependencies: interlude(
                "GameCore", "Lifecycle", "Replay", "Runtime", "Renderer", "PlatformEGL", "ShooterPlatform", "GLHost",
                "Storage")),
        .target(name: "LoadSockets"),
        .executableTarget(
            name: "leaderboard-load",
            dependencies: interlude("GameCore", "ShooterPlatform", "Faults") + [
                "LeaderboardServer", "Services", "LoadSockets", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),
        .executableTarget(
            name: "match-load",
            dependencies: [
                "MatchServer", "MatchWire", "Services", "LoadSockets",
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "WSCore", package: "swift-websocket"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
            ]),

        .testTarget(
            name: "ServicesTests",
            dependencies: interlude(
                "Runtime", "GameCore", "Lifecycle", "Replay", "InterludeTesting", "TestSupport", "Storage",
                "ShooterPlatform") + ["Services", "interlude", "InterludeBench"]),
        .testTarget(
            name: "LeaderboardTests",
            dependencies: interlude(
                "InterludeNetwork",
                "Runtime", "Lifecycle", "GameCore", "Replay", "InterludeTesting", "ShooterPlatform", "Storage",
                "TestSupport", "Faults", "Simulation") + [
                    "LeaderboardServer", "Services", "StrictJSON", .product(name: "GRDB", package: "GRDB.swift"),
                ],
            exclude: ["with-postgres.sh"]),
        .testTarget(
            name: "InterludeTests",
            dependencies: interlude(
                "PlatformEGL", "ShooterPlatform", "Runtime", "Replay", "Lifecycle", "GameCore", "InterludeTesting",
                "TestSupport", "InterludeCLI") + ["interlude", "interlude-test-doubles", "ShooterCommands"]),
        .testTarget(
            name: "MatchServerTests",
            dependencies: interlude(
                "InterludeNetwork", "Runtime", "GameCore", "Lifecycle", "TestSupport", "PlayerNames", "Faults",
                "Simulation", "InterludeTesting") + [
                    "MatchServer", "MatchWire", "EmbeddedServer", "Services", "interlude",
                    .product(name: "WSClient", package: "swift-websocket"),
                    .product(name: "NIOCore", package: "swift-nio"),
                    .product(name: "NIOWebSocket", package: "swift-nio"),
                    .product(name: "Logging", package: "swift-log"),
                ]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer harnesses (Fuzz/README.md, `make fuzz`): declared only when INTERLUDE_FUZZ=1, and built by
// Fuzz/build.sh with -sanitize=fuzzer in .build-fuzz, so an ordinary build neither sees nor compiles them.
if Context.environment["INTERLUDE_FUZZ"] == "1" {
    let fuzzers: [(String, [Target.Dependency])] = [
        ("fuzz-script", interlude("Replay", "Lifecycle", "Runtime", "GameCore")),
        ("fuzz-level", interlude("GameCore", "Runtime", "Saves", "Lifecycle")),
        ("fuzz-snapshot", interlude("GameCore", "Runtime", "Saves", "Lifecycle")),
        ("fuzz-font", interlude("Renderer")),
        ("fuzz-leaderboard-server", ["LeaderboardServer"]),
        ("fuzz-leaderboard-client", interlude("Runtime") + ["Services", "LeaderboardServer"]),
    ]
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/Sources/FuzzSupport"))
    for (name, dependencies) in fuzzers {
        package.targets.append(
            .executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies, path: "Fuzz/Sources/\(name)"))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
