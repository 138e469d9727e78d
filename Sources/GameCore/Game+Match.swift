// Game+Match: the other players of a multiplayer session (deathmatch). Each player is the authority on its own
// health: a shot from another player, applied at the lockstep's tick, hurts us if its line meets us before a
// wall; our shots at another player flash its sprite and show the hit marker, and its own game decides its
// damage. So no message needs the other side's simulation (enemies, pickups stay each player's own), and the
// lockstep carries only our messages (GameMessage.swift: states and shots), joins and leaves. Another player is the
// match server's id for it, never its name: a `left` removes only the player with its id.

import InterludeNetwork
import Lifecycle
import Runtime

/// Another player in the match, as the last state message placed it.
public struct PeerPlayer: Hashable, Sendable {
    public var id: Int  // the match server's id for it: its identity (not hashed: a replay's ids may differ)
    public var name: String  // what the HUD shows
    public var pose: PeerPose
    public var flash: Int64  // steps of hit flash left (our shot hit it)

    public init(id: Int, name: String, pose: PeerPose, flash: Int64 = 0) {
        self.id = id
        self.name = name
        self.pose = pose
        self.flash = flash
    }
}

extension Game {
    static let peerRadius: Float = 0.3  // world units: how wide another player is to a shot
    /// A deathmatch round lasts 3 minutes of play; then the match is left and the player is back on the menu.
    /// (It also bounds a replay's time in a match: a lockstep step waits for real messages, so an hour-long
    /// match would replay for minutes.)
    public static let roundSteps = Int64(3 * 60 * stepsPerSecond)
    static let peerShotDamage = 10

    /// Our pose and health, what the other players see of us.
    var pose: PeerPose {
        PeerPose(x: state.player.x, z: state.player.z, yaw: state.player.yaw, health: state.player.health)
    }

    public var matchState: GameMessage? {
        guard state.screen == .multiplayer else { return nil }
        return .state(pose)
    }

    /// Our shot, from where we stand now, when we fired in a match since the last call.
    public mutating func takeMatchMessages() -> [GameMessage] {
        defer { shotPending = false }
        guard shotPending, state.screen == .multiplayer else { return [] }
        return [.shot(pose)]
    }

    public var peerNames: [String] { state.peers.map(\.name) }

    public var matchPilot: MatchPilot<GameMessage> { BotPilot.matchPilot(levels: levels) }

    public mutating func apply(_ event: MatchEvent<GameMessage>) {
        switch event {
        case .joined(let peer):
            guard state.screen == .multiplayer, !state.peers.contains(where: { $0.id == peer.id }) else { return }
            let start = level.positions(of: .start)[0]
            let pose = PeerPose(x: Float(start.x) + 0.5, z: Float(start.z) + 0.5, yaw: level.startYaw)
            state.peers.append(PeerPlayer(id: peer.id, name: peer.name, pose: pose))
            state.notice = "player \(peer.name) joined"
        case .left(let peer, let reason):
            guard let index = state.peers.firstIndex(where: { $0.id == peer.id }) else { return }
            state.peers.remove(at: index)
            state.notice = "player \(peer.name) left" + (reason == .left ? "" : " (\(reason.rawValue))")
        case .message(let peer, .state(let pose)):
            guard let index = state.peers.firstIndex(where: { $0.id == peer.id }) else { return }
            state.peers[index].pose = pose
        case .message(let peer, .shot(let pose)):
            guard state.isRunning, let index = state.peers.firstIndex(where: { $0.id == peer.id }) else { return }
            state.peers[index].pose.yaw = pose.yaw
            if shot(from: pose, hits: state.player.x, state.player.z) { hurt(Self.peerShotDamage) }
        case .lost(let why):
            state.peers = []
            guard state.screen == .multiplayer else { return }
            goToMenu()
            state.notice = "match lost: \(why); join again from the menu"
        }
    }

    /// True when a shot from `pose` along its facing meets a player at (x, z) before a wall.
    func shot(from pose: PeerPose, hits x: Float, _ z: Float) -> Bool {
        let ray = facing(pose.yaw)
        let toX = x - pose.x
        let toZ = z - pose.z
        let along = toX * ray.x + toZ * ray.z
        guard along > 0 else { return false }
        let offSquared = toX * toX + toZ * toZ - along * along
        guard offSquared <= Self.peerRadius * Self.peerRadius else { return false }
        return along < level.wallDistance(x: pose.x, z: pose.z, dx: ray.x, dz: ray.z)
    }

    /// Our shot: the nearest other player on the line, nearer than `enemyDistance` and the first wall, is hit
    /// (its sprite flashes; its own game takes the damage when our shot reaches it). Returns whether one was.
    mutating func shootPeers(enemyDistance: Float) -> Bool {
        guard state.screen == .multiplayer, !state.peers.isEmpty else { return false }
        let player = state.player
        let ray = facing(player.yaw)
        let wall = min(enemyDistance, level.wallDistance(x: player.x, z: player.z, dx: ray.x, dz: ray.z))
        var best: (index: Int, distance: Float)? = nil
        for (index, peer) in state.peers.enumerated() {
            let toX = peer.pose.x - player.x
            let toZ = peer.pose.z - player.z
            let along = toX * ray.x + toZ * ray.z
            guard along > 0 else { continue }
            let offSquared = toX * toX + toZ * toZ - along * along
            guard offSquared <= Self.peerRadius * Self.peerRadius, along < wall else { continue }
            if along < best?.distance ?? Float.infinity { best = (index, along) }
        }
        guard let best else { return false }
        state.peers[best.index].flash = 6
        state.effects.hitMarker = 12
        return true
    }

    /// Ends a multiplayer round that has lasted `roundSteps`: back to the menu, the score reported.
    mutating func endRoundIfOver() {
        guard state.screen == .multiplayer, state.steps >= Self.roundSteps else { return }
        reports += [.score(level: state.levelNumber, run: state.run, points: state.score), .sessionEnded]
        goToMenu()
        state.notice = "round over (3 minutes): join again from the menu"
    }

    /// The other players' hit flashes fade, one step.
    mutating func fadePeers() {
        for index in state.peers.indices { state.peers[index].flash = max(0, state.peers[index].flash - 1) }
    }

    /// The other players as sprites.
    func peerSprites() -> [Sprite] {
        state.peers.map {
            Sprite(
                position: Vec3($0.pose.x, 0, $0.pose.z), size: 0.9, color: Self.spriteTint, kind: .peer,
                flash: Float($0.flash) / 6)
        }
    }

    /// The HUD's line of who is in the match.
    var matchLine: String {
        let names = (["you"] + state.peers.map(\.name)).joined(separator: ", ")
        return "players \(state.peers.count + 1): \(names)"
    }
}
