// GameMessage: what the shooter's players tell each other in a match (the engine carries it as text, unread): a
// state every period (where the player is, how it is) and a shot (from where, which way). The text is words and
// numbers, `state X Z YAW HEALTH` and `shot X Z YAW`, each number as Swift writes it (the shortest that reads back
// to the same Float), so a message crosses any wire exactly; reading it back refuses anything else.

import InterludeNetwork
import Lifecycle
import Runtime

/// Where a member of the match is and how it is, as a state message carries it. Positions are in world units,
/// `yaw` in radians (the game's convention: 0 looks down -z).
public struct PeerPose: Hashable, Sendable {
    public var x: Float
    public var z: Float
    public var yaw: Float
    public var health: Int

    public init(x: Float, z: Float, yaw: Float, health: Int = 100) {
        self.x = x
        self.z = z
        self.yaw = yaw
        self.health = health
    }
}

/// The shooter's match messages.
public enum GameMessage: MatchMessage {
    /// The sender's pose and health, every state period.
    case state(PeerPose)
    /// The sender fired from `pose` along its facing (its health is not sent).
    case shot(PeerPose)

    /// The largest magnitude a coordinate, an angle or a health may have on the wire.
    static let largest: Float = 1_000_000

    public var wireText: String {
        switch self {
        case .state(let pose): return "state \(pose.x) \(pose.z) \(pose.yaw) \(pose.health)"
        case .shot(let pose): return "shot \(pose.x) \(pose.z) \(pose.yaw)"
        }
    }

    public init(wireText: String) throws(MatchMessageError) {
        let words = wireText.split(separator: " ", omittingEmptySubsequences: false)
        let kind = words.first.map(String.init) ?? ""
        let count = kind == "state" ? 5 : kind == "shot" ? 4 : 0
        guard count > 0 else { throw MatchMessageError("not a state or a shot: '\(wireText.prefix(40))'") }
        guard words.count == count else { throw MatchMessageError("a \(kind) has \(count - 1) numbers") }
        var numbers: [Float] = []
        for word in words[1..<4] {
            guard let number = Float(word), number.isFinite, abs(number) <= Self.largest else {
                throw MatchMessageError("'\(word.prefix(40))' is not a finite number within ±\(Int(Self.largest))")
            }
            numbers.append(number)
        }
        var pose = PeerPose(x: numbers[0], z: numbers[1], yaw: numbers[2])
        guard kind == "state" else {
            self = .shot(pose)
            return
        }
        guard let health = Int(words[4]), abs(health) <= Int(Self.largest) else {
            throw MatchMessageError("'\(words[4].prefix(40))' is not a health")
        }
        pose.health = health
        self = .state(pose)
    }

    /// A shot is in the transcript (`peerFired NAME`); a state only in the simulation's hash.
    public func transcriptEntry(from sender: MatchPeer) -> (name: String, args: String)? {
        guard case .shot = self else { return nil }
        return ("peerFired", sender.name)
    }
}
