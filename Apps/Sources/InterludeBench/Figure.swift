// Figure: one reported number with its goal, and the JSON file each mode writes (out/bench/MODE.json), which
// `interlude-bench report` gathers into benchmarks.json, benchmarks.md and benchmarks.svg.

import Foundation

/// One measured number, its unit, and the goal it is held to (if any).
struct Figure {
    enum Better: String { case lower, higher }

    let name: String
    let value: Double
    let unit: String
    var goal: Double? = nil
    var better: Better = .lower
    var note: String = ""

    /// Whether the goal holds; nil without a goal.
    var met: Bool? {
        guard let goal else { return nil }
        return better == .lower ? value <= goal : value >= goal
    }

    var json: [String: Any] {
        var object: [String: Any] = ["name": name, "value": (value * 1000).rounded() / 1000, "unit": unit]
        if let goal {
            object["goal"] = goal
            object["better"] = better.rawValue
            object["met"] = met!
        }
        if !note.isEmpty { object["note"] = note }
        return object
    }

    /// One printed line: name, value, goal and verdict.
    var line: String {
        let verdict = met.map { $0 ? "met" : "MISSED" } ?? ""
        let goalText = goal.map { (better == .lower ? "<= " : ">= ") + Self.format($0) + " " + unit } ?? ""
        return name.padding(toLength: 72, withPad: " ", startingAt: 0)
            + (Self.format(value) + " " + unit).padding(toLength: 18, withPad: " ", startingAt: 0)
            + goalText.padding(toLength: 18, withPad: " ", startingAt: 0) + verdict
    }

    static func format(_ value: Double) -> String {
        if value >= 1000 { return String(format: "%.0f", value) }
        if value >= 10 { return String(format: "%.1f", value) }
        return String(format: "%.3f", value)
    }
}

/// Writes a mode's result: its figures, its measurements and anything else, as `path` (JSON, sorted keys).
func writeResult(mode: String, figures: [Figure], extra: [String: Any] = [:], to path: String) throws {
    var object = extra
    object["mode"] = mode
    object["figures"] = figures.map(\.json)
    let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    guard FileManager.default.createFile(atPath: path, contents: data) else {
        throw BenchmarkError("could not write \(path)")
    }
    print("wrote \(path)")
}

/// Options shared by the modes: `--runs N`, `--warmup N`, `--json FILE`, `--folder DIR` and mode-specific ones.
struct ModeOptions {
    var values: [String: String]

    /// Parses `--name value` pairs; `allowed` maps each option to its default.
    init(_ arguments: [String], allowed: [String: String]) throws {
        values = allowed
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard allowed[flag] != nil, let value = rest.popFirst() else {
                throw BenchmarkError(
                    "unknown option or missing value: \(flag) (options: \(allowed.keys.sorted().joined(separator: ", ")))"
                )
            }
            values[flag] = value
        }
    }

    func string(_ flag: String) -> String { values[flag]! }

    func count(_ flag: String) throws -> Int {
        guard let value = Int(values[flag]!), value > 0 else { throw BenchmarkError("\(flag) takes a positive count") }
        return value
    }
}

/// The milliseconds of a duration.
func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}
