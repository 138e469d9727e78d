// swift-tools-version:6.0
// Breakout: a small second game that runs under Interlude through its library products only (issue 13 point 5).
// It depends on Interlude by path and product name: the life-cycle machine (InterludeLifecycle), the runtime that
// runs any `LifecycleGame` (InterludeRuntime) and, for the tests, the interruption-script format and its runner
// (InterludeScripts). No internal access: `import Lifecycle`, `import Runtime`, `import Replay`, nothing @testable.
import PackageDescription

let package = Package(
    name: "Breakout",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Breakout", targets: ["Breakout"])
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
            ]),
        .testTarget(
            name: "BreakoutTests",
            dependencies: [
                "Breakout",
                .product(name: "InterludeLifecycle", package: "Interlude"),
                .product(name: "InterludeRuntime", package: "Interlude"),
                .product(name: "InterludeScripts", package: "Interlude"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
