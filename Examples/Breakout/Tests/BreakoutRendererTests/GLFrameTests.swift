// Frames through EGL (llvmpipe): a replayed script's captures are drawn, not blank, and change with play; the pixels
// are where the layout says, in the palette's colours; a broken shader fails with the driver's log.

import Breakout
import BreakoutRenderer
import GLHost
import PlatformEGL
import Replay
import Runtime
import Testing

extension GLTests {
    @Test func aReplayedCaptureIsDrawnAndChangesWithPlay() throws {
        let images = WrittenImages()
        let display = try makeDisplay(images: images)
        let script = try ScriptParser.parse(
            """
            interlude-script 1
            profile ios5
            seed 3
            at 0s        launched
            at 0.5s      start
            at +0.5s     serve
            at +0.2s     paddle left 100ms
            capture "early"
            at +1s       paddle right 100ms
            capture "later"
            """, file: "two-moments.script")
        let result = replay(script, on: display)
        #expect(result.ok, "\(result.failures)")
        #expect(result.frames.count == 2)
        #expect(result.frames.allSatisfy { $0.file != nil })
        let files = result.frames.compactMap(\.file)
        let early = try #require(images.images[files.first ?? ""])
        let later = try #require(images.images[files.last ?? ""])
        #expect(early.width == 640 && early.height == 360 && early.pixels.count == 640 * 360 * 4)
        // Not blank: many colours, most of the frame something else than the clear colour.
        #expect(colorCount(early.pixels) > 20)
        let background = stored(Palette.background)
        let cleared = stride(from: 0, to: early.pixels.count, by: 4).filter {
            Array(early.pixels[$0..<$0 + 4]) == background
        }
        #expect(cleared.count < 640 * 360 / 10)
        // Two moments of play differ, and so do their frame hashes (the pixels', not the scene's).
        #expect(early.pixels != later.pixels)
        #expect(result.frames[0].hash != result.frames[1].hash)
        #expect(result.frames[0].hash == FrameHash.fnv1a64(early.pixels))
        #expect(display.refusedGLCalls.isEmpty && display.problems.isEmpty)
    }

    @Test func thePixelsAreWhereTheLayoutSays() throws {
        let display = try makeDisplay()
        let shown = scene(level: 3)  // the fortress: gold, silver and one-hit bricks
        display.present(shown)
        let pixels = display.readPixels()
        let layout = FrameLayout(width: 640, height: 360)
        func at(_ x: Float, _ y: Float) -> [UInt8] { pixel(pixels, width: 640, layout.x(x), layout.y(y)) }
        // The top row's armoured bricks (3 hits: gold, a darker plate inside), a silver 2-hit brick below, a
        // one-hit brick in the fourth row (its row's colour), the field between them, the panel, the clear colour.
        let top = Field.wallTop
        let brick = Field.brickHeight
        let (cellX, cellY) = (layout.x(3 * 32), layout.y(top))  // a brick's body starts 1 pixel in, under its bevel
        #expect(close(pixel(pixels, width: 640, cellX + 2, cellY + 2), stored(Palette.threeHits)))
        #expect(close(at(3 * 32 + 16, top + 6), stored(Palette.threeHits.scaled(0.7))))
        #expect(close(at(32 + 16, top + brick + 6), stored(Palette.twoHits)))
        #expect(close(at(3 * 32 + 16, top + 3 * brick + 6), stored(Palette.rows[3])))
        #expect(close(at(16, top + 3 * brick + 6), stored(Palette.field)))
        #expect(
            close(pixel(pixels, width: 640, 639 - layout.margin - 1, 359 - layout.margin - 1), stored(Palette.panel)))
        #expect(close(pixel(pixels, width: 640, 0, 0), stored(Palette.background)))
        // The ball on the paddle, round: its centre is lit, its bounding box's corner is not.
        let ball = shown.ball
        #expect(close(at(ball.x + ball.width / 2, ball.y + ball.height / 2), stored(Palette.ball)))
        #expect(!close(at(ball.x + 0.2, ball.y + 0.2), stored(Palette.ball), tolerance: 40))
        // The overlay ("serve to launch") darkens the field behind its band, a little below the field's middle.
        let middle = at(8, Field.height * 0.6)
        #expect(
            Int(middle[0]) + Int(middle[1]) + Int(middle[2])
                < Int(stored(Palette.field)[0...2].reduce(0) { $0 + Int($1) }))
        #expect(middle[3] == 255)  // blending leaves the framebuffer opaque
    }

    @Test func aShaderThatDoesNotCompileOrLinkThrowsWithTheDriversLog() throws {
        let display = try makeDisplay(width: 64, height: 64)
        _ = display.readPixels()  // the display's context is current on this thread
        #expect(display.renderer.programsLinked == 1)
        do {
            _ = try BreakoutRenderer(vertexShader: "#version 330 core\nvoid main() { gl_Position = undefinedThing; }")
            Issue.record("a vertex shader with an undeclared name compiled")
        } catch {
            guard case .program(.compileFailed(let stage, let log)) = error as? BreakoutRendererError else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(stage == "breakout.vert")
            #expect(log.contains("undefinedThing"), "\(log)")
            #expect("\(error)".contains("shader breakout.vert does not compile"))
        }
        let withoutMain = """
            #version 330 core
            out vec4 outColor;
            void paint() { outColor = vec4(1.0); }
            """
        do {
            _ = try BreakoutRenderer(fragmentShader: withoutMain)
            Issue.record("a fragment shader without main linked")
        } catch {
            guard case .program(.linkFailed(_, let log)) = error as? BreakoutRendererError else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(log.contains("main"), "\(log)")
            #expect("\(error)".contains("program breakout does not link"))
        }
    }
}
