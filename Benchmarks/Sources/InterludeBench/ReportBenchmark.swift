// Report: gathers the modes' JSON files (out/bench/MODE.json) into benchmarks.json (every figure), benchmarks.md
// (a table: figure, value, goal, verdict) and benchmarks.svg (one bar per figure with a goal: value / goal, the
// goal line at 1, lower is better; "higher is better" goals are drawn as goal / value).

import Foundation

enum ReportBenchmark {
    static func run(_ arguments: [String]) throws {
        let options = try ModeOptions(
            arguments,
            allowed: ["--folder": "out/bench", "--modes": "render,transitions,resume,snapshots,replay,memory"])
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

    /// Bars of value / goal (1 = the goal), one per figure with a goal.
    static func svg(_ figures: [[String: Any]]) -> String {
        let goals = figures.filter { $0["goal"] != nil }
        let rowHeight = 26
        let left = 430
        let scale = 200.0
        let width = left + 460
        let height = 50 + rowHeight * goals.count
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" font-family="sans-serif" \
            font-size="12">
            <text x="10" y="20" font-size="14">Interlude benchmarks: measured / goal (the line is the goal; shorter \
            is better)</text>

            """
        for (index, figure) in goals.enumerated() {
            let value = figure["value"] as? Double ?? 0
            let goal = figure["goal"] as? Double ?? 1
            let ratio = (figure["better"] as? String) == "higher" ? goal / max(value, 1e-9) : value / goal
            let y = 35 + index * rowHeight
            let bar = min(2.2, ratio) * scale
            let color = (figure["met"] as? Bool) == true ? "#3a7" : "#d44"
            let label = "\(figure["mode"]!): \(figure["name"]!)".replacingOccurrences(of: "&", with: "&amp;")
                .replacingOccurrences(of: "<", with: "&lt;")
            out += "<text x=\"10\" y=\"\(y + 15)\">\(label)</text>\n"
            out +=
                "<rect x=\"\(left)\" y=\"\(y + 3)\" width=\"\(String(format: "%.1f", bar))\" height=\"16\" "
                + "fill=\"\(color)\"/>\n"
            out += "<text x=\"\(left + Int(bar) + 5)\" y=\"\(y + 15)\">\(String(format: "%.2f", ratio))</text>\n"
        }
        out +=
            "<line x1=\"\(left + Int(scale))\" y1=\"30\" x2=\"\(left + Int(scale))\" y2=\"\(height - 5)\" "
            + "stroke=\"#000\" stroke-dasharray=\"4 3\"/>\n</svg>\n"
        return out
    }
}
