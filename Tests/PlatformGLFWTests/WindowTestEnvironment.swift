// WindowTestEnvironment: the window tests need an X display with a window manager (for focus and iconify),
// and xdotool / ImageMagick for keys and screenshots. Without them a test fails when the CI variable is set
// (CI must run them, under run-under-xvfb.sh) and is skipped otherwise.

import Foundation
import TestSupport
import XCTest

/// Why a window test cannot run here.
struct MissingWindowEnvironment: Error, CustomStringConvertible {
    let description: String
}

/// Checks for what the window tests need.
enum WindowTestEnvironment {
    static let hint = "e.g. Tests/PlatformGLFWTests/run-under-xvfb.sh swift test"

    /// An X display; fails on CI, skips elsewhere.
    static func requireDisplay() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY", default: ""].isEmpty else { return }
        try missing("window tests need DISPLAY; run under xvfb-run with openbox (\(hint))")
    }

    /// An X display with a running window manager (GLFW's focus and iconify callbacks need one).
    static func requireWindowManager() throws {
        try requireDisplay()
        let answer = try? run("/usr/bin/xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"])
        guard let answer, answer.contains("window id") else {
            return try missing("focus and iconify tests need a window manager on the display; run openbox (\(hint))")
        }
    }

    /// An executable the test calls (xdotool, ImageMagick's import or convert).
    static func require(_ path: String) throws {
        guard !FileManager.default.isExecutableFile(atPath: path) else { return }
        try missing("\(path) is missing (apt-get install xdotool imagemagick)")
    }

    private static func missing(_ message: String) throws {
        if ProcessInfo.processInfo.environment["CI"] != nil { throw MissingWindowEnvironment(description: message) }
        throw XCTSkip(message)
    }

    /// Runs `path` with `arguments`; returns its standard output as text, throws on a non-zero exit.
    @discardableResult
    static func run(_ path: String, _ arguments: [String]) throws -> String {
        String(decoding: try runForData(path, arguments), as: UTF8.self)
    }

    /// Runs `path` with `arguments`; returns its standard output, throws on a non-zero exit.
    static func runForData(_ path: String, _ arguments: [String]) throws -> Data {
        let result = try Program.run(URL(fileURLWithPath: path), arguments, deadline: 60)
        guard result.status == 0 else {
            throw MissingWindowEnvironment(
                description: "\(path) \(arguments.joined(separator: " ")) exited with \(result.status)")
        }
        return result.output
    }
}
