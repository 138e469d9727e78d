// Game+Scene: what the game shows: the level from the player's eyes (or a fly-through on the menu),
// its things as sprites, the HUD and the pause overlay.

extension Game {
    static let eyeHeight: Float = 0.5  // world units above the floor

    /// The scene for this frame; `status` lines (life-cycle state, callbacks, work) are appended to the HUD.
    public func scene(status: [String] = [], leaderboard: [String] = []) -> Scene {
        var hud: [String]
        var overlay: String? = nil
        var tint: Color? = nil
        let camera: Camera
        switch state.screen {
        case .menu, .leaderboard:
            camera = flyThroughCamera()
            hud = ["INTERLUDE  main menu", "1 single player  2 multiplayer  3 leaderboard"]
            if state.screen == .leaderboard {
                overlay = "LEADERBOARD"
                hud = ["LEADERBOARD  (Esc: back)"] + (leaderboard.isEmpty ? ["loading..."] : leaderboard)
                tint = Color(0.05, 0.05, 0.15)
            }
        case .singlePlayer, .multiplayer:
            let player = state.player
            camera = Camera(position: Vec3(player.x, Self.eyeHeight, player.z), yaw: player.yaw, pitch: player.pitch)
            let seconds = state.steps / Int64(stepsPerSecond)
            hud = [
                "\(state.screen == .multiplayer ? "MULTIPLAYER" : "SINGLE PLAYER")  level \(state.levelNumber)",
                "score \(state.score)  health \(player.health)  ammo \(player.ammo)  time \(seconds / 60):"
                    + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)",
            ]
            if state.isPaused {
                overlay = "PAUSED - press R to resume"
                tint = Color(0.1, 0.1, 0.1)
            }
        }
        if let notice = state.notice { hud.append("! " + notice) }
        return Scene(
            level: level, camera: camera, sprites: sprites(), hud: hud + status, overlay: overlay, tint: tint)
    }

    /// The menu's slow circle around the level's middle.
    private func flyThroughCamera() -> Camera {
        let angle = Float(menuFrames % 3600) / 3600 * 2 * Float.pi
        let centreX = Float(level.width) / 2
        let centreZ = Float(level.depth) / 2
        let radius = min(centreX, centreZ) * 0.5
        let position = Vec3(
            centreX + radius * sinApproximation(angle), 0.6, centreZ + radius * sinApproximation(angle + Float.pi / 2))
        return Camera(position: position, yaw: angle + Float.pi / 2, pitch: -0.1)
    }

    private func sprites() -> [Sprite] {
        let kinds: [(Cell, Float, Color)] = [
            (.enemy, 0.6, Color(0.85, 0.15, 0.1)), (.health, 0.3, Color(0.2, 0.85, 0.3)),
            (.ammo, 0.3, Color(0.9, 0.8, 0.2)), (.exit, 0.8, Color(0.2, 0.4, 0.95)),
        ]
        var sprites: [Sprite] = []
        for (kind, size, color) in kinds {
            for cell in level.positions(of: kind) {
                sprites.append(
                    Sprite(position: Vec3(Float(cell.x) + 0.5, 0, Float(cell.z) + 0.5), size: size, color: color))
            }
        }
        return sprites
    }
}
