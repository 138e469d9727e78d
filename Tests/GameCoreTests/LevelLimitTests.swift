// Level caps (issue 12): a valid level must never make saves its own loader refuses. A 200 x 200 level full of
// enemies once wrote 7.5 MB snapshots against the 1 MiB limit; now size and entity caps refuse it at load time with
// `line:column`, and the worst-case snapshot of a level at every cap is shown (by real encodings) to fit.

import Lifecycle
import Runtime
import Testing

@testable import GameCore

/// A level file with a `width` x `depth` map: wall border, the start at (1, 1), the exit at the far corner, and the
/// inner cells filled by `fill(x, z)`.
func levelText(width: Int, depth: Int, fill: (Int, Int) -> Character = { _, _ in "." }) -> String {
    var lines = ["interlude-level 1", "name Hostile", "map"]
    for z in 0..<depth {
        var row = ""
        for x in 0..<width {
            if x == 0 || z == 0 || x == width - 1 || z == depth - 1 {
                row.append("#")
            } else if x == 1, z == 1 {
                row.append("P")
            } else if x == width - 2, z == depth - 2 {
                row.append("X")
            } else {
                row.append(fill(x, z))
            }
        }
        lines.append(row)
    }
    return lines.joined(separator: "\n") + "\n"
}

/// The parse error of `text`, or nil when it parses.
func parseError(_ text: String, budget: Int = Level.snapshotBudget) -> Level.ParseError? {
    do {
        _ = try LevelFile.parse(text, snapshotBudget: budget)
        return nil
    } catch {
        return error
    }
}

@Suite("Level caps: size, enemies, pickups and the worst-case snapshot")
struct LevelLimitTests {
    @Test("the 200 x 200 level full of enemies is refused at the first cell past the width cap")
    func hugeLevelRefused() throws {
        let text = levelText(width: 200, depth: 200) { _, _ in "E" }
        let error = try #require(parseError(text))
        #expect("\(error)" == "4:129: expected at most 128 cells in a row, found 200")
        // What it could have written: 5,000 of its 38,809 enemies already pass the loader's limit.
        #expect(Level.worstCaseSnapshotBytes(enemies: 5_000, pickups: 0) > GameSnapshot.maximumBytes)
    }

    @Test("128 x 128 is the largest map; a 129th row or column is refused where it starts")
    func sideCap() throws {
        #expect(parseError(levelText(width: 128, depth: 128)) == nil)
        let wide = try #require(parseError(levelText(width: 129, depth: 10)))
        #expect("\(wide)" == "4:129: expected at most 128 cells in a row, found 129")
        let deep = try #require(parseError(levelText(width: 10, depth: 129)))
        #expect("\(deep)" == "132:1: expected at most 128 rows, found 129")
        // The bare grid reader (built-in levels, tools) has the same caps.
        let bare = String(repeating: "#", count: 129) + "\n#P" + String(repeating: ".", count: 127)
        #expect(throws: Level.ParseError.self) { try Level.parse(name: "bare", bare) }
    }

    @Test("256 enemies fit; the 257th is refused at its own line and column")
    func enemyCap() throws {
        var count = 0
        let fits = levelText(width: 40, depth: 20) { _, _ in
            count += 1
            return count <= 256 ? "E" : "."
        }
        #expect(parseError(fits) == nil)
        count = 0
        var place = (line: 0, column: 0)
        let over = levelText(width: 40, depth: 20) { x, z in
            count += 1
            if count == 257 { place = (z + 4, x + 1) }
            return count <= 257 ? "E" : "."
        }
        let error = try #require(parseError(over))
        #expect(error.line == place.line && error.column == place.column, "\(error)")
        #expect(error.message == "expected at most 256 enemies 'E', found more (this is number 257)")
    }

    @Test("256 pickups ('+' and '*' together) fit; the 257th is refused at its place")
    func pickupCap() throws {
        var count = 0
        let fits = levelText(width: 40, depth: 20) { _, _ in
            count += 1
            return count > 256 ? "." : count % 2 == 0 ? "+" : "*"
        }
        #expect(parseError(fits) == nil)
        count = 0
        let over = levelText(width: 40, depth: 20) { _, _ in
            count += 1
            return count > 257 ? "." : count % 2 == 0 ? "+" : "*"
        }
        let error = try #require(parseError(over))
        #expect(error.message == "expected at most 256 pickups ('+' and '*'), found more (this is number 257)")
    }

    @Test("a level at every cap: its worst-case snapshot fits the loader's limit with room for the extras")
    func capsFitTheLoader() throws {
        let worst = Level.worstCaseSnapshotBytes(enemies: Level.maximumEnemies, pickups: Level.maximumPickups)
        #expect(worst <= Level.snapshotBudget, "worst case \(worst) bytes, budget \(Level.snapshotBudget)")
        print(
            "level caps: worst-case snapshot \(worst) bytes; budget \(Level.snapshotBudget) of \(GameSnapshot.maximumBytes)"
        )
        #expect(Level.snapshotBudget + Level.snapshotExtrasAllowance == GameSnapshot.maximumBytes)
        var count = 0
        let full = levelText(width: 128, depth: 128) { _, _ in
            count += 1
            return count <= 256 ? "E" : count <= 384 ? "+" : count <= 512 ? "*" : "."
        }
        let level = try LevelFile.parse(full)
        #expect(level.positions(of: .enemy).count == 256)
        #expect(level.positions(of: .health).count + level.positions(of: .ammo).count == 256)
    }

    @Test("the worst case bounds real encodings: random states of every width never exceed it")
    func worstCaseIsABound() {
        var random = SimulationRandom(seed: 12)
        func wide() -> Int64 {
            // Any width from 1 to 20 characters, negative or not.
            let digits = Int64(random.below(19))
            var value: Int64 = 1
            for _ in 0..<digits { value *= 10 }
            value = value + Int64(random.below(UInt64(value)))
            return random.below(2) == 0 ? -value : random.below(50) == 0 ? .min : value
        }
        func float() -> Float { Float(bitPattern: UInt32(truncatingIfNeeded: random.next())) }
        for round in 0..<200 {
            let enemies = Int(random.below(40))
            let pickups = Int(random.below(40))
            var state = GameState()
            state.screen = Screen.allCases[Int(random.below(UInt64(Screen.allCases.count)))]
            state.levelNumber = Int(wide())
            (state.score, state.steps, state.roundSeconds, state.hits) = (wide(), wide(), wide(), wide())
            (state.shots, state.kills, state.run, state.levelsCleared) = (wide(), wide(), wide(), Int(wide()))
            state.player = Player(
                x: float(), z: float(), yaw: float(), pitch: float(), health: Int(wide()), ammo: Int(wide()))
            state.random = SimulationRandom(seed: random.next())
            for control in Control.allCases where random.below(2) == 0 { state.held[control] = wide() }
            (state.effects.reload, state.effects.recoil, state.effects.muzzle) = (wide(), wide(), wide())
            (state.effects.hitMarker, state.effects.damage, state.effects.bob) = (wide(), wide(), float())
            for _ in 0..<enemies {
                var enemy = Enemy(x: float(), z: float(), health: Int(wide()))
                enemy.mode = EnemyMode.allCases[Int(random.below(3))]
                (enemy.targetX, enemy.targetZ, enemy.cooldown, enemy.flash) = (float(), float(), wide(), wide())
                state.enemies.append(enemy)
            }
            for _ in 0..<pickups {
                state.pickups.append(
                    Pickup(
                        kind: random.below(2) == 0 ? .health : .ammo, x: Int(wide()), z: Int(wide()),
                        isTaken: random.below(2) == 0))
            }
            let bytes = GameSnapshot(state: state).encoded().count
            let bound = Level.worstCaseSnapshotBytes(enemies: enemies, pickups: pickups)
            #expect(bytes <= bound, "round \(round): \(bytes) > \(bound)")
        }
    }

    @Test("a level whose worst-case snapshot would pass the budget is refused at the entity that passes it")
    func snapshotBudgetRefuses() throws {
        let text = levelText(width: 12, depth: 3) { x, _ in x <= 6 ? "E" : "." }
        // Room for exactly three enemies: the fourth (x = 5 on the second row: line 5, column 6) passes it.
        let budget = Level.worstCaseSnapshotBytes(enemies: 3, pickups: 0)
        let error = try #require(parseError(text, budget: budget))
        #expect(error.line == 5 && error.column == 6, "\(error)")
        #expect(error.message.hasPrefix("the level's snapshot could reach "), "\(error)")
        #expect(error.message.contains("more than the \(budget) a save may use"), "\(error)")
        #expect(parseError(text, budget: Level.worstCaseSnapshotBytes(enemies: 5, pickups: 0)) == nil)
    }
}
