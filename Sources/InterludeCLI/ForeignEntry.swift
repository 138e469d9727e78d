// ForeignEntry: a game loaded at run time from a shared library (`--game ./libmygame.so`), built against
// Sources/CInterludeGame/interlude_game.h (Docs/Contract.md §11). Loading checks the library once (its version, its
// functions, its words) and installs its words as the scripts' grammar; each launch of the app then loads it afresh
// (ForeignGame). It draws offscreen through `interlude_draw` (ForeignRenderer), with the phone's screens over it.

import ArgumentParser
import ForeignGame
import ForeignRenderer
import Foundation
import PhoneScreens
import PlatformEGL
import Replay
import Runtime
import Storage

/// A game library as the commands' game.
struct ForeignEntry: GameEntry {
    /// The library's path as the loader is given it (a bare file name made relative to the working folder).
    let path: String
    let name: String
    /// The library exports `interlude_draw`.
    let draws: Bool

    /// `play` in a window, for a library that draws: its frame through the window's GL context, the phone around it.
    /// Its actions are its words (`play --do WORD`); Enter and R resume when it has the shell's `resume`.
    var windowDrawing: WindowDrawing<ForeignGame>? {
        draws ? WindowDrawing(title: name) { ForeignRenderer() } : nil
    }

    func makeGame(seed: UInt64) -> ForeignGame {
        do {
            return try ForeignGame(path: path, seed: seed)
        } catch {
            // Checked once at load, so only a library that changed on disk, or ran the loader out of namespaces.
            ForeignCrashReport.die("error: \(error)")
        }
    }

    var rendersOffscreen: Bool { true }

    func makeOffscreenDisplay(_ request: OffscreenRequest) throws -> OffscreenRendering<ForeignGame> {
        let display = try OffscreenDisplay(
            width: request.width, height: request.height, outputDirectory: request.outputDirectory,
            imageWriter: writePNG
        ) { ForeignRenderer() }
        display.redrawsUnchangedScenes = request.redrawsUnchangedScenes
        guard request.phoneScreens else { return OffscreenRendering(display: display, showPhoneScreens: { _ in }) }
        return try display.withPhoneScreens()
    }
}

/// The entry of the game in the shared library at `path`; a library that cannot be loaded is one line naming it and
/// the function, and the command exits 2 (CONTRACT §9, §11).
func loadForeignEntry(path: String) throws -> any GameEntry {
    runAgainWithStaticTLSRoom()
    let loadable = path.contains("/") ? path : "./" + path
    do {
        let library = try GameLibrary(path: loadable)
        ForeignAction.install(library)
        return ForeignEntry(path: loadable, name: library.name, draws: library.draws)
    } catch {
        sayError("error: \(error)")
        throw Exit.invalid
    }
}

/// Each launch of a game library loads a C library of its own (glibc's `dlmopen`), which takes a block of the
/// process's static TLS area; glibc takes a block back only when it is the area's last, so launches that overlap
/// (simulate's threads, each relaunching) leave holes, and the default area (a few KiB) runs out after about ten.
/// The area's size is read once, at start (`GLIBC_TUNABLES`): the command runs itself again with 1 MiB, room for
/// thousands of launches, unless the variable already sets it. Children (replay's) inherit it.
private func runAgainWithStaticTLSRoom() {
    let name = "GLIBC_TUNABLES"
    let room = "glibc.rtld.optional_static_tls=1048576"
    let current = getenv(name).map { String(cString: $0) } ?? ""
    guard !current.contains("glibc.rtld.optional_static_tls") else { return }
    setenv(name, current.isEmpty ? room : current + ":" + room, 1)
    execv("/proc/self/exe", CommandLine.unsafeArgv)
    unsetenv(name)  // exec failed: go on with the default room
    if !current.isEmpty { setenv(name, current, 1) }
}
