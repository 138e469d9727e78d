import ArgumentParser
import Foundation
import Lifecycle

/// `interlude play`: the desktop window. Filled in with the GLFW host.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play", abstract: "Play in a desktop window (GLFW, OpenGL 3.3 core).")

    @Option(help: "Platform profile: ios4 or ios5.")
    var profile: String = "ios5"

    func run() throws {
        throw ValidationError("play is not wired yet")
    }
}
