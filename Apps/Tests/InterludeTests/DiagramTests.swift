import Foundation
import InterludeTesting
import XCTest

@testable import ShooterCommands

/// The committed diagrams must be what the code generates today.
final class DiagramTests: XCTestCase {
    func testCommittedDiagramsAreNotStale() throws {
        let result = try Interlude.run([
            "diagram", "--check", "--out", Interlude.root.appendingPathComponent("Diagrams").path,
        ])
        XCTAssertEqual(result.status, 0, "Diagrams/ is stale: run `make diagrams` and commit. \(result.output)")
        let profiles = ["ios4", "ios5", "ios13", "ios26", "android28", "android34"]
        let cases = ["sms", "call-multiplayer", "home", "lock"].flatMap { situation in
            profiles.flatMap { ["case-\(situation)-\($0).mmd", "case-\(situation)-\($0).svg"] }
        }
        XCTAssertEqual(cases.count, 48)
        for name in profiles.map({ "lifecycle-\($0).svg" }) + ["modules.svg"] + cases {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: Interlude.root.appendingPathComponent("Diagrams/\(name)").path),
                name)
        }
    }

    func testDiagramCheckNoticesAStaleFile() throws {
        let folder = try TemporaryFolder().url
        XCTAssertEqual(try Interlude.run(["diagram", "--out", folder.path]).status, 0)
        XCTAssertEqual(try Interlude.run(["diagram", "--check", "--out", folder.path]).status, 0)
        let file = folder.appendingPathComponent("lifecycle-ios4.mmd")
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "smsArrived", with: "smsArrivd")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let stale = try Interlude.run(["diagram", "--check", "--out", folder.path])
        XCTAssertEqual(stale.status, 1)
        XCTAssertTrue(stale.output.contains("lifecycle-ios4.mmd"), stale.output)
        // A situation's timeline is compared too, its SVG included (drawn by our code: the same bytes everywhere).
        let svg = folder.appendingPathComponent("case-lock-ios5.svg")
        var drawing = try String(contentsOf: svg, encoding: .utf8)
        XCTAssertTrue(drawing.contains(">lockPressed</text>"))
        XCTAssertTrue(drawing.contains("→ background (lock)"), "iOS 5: the lock sends the app to the background")
        drawing = drawing.replacingOccurrences(of: "lockPressed", with: "lockPresed")
        try drawing.write(to: svg, atomically: true, encoding: .utf8)
        let staleCase = try Interlude.run(["diagram", "--check", "--out", folder.path])
        XCTAssertEqual(staleCase.status, 1)
        XCTAssertTrue(staleCase.output.contains("case-lock-ios5.svg"), staleCase.output)
        let ios4 = try String(contentsOf: folder.appendingPathComponent("case-lock-ios4.mmd"), encoding: .utf8)
        XCTAssertTrue(ios4.contains("Note over App: active → inactive (lock)"), "iOS 4: the lock keeps it inactive")
        XCTAssertFalse(ios4.contains("→ background"), ios4)
    }

    func testModuleGraphMatchesThePackageManifests() throws {
        var declared: [String: [String]] = [:]
        // The root package's targets name each other; Apps' name theirs and the root's products (named as modules).
        for (folder, package) in [(Interlude.root, "root"), (Interlude.root.appendingPathComponent("Apps"), "apps")] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-describe-" + package)
            process.arguments = ["swift", "package", "--scratch-path", scratch.path, "dump-package"]
            process.currentDirectoryURL = folder
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let manifest = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            for target in manifest["targets"] as? [[String: Any]] ?? [] where target["type"] as? String != "test" {
                let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap {
                    dependency -> String? in
                    if let byName = dependency["byName"] as? [Any] { return byName.first as? String }
                    // ["Runtime", "Interlude", null, null]: a product of the root package.
                    if let product = dependency["product"] as? [Any], product.count > 1,
                        product[1] as? String == "Interlude"
                    {
                        return product[0] as? String
                    }
                    return nil
                }
                declared[target["name"] as! String] = dependencies
            }
        }
        for (name, dependencies) in ModuleGraph.targets {
            XCTAssertEqual(
                declared[name], dependencies, "ModuleGraph.targets disagrees with the manifests on \(name)")
        }
        let graphNames = Set(ModuleGraph.targets.map(\.name))
        let library = declared.keys.filter { !$0.hasPrefix("C") || $0 == "interlude" }
        XCTAssertEqual(Set(library), graphNames)
        let appsNames = Set(declared.keys).subtracting(ModuleGraph.shims).filter { name in
            !FileManager.default.fileExists(atPath: Interlude.root.appendingPathComponent("Sources/" + name).path)
                && name != "TestSupport"
        }
        XCTAssertEqual(Set(appsNames), ModuleGraph.apps, "the second package's targets are drawn in its box")
    }
}
