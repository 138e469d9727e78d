// Without GL: the font, the wrapping, the layout at 1280 x 720 and 640 x 360 (everything on screen, every HUD line
// in the panel, text at whole-pixel scales), and the PNG encoder (known checksums, a round trip).

import Breakout
import BreakoutRenderer
import Lifecycle
import Runtime
import Testing

@Suite struct PainterTests {
    @Test func theFontHasEveryPrintableCharacterAndABoxForTheRest() {
        #expect(Array(PixelFont.rows(of: "0")) == [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E])
        #expect(Array(PixelFont.rows(of: " ")) == [0, 0, 0, 0, 0, 0, 0])
        #expect(Array(PixelFont.rows(of: "é")) == [0x1F, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1F])
        for ascii in UInt8(33)...UInt8(126) {
            let rows = PixelFont.rows(of: Character(Unicode.Scalar(ascii)))
            #expect(rows.count == 7 && rows.contains { $0 != 0 } && rows.allSatisfy { $0 < 32 })
        }
        #expect(PixelFont.runs(in: 0b10111).map(\.column) == [0, 2])
        #expect(PixelFont.runs(in: 0b10111).map(\.length) == [1, 3])
        #expect(PixelFont.width(of: "SCORE", scale: 2) == 58)
    }

    @Test func longLinesWrapAtSpacesAndLongWordsAreCut() {
        #expect(FramePainter.wrap("state active", columns: 20) == ["state active"])
        #expect(
            FramePainter.wrap("callbacks: willResignActive, didEnterBackground", columns: 20) == [
                "callbacks:", "  willResignActive,", "  didEnterBackground",
            ])
        #expect(FramePainter.wrap("abcdefghij", columns: 4) == ["abcd", "  ef", "  gh", "  ij"])
        #expect(FramePainter.wrap("", columns: 10) == [""])
        // A line the runtime already wrapped starts with an indent, which is no place to break.
        #expect(
            FramePainter.wrap("  cancelLeaderboardRequests, finishGL", columns: 20) == [
                "  cancelLeaderboardR", "  equests, finishGL",
            ])
    }

    @Test(arguments: [(1280, 720, 2), (960, 540, 1), (640, 360, 1)])
    func everythingFitsAndTheTextIsSharp(width: Int, height: Int, scale: Int) {
        let layout = FrameLayout(width: width, height: height)
        #expect(layout.textScale == scale)
        #expect(layout.panelColumns >= 24)
        #expect(layout.field.maxX < layout.panel.x && layout.panel.maxX <= width)
        // A paused session after an SMS on ios4, with the runtime's status and a host's key lines.
        let runtime = Runtime(profile: .ios4, seed: 2, game: Breakout(seed: 2))
        runtime.hostStatus = [
            "1 play  Space launch  A/D move  Enter resume  Esc menu",
            "Ctrl+S sms  Ctrl+C call  Ctrl+H home  Ctrl+L lock  (breakout --help)",
        ]
        runtime.send(.launched)
        runtime.settle()
        runtime.perform(.start(level: 1))
        runtime.settle()
        runtime.send(.smsArrived)
        runtime.settle()
        var painter = FramePainter(width: width, height: height)
        painter.paint(runtime.scene)
        #expect(painter.droppedHUDLines == 0)
        #expect(runtime.scene.overlay.first == "PAUSED")
        for quad in painter.quads {
            #expect(
                quad.x >= 0 && quad.y >= 0 && quad.x + quad.width <= Float(width)
                    && quad.y + quad.height <= Float(height))
            // Whole pixels everywhere: no blurred edge.
            for value in [quad.x, quad.y, quad.width, quad.height] { #expect(value == value.rounded()) }
        }
        // The panel's text stays inside the panel.
        let panelText = painter.quads.filter { $0.x >= Float(layout.panel.x) && $0.color == Palette.statusText }
        #expect(!panelText.isEmpty)
        #expect(panelText.allSatisfy { $0.x + $0.width <= Float(layout.panel.maxX) })
    }

    @Test func livesAreBallsAndLostOnesDim() {
        var game = Breakout(seed: 1)
        _ = game.perform(.start(level: 1), context: ActionContext(run: 1))
        var scene = game.scene(status: [], leaderboard: [])
        #expect(scene.lives == 3 && scene.score == 0 && scene.level == 1)
        scene.lives = 1
        let round = FramePainter.quads(for: scene, width: 640, height: 360).filter(\.isRound)
        #expect(round.count == 4)  // the ball and three life slots
        #expect(round.filter { $0.color == Palette.lostLife }.count == 2)
    }
}
