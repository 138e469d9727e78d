// Report: gathers the modes' JSON files (out/bench/MODE.json) into benchmarks.json (every figure), benchmarks.md
// (a table: figure, value, goal, verdict) and benchmarks.svg (one bar per figure with a goal: value / goal, the
// goal line at 1, lower is better; "higher is better" goals are drawn as goal / value; white background, each bar
// labelled with the value against its goal).

import Foundation
import Replay

enum ReportBenchmark {
    static func run(_ arguments: [String]) throws {
        let options = try ModeOptions(
            arguments,
            allowed: [
                "--folder": "out/bench",
                "--modes": "render,transitions,resume,snapshots,replay,memory,explore,simulate,abi",
            ])
        let folder = options.string("--folder")
        var all: [[String: Any]] = []
        var markdown = "# Interlude benchmarks\n\n| mode | figure | value | goal | verdict |\n|---|---|---|---|---|\n"
        for mode in options.string("--modes").split(separator: ",").map(String.init) {
            guard let data = FileManager.default.contents(atPath: "\(folder)/\(mode).json"),
                let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            else {
                markdown += "| \(mode) | (not run) | | | |\n"
                continue
            }
            var figures = object["figures"] as? [[String: Any]] ?? []
            if mode == "snapshots", let measurements = object["measurements"] as? [[String: Any]] {
                figures = measurements.map {
                    ["name": "\($0["name"]!) p99", "value": $0["p99Ms"]!, "unit": "ms"]
                }
            }
            for var figure in figures {
                figure["mode"] = mode
                all.append(figure)
                let unit = figure["unit"] as? String ?? ""
                let goal =
                    (figure["goal"] as? Double).map {
                        ((figure["better"] as? String) == "higher" ? ">= " : "<= ") + Figure.format($0) + " " + unit
                    } ?? ""
                let verdict = (figure["met"] as? Bool).map { $0 ? "met" : "**missed**" } ?? ""
                let value = Figure.format(figure["value"] as? Double ?? 0) + " " + unit
                markdown += "| \(mode) | \(figure["name"]!) | \(value) | \(goal) | \(verdict) |\n"
            }
        }
        let data = try JSONSerialization.data(
            withJSONObject: ["figures": all], options: [.prettyPrinted, .sortedKeys])
        guard FileManager.default.createFile(atPath: "\(folder)/benchmarks.json", contents: data),
            FileManager.default.createFile(atPath: "\(folder)/benchmarks.md", contents: Data(markdown.utf8)),
            FileManager.default.createFile(atPath: "\(folder)/benchmarks.svg", contents: Data(svg(all).utf8))
        else { throw BenchmarkError("could not write the report into \(folder)") }
        print(markdown)
        print("wrote \(folder)/benchmarks.json, benchmarks.md, benchmarks.svg")
    }

    /// Bars of value / goal (1 = the goal), one per figure with a goal, on a white background; each bar is labelled
    /// with its figure and, at its end, the measured value against the goal.
    static func svg(_ figures: [[String: Any]]) -> String {
        let goals = figures.filter { $0["goal"] != nil }
        let rowHeight = 26
        let left = 540  // the label column: about 80 characters at 12 px
        let scale = 200.0
        let width = left + 520
        let height = 62 + rowHeight * goals.count
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" font-family="sans-serif" \
            font-size="12">
            <rect width="100%" height="100%" fill="#fff"/>
            <text x="10" y="20" font-size="14">Interlude benchmarks: measured / goal; the dashed line is the goal, \
            shorter is better (for a "higher is better" goal the bar is goal / measured)</text>

            """
        // The goal line first, so that the values written over it stay readable.
        out +=
            "<line x1=\"\(left + Int(scale))\" y1=\"30\" x2=\"\(left + Int(scale))\" y2=\"\(height - 20)\" "
            + "stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n"
            + "<text x=\"\(left + Int(scale) - 12)\" y=\"\(height - 6)\">goal</text>\n"
        for (index, figure) in goals.enumerated() {
            let value = figure["value"] as? Double ?? 0
            let goal = figure["goal"] as? Double ?? 1
            let higher = (figure["better"] as? String) == "higher"
            let ratio = higher ? goal / max(value, 1e-9) : value / goal
            let y = 35 + index * rowHeight
            let bar = max(0, min(2.2, ratio)) * scale
            let color = (figure["met"] as? Bool) == true ? "#3a7" : "#d44"
            let unit = figure["unit"] as? String ?? ""
            let label = escape("\(figure["mode"]!): \(figure["name"]!)")
            let measured = escape(
                "\(Figure.format(value)) \(unit) (goal \(higher ? ">=" : "<=") \(Figure.format(goal)) \(unit))")
            out += "<text x=\"10\" y=\"\(y + 15)\">\(label)</text>\n"
            out +=
                "<rect x=\"\(left)\" y=\"\(y + 3)\" width=\"\(String(format: "%.1f", bar))\" height=\"16\" "
                + "fill=\"\(color)\"/>\n"
            out += "<text x=\"\(left + Int(bar) + 5)\" y=\"\(y + 15)\">\(measured)</text>\n"
        }
        return out + "</svg>\n"
    }

    /// Text made safe inside SVG markup: the repository's one escaping function (Replay's `Timeline.escape`).
    static func escape(_ text: String) -> String { Timeline.escape(text) }
}
