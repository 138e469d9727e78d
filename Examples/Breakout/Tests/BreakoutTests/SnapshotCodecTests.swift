// The snapshot codec: a round trip keeps every value; bytes cut short, damaged or forged are refused with a kind,
// a line and a column, and nothing traps, whatever the bytes; a forged save that decodes is refused by
// `whyCannotRestore`, and a launch sets it aside and starts a fresh game.

import Breakout
import Lifecycle
import Runtime
import Saves
import Testing

@Suite struct SnapshotCodecTests {
    /// A session mid-flight: the ball launched, the paddle moved, `steps` played (the speedup timer firing every
    /// 600 as the runtime fires it).
    static func midSession(seed: UInt64 = 3, steps: Int = 60) -> BreakoutState {
        var game = Breakout(seed: seed)
        let context = ActionContext(run: 7)
        _ = game.perform(.start(level: 2), context: context)
        _ = game.perform(.serve, context: context)
        _ = game.perform(.paddle(.right, duration: 500_000_000), context: context)
        for _ in 0..<steps {
            game.step()
            if game.steps % Breakout.speedupPeriod == 0 { game.timerFired(.speedup) }
        }
        return game.savedState
    }

    static let extras: [String: Int64] = ["generation": 4, "timer.speedup": 321, "setting.volume": -1]

    static var valid: [UInt8] { BreakoutSnapshot(state: midSession(), extras: extras).encoded() }

    /// `text` signed as the encoder signs it: the checksum of every byte before it, then the end marker.
    static func signed(_ text: String) -> [UInt8] {
        var hasher = StateHasher()
        hasher.combine(bytes: Array(text.utf8))
        return Array((text + "checksum=\(hasher.hex)\nend\n").utf8)
    }

    /// The valid save with the line starting `key=` replaced by `key=value`, signed again (a forger's edit).
    static func forged(_ key: String, _ value: String) -> [UInt8] {
        let text = String(decoding: valid, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast(3)  // checksum, end, and the empty line after the last newline
        let index = lines.firstIndex { $0.hasPrefix(key + "=") }!
        lines[index] = key + "=" + value
        return signed(lines.joined(separator: "\n") + "\n")
    }

    /// The line number of `key=` in the valid save.
    static func line(of key: String) -> Int {
        let lines = String(decoding: valid, as: UTF8.self).split(separator: "\n")
        return lines.firstIndex { $0.hasPrefix(key + "=") }! + 1
    }

    static func error(_ bytes: [UInt8]) -> SnapshotDecodeError? {
        do {
            _ = try BreakoutSnapshot.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func roundTripKeepsEveryValue() throws {
        var won = Self.midSession()
        won.screen = .gameOver
        let states = [Self.midSession(), Self.midSession(steps: 700), .onMenu(random: SeededRandom(seed: 9)), won]
        for state in states {
            #expect(state == won || Breakout(seed: 1).whyCannotRestore(state) == nil)
            let snapshot = BreakoutSnapshot(state: state, extras: Self.extras)
            let decoded = try BreakoutSnapshot.decode(snapshot.encoded())
            #expect(decoded == snapshot)
            #expect(decoded.values == snapshot.values)
            #expect(decoded.encoded() == snapshot.encoded())
        }
    }

    @Test func theFormatIsBreakoutsOwn() {
        let text = String(decoding: Self.valid, as: UTF8.self)
        #expect(text.hasPrefix("breakout-snapshot 1\nscreen=singlePlayer\n"))
        #expect(text.contains("\nrow.1=2020202020\n"))
        #expect(text.contains("\nruntime.timer.speedup=321\n"))
        #expect(text.hasSuffix("\nend\n"))
    }

    @Test func snapshotValuesNameEveryValue() {
        let state = Self.midSession()
        let game = Breakout(seed: 1)
        let values = game.snapshotValues(SavedGame(state: state, extras: Self.extras))
        #expect(values["level"] == 2 && values["inSession"] == 1 && values["paused"] == 0)
        #expect(values["score"] == state.score && values["lives"] == Int64(state.lives))
        #expect(values["speedups"] == 0 && values["generation"] == 4 && values["timer.speedup"] == 321)
        #expect(values["bricks"] == Int64(state.wall.brickCount) && values["brick.1.1"] == 2)
        #expect(values["paddle.x"] == Int64(state.paddleX.rounded(.towardZero)))
        #expect(values["ball.onPaddle"] == 0)
    }

    @Test func everyCutIsRefused() {
        let bytes = Self.valid
        for length in 0..<bytes.count {
            let error = Self.error(Array(bytes.prefix(length)))
            #expect(error != nil, "\(length) bytes decoded")
            let kinds: [SnapshotDecodeError.Kind] = [.empty, .notSnapshot, .truncated]
            #expect(error.map { kinds.contains($0.kind) } ?? false, "\(length) bytes: \(String(describing: error))")
        }
    }

    @Test func everyDamagedByteIsRefused() {
        let bytes = Self.valid
        for index in bytes.indices {
            for flip: UInt8 in [0x01, 0x20, 0x80] {
                var damaged = bytes
                damaged[index] ^= flip
                #expect(Self.error(damaged) != nil, "byte \(index) ^ \(flip) decoded")
            }
        }
    }

    @Test func randomBytesNeverTrap() {
        var random = SeededRandom(seed: 99)
        for _ in 0..<2000 {
            let count = random.below(300)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if random.below(2) == 0 { bytes = Array("breakout-snapshot 1\n".utf8) + bytes }
            #expect(Self.error(bytes) != nil)
            #expect(Self.error(Self.signed(String(decoding: bytes, as: UTF8.self))) != nil)
        }
    }

    @Test func headerSizeAndVersionAreChecked() {
        #expect(Self.error([])?.kind == .empty)
        #expect(Self.error(Array(repeating: 0x41, count: BreakoutSnapshot.maximumBytes + 1))?.kind == .tooLarge)
        #expect(Self.error(Array("interlude-snapshot 2\nlevel=1\nend\n".utf8))?.kind == .notSnapshot)
        #expect(Self.error(Self.signed("breakout-snapshot 2\n"))?.kind == .futureVersion)
        #expect(Self.error(Self.signed("breakout-snapshot 99999999999999999999999\n"))?.kind == .futureVersion)
        #expect(Self.error(Self.signed("breakout-snapshot x\n"))?.kind == .notSnapshot)
        #expect(Self.error(Self.signed("breakout-snapshot 0\n"))?.kind == .notSnapshot)
    }

    @Test(arguments: [
        ("ball.y", "nan"), ("paddle.x", "inf"), ("ball.x", "1e39"), ("ball.dx", "0x1p-1"), ("score", "12x"),
        ("steps", "99999999999999999999"), ("lives", ""), ("paused", "2"), ("screen", "credits"),
        ("row.2", "11111"), ("row.3", "111111111\u{0661}"), ("random", "-1"), ("level", "1 "),
    ])
    func badValuesAreMalformedAtTheirLineAndColumn(key: String, value: String) {
        let error = Self.error(Self.forged(key, value))
        #expect(error?.kind == .malformed)
        #expect(error?.line == Self.line(of: key))
        #expect(error?.column == key.utf8.count + 2)
    }

    @Test func unknownRepeatedAndMissingKeysAreMalformed() {
        let text = String(decoding: Self.valid, as: UTF8.self)
        let body = String(text.dropLast("checksum=0123456789abcdef\nend\n".count))
        #expect(Self.error(Self.signed(body + "bonus=5\n"))?.kind == .malformed)
        #expect(Self.error(Self.signed(body + "level=1\n"))?.kind == .malformed)
        #expect(Self.error(Self.signed(body + "runtime.=1\n"))?.kind == .malformed)
        #expect(Self.error(Self.signed(body + "no equals sign\n"))?.kind == .malformed)
        #expect(Self.error(Self.signed(body + "=1\n"))?.kind == .malformed)
        let missing = body.replacingOccurrences(ofLine: "lives=")
        #expect(Self.error(Self.signed(missing)) == SnapshotDecodeError(line: 0, message: "the save has no 'lives'"))
    }

    @Test(arguments: [
        ("ball.x", "400.0"), ("ball.y", "-5.0"), ("paddle.x", "1.0"), ("ball.dy", "0.0"), ("ball.dx", "0.9"),
        ("lives", "0"), ("lives", "9"), ("level", "7"), ("level", "-9223372036854775808"), ("score", "5000"),
        ("score", "15"), ("score", "-10"), ("steps", "-1"), ("speedups", "5"), ("held.left", "-3"),
        ("row.6", "1111111111"), ("row.1", "2222222222"), ("ball.onPaddle", "1"),
    ])
    func forgedStatesDecodeButAreRefused(key: String, value: String) throws {
        let bytes = Self.forged(key, value)
        let snapshot = try BreakoutSnapshot.decode(bytes)
        let game = Breakout(seed: 1)
        #expect(game.whyCannotRestore(snapshot.state) != nil)
        #expect(game.whyCannotRestore(Self.midSession()) == nil)
    }

    @Test func aLaunchSetsAForgedSaveAsideAndStartsFresh() {
        let store = InMemorySnapshotStore(bytes: Self.forged("ball.x", "400.0"), previous: Self.forged("lives", "9"))
        let runtime = Runtime(profile: .ios5, seed: 1, game: Breakout(seed: 1), snapshots: store)
        runtime.send(.launched)
        runtime.settle()
        #expect(store.quarantined.count == 2)
        #expect(runtime.game.screenName == "menu")
        #expect(runtime.violations.isEmpty)
    }

    @Test func aLaunchRestoresAGoodSavePaused() {
        let state = Self.midSession()
        let bytes = BreakoutSnapshot(state: state, extras: ["generation": 2, "timer.speedup": 100]).encoded()
        let runtime = Runtime(
            profile: .ios4, seed: 1, game: Breakout(seed: 1), snapshots: InMemorySnapshotStore(bytes: bytes))
        runtime.send(.launched)
        runtime.settle()
        var paused = state
        paused.isPaused = true
        #expect(runtime.game.savedState == paused)
        #expect(runtime.game.isPaused && runtime.game.isInSession)
    }

    /// A `breakout-snapshot 1` file, as breakout wrote it before the runtime's frame (the same encoder, with the
    /// runtime's values among the game's), loads; the next save writes the frame, with the game's own part inside.
    @Test func aSaveFromBeforeTheFrameLoadsAndTheNextSaveWritesTheFrame() throws {
        let state = Self.midSession()
        let bytes = BreakoutSnapshot(state: state, extras: ["generation": 2, "timer.speedup": 100]).encoded()
        let store = InMemorySnapshotStore(bytes: bytes)
        let runtime = Runtime(profile: .ios4, seed: 1, game: Breakout(seed: 1), snapshots: store)
        runtime.send(.launched)
        runtime.settle()
        #expect(try runtime.storedSnapshotValues().get()["timer.speedup"] == 100)
        runtime.send(.homePressed)
        runtime.settle()
        let saved = try #require(store.bytes)
        #expect(SnapshotFrame.isFramed(saved) && !BreakoutSnapshot.isOwnFile(saved))
        let decoded = try Breakout(seed: 1).decodeSnapshot(saved)
        var paused = state
        paused.isPaused = true
        #expect(decoded.state == paused && decoded.extras["generation"]! > 2 && decoded.extras["timer.speedup"] == 100)
        let values = try runtime.storedSnapshotValues().get()
        #expect(values["bricks"] == Int64(state.wall.brickCount) && values["timer.speedup"] == 100)
        #expect(store.quarantined.isEmpty && runtime.violations.isEmpty)
    }
}

extension String {
    /// This text without its line that starts with `prefix`.
    fileprivate func replacingOccurrences(ofLine prefix: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(prefix) }
            .joined(separator: "\n")
    }
}
