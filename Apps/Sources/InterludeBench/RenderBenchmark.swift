// Render: the engine against C drawing the same frames. For each size it runs, alternately (`--rounds` times, the
// machine being noisy), `render-bench --session 3` (the heaviest level, 03-reactor, played live through the Runtime
// with the simulation running; it dumps every frame it draws) and `replay-frame` (Benchmarks/render-compare, the
// same frames with the same shaders and draw calls in C). Every pair must end on the same frame hash. Reports the
// median over rounds of each side's median and p99, and the ratio engine / C (goal: within 10 %, ratio <= 1.10).

import Foundation

enum RenderBenchmark {
    static func run(_ arguments: [String]) throws {
        let options = try ModeOptions(
            arguments,
            allowed: [
                "--rounds": "5", "--frames": "300", "--json": "out/bench/render.json",
                "--engine": ".build/release/render-bench", "--c": ".build/replay-frame",
                "--dump": NSTemporaryDirectory() + "interlude-bench-session.frame",
            ])
        let rounds = try options.count("--rounds")
        var figures: [Figure] = []
        var runs: [[String: Any]] = []
        for (width, height) in [(640, 360), (1280, 720)] {
            var engine: [(median: Double, p99: Double)] = []
            var reference: [(median: Double, p99: Double)] = []
            for _ in 0..<rounds {
                let dump = options.string("--dump")
                let swift = try ChildProcess.output(
                    options.string("--engine"),
                    [
                        "--session", "3", "--width", "\(width)", "--height", "\(height)", "--frames",
                        options.string("--frames"), "--dump", dump,
                    ])
                let c = try ChildProcess.output(options.string("--c"), [dump, "Assets"])
                guard let swiftHash = value(after: "frame hash ", in: swift),
                    swiftHash == value(after: "frame hash ", in: c)
                else { throw BenchmarkError("the C program did not draw the same frame:\n\(swift)\n\(c)") }
                engine.append((try number(after: "median ", in: swift), try number(after: "p99 ", in: swift)))
                reference.append((try number(after: "median ", in: c), try number(after: "p99 ", in: c)))
                runs.append(["size": "\(width)x\(height)", "engine": swift, "c": c])
                print(swift + c, terminator: "")
            }
            let ratios = zip(engine, reference).map { $0.median / $1.median }.sorted()
            let size = "\(width)x\(height)"
            figures += [
                Figure(name: "frame \(size) engine median", value: middle(engine.map(\.median)), unit: "ms"),
                Figure(name: "frame \(size) engine p99", value: middle(engine.map(\.p99)), unit: "ms"),
                Figure(name: "frame \(size) C median", value: middle(reference.map(\.median)), unit: "ms"),
                Figure(name: "frame \(size) C p99", value: middle(reference.map(\.p99)), unit: "ms"),
                Figure(
                    name: "frame \(size) engine / C (median of round ratios)", value: ratios[ratios.count / 2],
                    unit: "x", goal: 1.10,
                    note: "ratios per round: " + ratios.map { String(format: "%.3f", $0) }.joined(separator: " ")),
            ]
        }
        for figure in figures { print(figure.line) }
        try writeResult(mode: "render", figures: figures, extra: ["runs": runs], to: options.string("--json"))
    }

    static func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    static func value(after prefix: String, in text: String) -> String? {
        guard let range = text.range(of: prefix) else { return nil }
        return String(text[range.upperBound...].prefix { !$0.isWhitespace })
    }

    static func number(after prefix: String, in text: String) throws -> Double {
        guard let text = value(after: prefix, in: text), let number = Double(text) else {
            throw BenchmarkError("no '\(prefix)' figure in: \(text)")
        }
        return number
    }
}
