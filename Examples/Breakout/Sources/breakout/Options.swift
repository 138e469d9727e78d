// Options: the command line of `breakout`, parsed by hand (no dependency beyond Interlude's products).

import Breakout
import Lifecycle

/// What `breakout` was asked to do.
struct Options {
    var width = 960
    var height = 540
    var profile = Profile.ios5
    var seed: UInt64 = 1
    var level: Int? = nil  // start a session on this level at once
    var frames: Int? = nil  // stop after this many loop iterations
    var screenshot: String? = nil  // write the last frame here (a .png path)
    var demo = false  // play level 1, launch, and let the paddle follow the ball
    var smsAt: Int? = nil  // send smsArrived at this loop iteration
    var verbose = false  // print each window event and what it asked for
    var dataDirectory: String? = nil  // where saves are kept (nil: the user's data folder)
    var showsHelp = false

    /// A usage error: what was wrong, for standard error (exit status 2).
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    static let usage = """
        usage: breakout [--width N] [--height N] [--profile ios4|ios5] [--seed N] [--level 1...\(levelCount)]
                        [--data-dir DIR] [--frames N] [--screenshot PATH.png] [--demo] [--sms-at N]
                        [--verbose] [--help]

        Breakout in a desktop window (GLFW, OpenGL 3.3 core) under Interlude's iOS-style life cycle; the phone's
        interruptions come from the keyboard (Ctrl + letter) and the window (focus, minimise, close).

          --width, --height   window size in pixels (default 960 x 540)
          --profile           ios4 (an SMS is a modal alert) or ios5 (a banner); default ios5
          --seed              the game's seed (default 1)
          --level             start a session on this level at once (default: the menu)
          --data-dir DIR      keep the saves in DIR (default: $XDG_DATA_HOME/breakout or ~/.local/share/breakout);
                              a save is durable (write-temp, fsync, rename), and a launch restores it, paused
        For screenshots and tests:
          --frames N          stop after N loop iterations (about N / 60 s)
          --screenshot PATH   write the last frame as a PNG before exiting
          --demo              play level 1 and launch at once; the paddle follows the ball by itself
          --sms-at N          an SMS arrives at loop iteration N (on ios4 the alert pauses the game)
          --verbose           print each window event and what it asked for
        """

    static let levelCount = Breakout.levels.count

    /// Parses `arguments` (without the program's name).
    static func parse(_ arguments: [String]) throws(Invalid) -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(_ name: String) throws(Invalid) -> String {
            guard let value = rest.popFirst() else { throw Invalid(description: "\(name) needs a value") }
            return value
        }
        func number(_ name: String, in range: ClosedRange<Int>) throws(Invalid) -> Int {
            let text = try value(name)
            guard let number = Int(text), range.contains(number) else {
                throw Invalid(description: "\(name) \(text): expected a whole number in \(range)")
            }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--width": options.width = try number(argument, in: 64...8192)
            case "--height": options.height = try number(argument, in: 64...8192)
            case "--profile":
                let name = try value(argument)
                guard let profile = Profile.named(name) else {
                    throw Invalid(description: "--profile \(name): expected ios4 or ios5")
                }
                options.profile = profile
            case "--seed":
                let text = try value(argument)
                guard let seed = UInt64(text) else { throw Invalid(description: "--seed \(text): expected a number") }
                options.seed = seed
            case "--level": options.level = try number(argument, in: 1...levelCount)
            case "--frames": options.frames = try number(argument, in: 1...Int.max)
            case "--screenshot":
                let path = try value(argument)
                guard path.hasSuffix(".png"), path.count > 4 else {
                    throw Invalid(description: "--screenshot \(path): the file name must end in .png")
                }
                options.screenshot = path
            case "--data-dir": options.dataDirectory = try value(argument)
            case "--demo": options.demo = true
            case "--sms-at": options.smsAt = try number(argument, in: 0...Int.max)
            case "--verbose": options.verbose = true
            case "--help", "-h": options.showsHelp = true
            default: throw Invalid(description: "unknown argument \(argument)")
            }
        }
        if options.demo, options.level != nil {
            throw Invalid(description: "--demo plays level 1; leave out --level")
        }
        return options
    }
}
