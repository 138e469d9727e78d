// BenchHelp: `interlude-bench --help` and `interlude-bench MODE --help`, plain paragraphs within 80 columns (the
// width of `interlude --help`). Each mode's section names its options with their defaults.

/// The help text of interlude-bench.
enum BenchHelp {
    /// The opening: what the tool is for and how its figures are meant to be read.
    static let overview = """
        OVERVIEW: Interlude's speed and memory targets, measured.

        Each mode times one target: it warms up, repeats, prints a table and writes
        JSON (p50, p99 and max in milliseconds) beside a reference measured in the
        same run on the same machine. The ratio to the reference is what carries
        over to another machine, not the milliseconds. Build and run it in release:

          swift build -c release --product interlude-bench
          .build/release/interlude-bench snapshots

        `make bench` runs every mode, then `report` (Benchmarks/README.md has the
        goals and the figures measured here).

        USAGE: interlude-bench MODE [--option value ...]
               interlude-bench MODE --help

        MODES:
        """

    /// One section a mode, in the order `make bench` runs them.
    static let modes: [(name: String, text: String)] = [
        (
            "render",
            """
              render        The engine's frame time against a C program drawing the
                            same frames (render-bench and replay-frame, both sizes);
                            their frame hashes must agree.
                            --rounds 5  --frames 300  --json out/bench/render.json
                            --engine .build/release/render-bench
                            --c .build/replay-frame  --dump FILE (a temporary file)
            """
        ),
        (
            "transitions",
            """
              transitions   Every injectable event from a settled state, from send to
                            the end of settle, snapshots written to disk (fsync);
                            reference: a bare write, fsync and rename.
                            --runs 100  --warmup 5  --folder DIR (temporary)
                            --json out/bench/transitions.json
            """
        ),
        (
            "resume",
            """
              resume        A suspended app back to its first frame, a cold
                            relaunch from the snapshot on disk (a new process each),
                            and a lost EGL context recovered (every GL object made
                            again) as a ratio of a cold GL set-up (issue 29).
                            --runs 100  --warmup 5  --relaunches 20
                            --folder DIR (temporary)  --json out/bench/resume.json
            """
        ),
        (
            "snapshots",
            """
              snapshots     Snapshot saves through the runtime's real paths (a quick
                            save on an SMS, a durable full save on Home) beside the
                            store alone and a bare write, fsync and rename, all on
                            the disk of --folder.
                            --runs 500  --warmup 20  --folder DIR (temporary)
                            --json out/bench/snapshots.json
            """
        ),
        (
            "replay",
            """
              replay        Scenarios parsed, replayed and transcribed per second
                            (the bundled scripts and --scenarios generated walks of
                            --events events from --seed); `interlude replay` three
                            ways; a --minutes session rendered at --width x --height.
                            --scenarios 1000  --events 12  --seed 1  --rounds 20
                            --cli-runs 5  --minutes 10  --width 320  --height 180
                            --unfinished no  --suite yes  --interlude PATH (the one
                            built beside this tool)  --json out/bench/replay.json
            """
        ),
        (
            "memory",
            """
              memory        Peak memory of `interlude replay` beside `interlude
                            --help`, and memory over home/icon cycles in a child
                            process (the last sample against the one after 100).
                            --cycles 10000  --sample-every 100  --frames 1
                            --rss-limit-mib 3072  --folder DIR (in /dev/shm)
                            --interlude PATH  --json out/bench/memory.json
            """
        ),
        (
            "explore",
            """
              explore       The model checker over both profiles to --depth, against
                            the bundled scripts replayed in the same process.
                            --depth 8  --rounds 3  --json out/bench/explore.json
            """
        ),
        (
            "simulate",
            """
              simulate      interlude simulate's engine: simulated game-hours per
                            CPU-hour (every fault, none), every profile, against the
                            bundled scripts' virtual time per CPU time in the same run;
                            the fixed steps' share. Goal: 1,000x.
                            --seeds 3  --hours 0.5  --rounds 3
                            --json out/bench/simulate.json
            """
        ),
        (
            "abi",
            """
              abi           A C game through the game ABI (Examples/Lander): ns per
                            call across the boundary (status, step, save) against
                            the shooter's same calls; the C game's simulation speed
                            beside the shooter's, every profile, every fault.
                            --game Examples/Lander/liblander.so  --calls 1000000
                            --seeds 2  --hours 0.25  --json out/bench/abi.json
            """
        ),
        (
            "report",
            """
              report        Gathers the modes' JSON files into benchmarks.json,
                            benchmarks.md and benchmarks.svg (value against goal).
                            --folder out/bench
                            --modes render,transitions,resume,snapshots,replay,
                                    memory,explore,simulate,abi
            """
        ),
        (
            "fuzz-scripts",
            """
              fuzz-scripts  Not a benchmark: --count seeded mutations of the bundled
                            scripts, each replayed by `interlude replay --no-render`
                            in its own process with --limit seconds; fails on a
                            crash, a hang or an error without file:line:column.
                            --only N remakes mutation N of --seed.
                            --count 2000  --seed 1  --limit 20  --jobs 2
                            --out out/fuzz-scripts  --json FILE (in --out)
                            --interlude PATH
            """
        ),
    ]

    /// The closing: the modes other modes start as child processes.
    static let closing = """

        `relaunch-child` and `memory-cycles` are the child processes of `resume` and
        `memory`; they are not meant to be run by hand.
        """

    /// The whole help.
    static var text: String {
        ([overview] + modes.map(\.text) + [closing]).joined(separator: "\n") + "\n"
    }

    /// The help of one mode, or nil if it has none.
    static func text(of mode: String) -> String? {
        guard let section = modes.first(where: { $0.name == mode }) else { return nil }
        return "USAGE: interlude-bench \(mode) [--option value ...]\n\n\(section.text)\n"
    }
}
