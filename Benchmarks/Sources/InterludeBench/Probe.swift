import Foundation
import PlatformEGL
import Runtime

enum Probe {
    static func run(_ arguments: [String]) throws {
        let levels = try BenchRuntime.levels()
        let display = try OffscreenDisplay(width: 640, height: 360)
        let runtime = try BenchRuntime.playing(profile: .ios5, display: display, snapshots: InMemorySnapshotStore(), levels: levels)
        let clock = ContinuousClock()
        for _ in 0..<5 {
            runtime.advance(by: BenchRuntime.step)
            let a = clock.now
            display.renderer.finish()
            let b = clock.now
            _ = display.renderer.readPixels()
            let c = clock.now
            display.renderer.finish()
            let d = clock.now
            _ = display.renderer.readPixels()
            let e = clock.now
            print("finish \(milliseconds(a.duration(to: b)))  read \(milliseconds(b.duration(to: c)))  finish \(milliseconds(c.duration(to: d))) read again \(milliseconds(d.duration(to: e)))")
        }
    }
}
