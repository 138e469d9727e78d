// Explore speed: `interlude explore`'s model checker, both profiles to depth 8 (issue 15's goal: under 10 s in
// release), in process, as the command runs it: states, transitions, moves run on the runtime, states per second.
// Reference, in the same run: the bundled scripts replayed in process without rendering (parse + run), so that the
// ratio explore / bundled replay carries over from one machine to another when the seconds do not.

import Exploration
import Foundation
import GameCore
import Lifecycle
import Replay
import ShooterPlatform

enum ExploreBenchmark {
    static func run(_ arguments: [String]) throws {
        let options = try ModeOptions(
            arguments, allowed: ["--depth": "8", "--rounds": "3", "--json": "out/bench/explore.json"])
        let depth = try options.count("--depth")
        let rounds = try options.count("--rounds")
        let levels = try BenchRuntime.levels()
        let assets = try AssetDirectory.locate()
        let scripts = try assets.files(in: "Interruptions", suffix: ".script").map {
            try ScriptParser.parse(try String(contentsOfFile: $0, encoding: .utf8), file: $0)
        }
        var exploreSamples: [Double] = []
        var referenceSamples: [Double] = []
        var states = 0
        var transitions = 0
        var movesRun = 0
        var rows: [String] = []
        for round in 0...rounds {
            var results: [ExplorationResult] = []
            let explore = ContinuousClock().measure {
                results = Profile.all.map {
                    Explorer(profile: $0, depth: depth) { Game(seed: $0, levels: levels) }.run()
                }
            }
            let reference = ContinuousClock().measure {
                for script in scripts { _ = ScriptRunner.run(script) { Game(seed: $0, levels: levels) } }
            }
            guard round > 0 else { continue }  // the first round warms up
            exploreSamples.append(milliseconds(explore))
            referenceSamples.append(milliseconds(reference))
            states = results.map(\.states).reduce(0, +)
            transitions = results.map(\.transitions).reduce(0, +)
            movesRun = results.map(\.movesRun).reduce(0, +)
            rows = results.map { "\($0.profile.name) \($0.rowWitnesses.count)/\($0.profile.rows.count)" }
        }
        let exploreTime = Measurement("explore", samples: exploreSamples)
        let referenceTime = Measurement("reference", samples: referenceSamples)
        let seconds = exploreTime.p50 / 1000
        let figures = [
            Figure(
                name: "explore both profiles to depth \(depth), p50", value: seconds, unit: "s", goal: 10,
                note:
                    "\(states) states, \(transitions) transitions, \(movesRun) moves run; rows \(rows.joined(separator: ", "))"
            ),
            Figure(name: "explore: states per second", value: Double(states) / seconds, unit: "/s"),
            Figure(name: "explore: moves run on the runtime per second", value: Double(movesRun) / seconds, unit: "/s"),
            Figure(
                name: "reference: the \(scripts.count) bundled scripts replayed in process, no render, p50",
                value: referenceTime.p50, unit: "ms"),
            Figure(
                name: "explore / bundled-scripts replay (same run)", value: exploreTime.p50 / referenceTime.p50,
                unit: "x"),
        ]
        for figure in figures { print(figure.line) }
        try writeResult(mode: "explore", figures: figures, to: options.string("--json"))
    }
}
