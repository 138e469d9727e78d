// ForeignRendererTests: a C game drawn offscreen (EGL, llvmpipe) through `interlude_draw`: the library's GL calls,
// loaded through the host's loader, reach the host's framebuffer, and a capture shows them; no GL call is made while
// the app is in the background.

import ForeignGame
import ForeignRenderer
import GLHost
import PlatformEGL
import Replay
import Runtime
import Testing

extension ForeignGameSuite {
    @Suite struct ForeignRendererTests {
        @Test func aCaptureShowsWhatTheLibraryDrew() throws {
            let path = try CLibrary.counter("DRAWS")
            ForeignAction.install(try GameLibrary(path: path))
            let script = try ScriptParser.parse(
                """
                interlude-script 1
                profile ios4
                seed 1

                at 0s launched
                at 1s start
                at +1s add 200
                at +1s add 1
                capture "drawn"
                at +1s homePressed
                at +1s iconTapped
                capture "back"
                """, file: "draws.script", as: ForeignAction.self)
            let images = Images()
            let display = try OffscreenDisplay(
                width: 64, height: 48, outputDirectory: "/tmp", imageWriter: images.writer
            ) { ForeignRenderer() }
            let result = ScriptRunner.run(script, display: display, game: { try! ForeignGame(path: path, seed: $0) })
            #expect(result.ok, "\(result.failures)")
            let drawn = try #require(images.last.first { $0.key.contains("drawn") }?.value, "\(images.last.keys)")
            // The library cleared to red 201/255 (the bonus), blue 1: the centre pixel says so (the phone's screens cover the edges).
            let centre = (24 * 64 + 32) * 4
            #expect(Array(drawn[centre..<centre + 4]) == [201, 0, 255, 255])
            #expect(display.renderer.framesDrawn > 0)
            #expect(display.renderer.framesRefused == 0)
            #expect(display.gate.violations.isEmpty)
        }

        /// The last pixels written per file name.
        final class Images: @unchecked Sendable {
            var last: [String: [UInt8]] = [:]
            var writer: ImageWriter {
                { pixels, _, _, path in self.last[String(path.split(separator: "/").last!)] = pixels }
            }
        }
    }
}
