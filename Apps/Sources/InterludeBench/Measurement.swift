import Foundation

/// Timings of one measured operation, in milliseconds.
struct Measurement {
    let name: String
    let samples: [Double]  // ms, sorted

    /// Times `body` `runs` times after `warmup` untimed runs.
    init(_ name: String, runs: Int, warmup: Int, _ body: () throws -> Void) rethrows {
        try self.init(name, runs: runs, warmup: warmup, timing: { try ContinuousClock().measure(body) })
    }

    /// Samples gathered elsewhere, in milliseconds.
    init(_ name: String, samples: [Double]) {
        self.name = name
        self.samples = samples.sorted()
    }

    /// Runs `body` `warmup` + `runs` times; `body` times its own part and returns the duration (so set-up and
    /// tear-down around the measured part are left out).
    init(_ name: String, runs: Int, warmup: Int, timing body: () throws -> Duration) rethrows {
        for _ in 0..<warmup { _ = try body() }
        var samples: [Double] = []
        samples.reserveCapacity(runs)
        for _ in 0..<runs {
            let elapsed = try body()
            samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        }
        self.name = name
        self.samples = samples.sorted()
    }

    /// The value below which `fraction` of the samples lie (nearest rank).
    func percentile(_ fraction: Double) -> Double {
        samples[Swift.min(samples.count - 1, Swift.max(0, Int((fraction * Double(samples.count)).rounded(.up)) - 1))]
    }

    var p50: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }
    var max: Double { samples.last ?? 0 }

    /// One table row.
    func row(reference: Measurement?) -> String {
        let ratio = reference.map { String(format: "%7.3fx", p50 / $0.p50) } ?? "       -"
        let numbers = String(format: "%9.3f %9.3f %9.3f  ", p50, p99, max)
        return name.padding(toLength: 50, withPad: " ", startingAt: 0) + numbers + ratio
    }

    /// The JSON object of this measurement.
    func json(reference: Measurement?) -> [String: Any] {
        var object: [String: Any] = [
            "name": name, "runs": samples.count, "p50Ms": round(p50), "p99Ms": round(p99), "maxMs": round(max),
        ]
        if let reference { object["p50RatioToReference"] = round(p50 / reference.p50) }
        return object
    }

    private func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
