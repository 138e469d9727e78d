// Game+Scene: what the game shows: the level from the player's eyes (or a fly-through on the menu and the
// game-over screen), enemies, corpses, pickups and exits as sprites, the weapon, status bar, flashes and HUD.

import Lifecycle
import Runtime

extension Game {
    static let eyeHeight: Float = 0.5  // world units above the floor

    /// The scene for this frame; `status` lines (life-cycle state, callbacks, work) are appended to the HUD.
    public func scene(status: [String] = [], leaderboard: [String] = []) -> Scene {
        var scene: Scene
        switch state.screen {
        case .menu:
            scene = Scene(level: level, camera: flyThroughCamera(), sprites: sprites())
            scene.hud = ["INTERLUDE  main menu", "1 single player  2 multiplayer  3 leaderboard"]
        case .leaderboard:
            scene = Scene(level: level, camera: flyThroughCamera(), sprites: sprites())
            scene.overlay = "LEADERBOARD"
            scene.hud = ["LEADERBOARD  (Esc: back)"] + (leaderboard.isEmpty ? ["loading..."] : leaderboard)
            scene.tint = Color(0.05, 0.05, 0.15)
        case .gameOver:
            scene = Scene(level: level, camera: flyThroughCamera(), sprites: sprites())
            scene.overlay = (state.hasWon ? "YOU WIN" : "GAME OVER") + " - score \(state.score)"
            scene.hud = [
                "\(state.hasWon ? "all levels cleared" : "killed on level \(state.levelNumber)")  score \(state.score)"
                    + "  kills \(state.kills)  shots \(state.shots)  hits \(state.hits)",
                "Esc: main menu",
            ]
            scene.tint = state.hasWon ? Color(0.05, 0.15, 0.05) : Color(0.25, 0.02, 0.02)
        case .singlePlayer, .multiplayer:
            scene = sessionScene()
        }
        if let notice = state.notice { scene.hud.append("! " + notice) }
        scene.hud += status
        return scene
    }

    private func sessionScene() -> Scene {
        let player = state.player
        let camera = Camera(position: Vec3(player.x, Self.eyeHeight, player.z), yaw: player.yaw, pitch: player.pitch)
        let seconds = state.steps / Int64(stepsPerSecond)
        let effects = state.effects
        var scene = Scene(level: level, camera: camera, sprites: sprites())
        scene.hud = [
            "\(state.screen == .multiplayer ? "MULTIPLAYER" : "SINGLE PLAYER")  level \(state.levelNumber) "
                + "\(level.name)  enemies \(state.enemies.filter(\.isAlive).count)/\(state.enemies.count)",
            "score \(state.score)  health \(player.health)  ammo \(player.ammo)  time \(seconds / 60):"
                + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)",
        ]
        if state.screen == .multiplayer { scene.hud.append(matchLine) }
        scene.weapon = WeaponView(recoil: Float(effects.recoil) / 8, isFlashing: effects.muzzle > 0, bob: effects.bob)
        scene.statusBar = StatusBar(
            health: player.health, ammo: player.ammo, score: state.score, level: state.levelNumber, seconds: seconds)
        scene.damage = Float(effects.damage) / 30
        scene.hitMarker = effects.hitMarker > 0
        scene.crosshair = state.isRunning
        if state.isPaused {
            scene.overlay = "PAUSED - press R to resume"
            scene.tint = Color(0.1, 0.1, 0.1)
        }
        return scene
    }

    /// The menu's slow circle around the level's middle.
    private func flyThroughCamera() -> Camera {
        let angle = Float(menuFrames % 3600) / 3600 * 2 * Float.pi
        let centreX = Float(level.width) / 2
        let centreZ = Float(level.depth) / 2
        let radius = min(centreX, centreZ) * 0.5
        let position = Vec3(centreX + radius * sinApproximation(angle), 0.6, centreZ + radius * cosApproximation(angle))
        return Camera(position: position, yaw: angle + Float.pi / 2, pitch: -0.1)
    }

    /// Enemies (alive or corpses), pickups not yet taken and exits: of the session (also on its game-over
    /// screen), else the level's own cells.
    /// Sprites are drawn with their textures' own colours (Assets/Textures/sprite-KIND.png).
    static let spriteTint = Color(1, 1, 1)

    private func sprites() -> [Sprite] {
        var sprites: [Sprite] = []
        if state.isInSession || state.screen == .gameOver {
            for enemy in state.enemies {
                let alive = enemy.isAlive
                sprites.append(
                    Sprite(
                        position: Vec3(enemy.x, 0, enemy.z), size: alive ? 0.8 : 0.7,
                        color: Self.spriteTint, kind: alive ? .enemy : .corpse,
                        flash: Float(enemy.flash) / 6))
            }
            for pickup in state.pickups where !pickup.isTaken {
                sprites.append(pickupSprite(pickup.kind, x: pickup.x, z: pickup.z))
            }
        } else {
            for cell in level.positions(of: .enemy) {
                sprites.append(
                    Sprite(
                        position: Vec3(Float(cell.x) + 0.5, 0, Float(cell.z) + 0.5), size: 0.8,
                        color: Self.spriteTint, kind: .enemy))
            }
            for cell in level.positions(of: .health) { sprites.append(pickupSprite(.health, x: cell.x, z: cell.z)) }
            for cell in level.positions(of: .ammo) { sprites.append(pickupSprite(.ammo, x: cell.x, z: cell.z)) }
        }
        if state.screen == .multiplayer { sprites += peerSprites() }
        for cell in level.positions(of: .exit) {
            sprites.append(
                Sprite(
                    position: Vec3(Float(cell.x) + 0.5, 0, Float(cell.z) + 0.5), size: 0.8,
                    color: Self.spriteTint, kind: .exit))
        }
        return sprites
    }

    private func pickupSprite(_ kind: PickupKind, x: Int, z: Int) -> Sprite {
        let position = Vec3(Float(x) + 0.5, 0, Float(z) + 0.5)
        switch kind {
        case .health: return Sprite(position: position, size: 0.35, color: Self.spriteTint, kind: .health)
        case .ammo: return Sprite(position: position, size: 0.35, color: Self.spriteTint, kind: .ammo)
        }
    }
}
