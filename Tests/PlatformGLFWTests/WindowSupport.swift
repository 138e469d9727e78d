// WindowSupport: a real window with the real renderer and a runtime, root-window screenshots, xdotool.

import CGLFW
import Foundation
import GameCore
import Lifecycle
import PlatformGLFW
import Runtime
import Saves
import ShooterPlatform
import XCTest

/// A window, its runtime launched on the menu, the loop, and every window event the loop acted on.
final class WindowSession {
    let display: GLFWWindowDisplay<ShooterRenderer>
    let runtime: Runtime<Game>
    let platform: GLFWPlatform<Game, ShooterRenderer>
    private(set) var acted: [(event: WindowEvent, inputs: [DesktopInput])] = []

    init(profile: Profile = .ios5, title: String = "Interlude", width: Int = 640, height: Int = 360) throws {
        display = try GLFWWindowDisplay(width: width, height: height, title: title, assets: assets)
        runtime = Runtime(profile: profile, seed: 7, display: display, snapshots: InMemorySnapshotStore())
        platform = GLFWPlatform(display: display, runtime: runtime, controls: .shooter)
        platform.onInputs = { [unowned self] event, inputs in self.acted.append((event, inputs)) }
        runtime.send(.launched)
        runtime.settle()
    }

    /// The inputs the loop injected for window events of this kind, in order.
    func inputs(for event: WindowEvent) -> [[DesktopInput]] {
        acted.filter { $0.event == event }.map(\.inputs)
    }

    /// Steps the loop until the app is in `state` (and `reason`, if given); returns whether it got there.
    @discardableResult
    func pump(until state: AppState, reason: Reason? = nil, timeout: Double = 5) -> Bool {
        platform.pump(for: timeout) {
            runtime.status.state == state && (reason == nil || runtime.status.reason == reason)
        }
    }
}

/// A screenshot of the whole X screen as 8-bit RGB, top row first.
struct ScreenImage {
    let width: Int
    let height: Int
    let rgb: [UInt8]

    /// Takes one with ImageMagick's `import -window root`, keeping the PNG at `path`.
    static func take(to path: String) throws -> ScreenImage {
        try WindowTestEnvironment.run("/usr/bin/import", ["-window", "root", path])
        let size = try WindowTestEnvironment.run("/usr/bin/convert", [path, "-format", "%w %h", "info:"])
        let numbers = size.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let raw = try WindowTestEnvironment.runForData("/usr/bin/convert", [path, "-depth", "8", "rgb:-"])
        return ScreenImage(width: numbers[0], height: numbers[1], rgb: [UInt8](raw))
    }

    /// The mean of the red, green and blue values of the pixels in `x` ..< `x + width`, `y` ..< `y + height`
    /// (top-left origin), 0 ... 255.
    func meanBrightness(x: Int, y: Int, width: Int, height: Int) -> Double {
        var sum = 0
        for row in y..<min(y + height, self.height) {
            for column in x..<min(x + width, self.width) {
                let offset = (row * self.width + column) * 3
                sum += Int(rgb[offset]) + Int(rgb[offset + 1]) + Int(rgb[offset + 2])
            }
        }
        return Double(sum) / Double(max(1, 3 * min(width, self.width - x) * min(height, self.height - y)))
    }

    /// The distinct colours, as 0xRRGGBB.
    var colours: Set<UInt32> {
        var result = Set<UInt32>()
        for index in stride(from: 0, to: rgb.count - 2, by: 3) {
            result.insert(UInt32(rgb[index]) << 16 | UInt32(rgb[index + 1]) << 8 | UInt32(rgb[index + 2]))
        }
        return result
    }
}

/// The distinct colours of RGBA pixels, as 0xRRGGBB.
func colours(ofRGBA pixels: [UInt8]) -> Set<UInt32> {
    var result = Set<UInt32>()
    for index in stride(from: 0, to: pixels.count - 3, by: 4) {
        result.insert(UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2]))
    }
    return result
}

/// The X window id of the window titled exactly `title`, found with xdotool.
func xWindowID(titled title: String) throws -> String {
    let answer = try WindowTestEnvironment.run("/usr/bin/xdotool", ["search", "--name", "^\(title)$"])
    guard let id = answer.split(separator: "\n").first else {
        throw MissingWindowEnvironment(description: "xdotool found no window named \(title)")
    }
    return String(id)
}

/// A temporary file path unique to this process.
func temporaryPath(_ name: String) -> String {
    NSTemporaryDirectory() + "/interlude-glfw-\(ProcessInfo.processInfo.processIdentifier)-\(name)"
}
