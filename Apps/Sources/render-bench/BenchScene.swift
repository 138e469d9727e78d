// BenchScene and BenchReport: the fixed frame the render benchmark draws, and its one-line result.

import GameCore
import Runtime

/// The benchmark's frame: a session seen from the level's start, looking along its longest open row.
enum BenchScene {
    /// One sprite of every kind spread ahead of the player, the weapon firing, the status bar, two HUD lines.
    static func make(level: Level) -> Scene {
        let start = level.positions(of: .start).first ?? (x: 1, z: 1)
        let camera = Camera(position: Vec3(Float(start.x) + 0.5, 0.5, Float(start.z) + 0.5), yaw: -2.4)
        var sprites: [Sprite] = []
        for (index, kind) in SpriteKind.allCases.enumerated() {
            let size: Float = kind == .health || kind == .ammo ? 0.3 : 0.6
            let position = Vec3(Float(start.x) + 1.5 + Float(index) * 0.6, 0, Float(start.z) + 1.2 + Float(index % 2))
            sprites.append(Sprite(position: position, size: size, color: Color(1, 1, 1), kind: kind))
        }
        return Scene(
            level: level, camera: camera, sprites: sprites,
            hud: ["SINGLE PLAYER  level 1", "render-bench: one fixed frame"],
            weapon: WeaponView(recoil: 0.3, isFlashing: true, bob: 0.5),
            statusBar: StatusBar(health: 87, ammo: 20, score: 1250, level: 1, seconds: 67), crosshair: true)
    }
}

/// Formats timing results.
enum BenchReport {
    /// E.g. "swift  640x360  300 frames  mean 9.81 ms  median 9.60 ms  p90 11.02 ms  p99 12.50 ms  (102 fps)  12 draw
    /// calls".
    static func line(_ who: String, width: Int, height: Int, times: [Double], drawCalls: Int) -> String {
        let sorted = times.sorted()
        let mean = times.reduce(0, +) / Double(times.count)
        let median = sorted[sorted.count / 2]
        let p90 = sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
        let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        return "\(who)  \(width)x\(height)  \(times.count) frames  mean \(format(mean)) ms  median \(format(median)) ms"
            + "  p90 \(format(p90)) ms  p99 \(format(p99)) ms  (\(Int((1000 / median).rounded())) fps)  \(drawCalls) draw calls"
    }

    private static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
    }
}
