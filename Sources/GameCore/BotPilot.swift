// BotPilot: where a bot player is at a given tick, from the level alone: a deterministic walk through the level's
// open cells (a depth-first tour from the start cell and back, so it loops), at walking speed, facing where it
// goes, firing every `firePeriod` steps. A pure function of (level, name, tick): a replay's scripted peers and
// `interlude match bot` use it, and the same tick gives the same pose on every machine.

import InterludeNetwork
import Lifecycle
import Runtime

/// The moves of a bot player on a level.
public struct BotPilot: Hashable, Sendable {
    /// Steps to walk from one cell's centre to a neighbour's (1.5 cells a second).
    public static let stepsPerCell: Int64 = 40
    /// A bot that fires by itself does so every this many steps (1.5 s).
    public static let firePeriod: Int64 = 90

    /// The cells of the tour, in order; the last one is next to the first.
    public let route: [Cell2]
    /// Where in the tour the bot starts (from its name, so that two bots do not walk as one).
    public let offset: Int64

    /// A cell of the level.
    public struct Cell2: Hashable, Sendable {
        public let x: Int
        public let z: Int
    }

    /// The pilot of the bot `name` on `level`.
    public init(level: Level, name: String) {
        let start = level.positions(of: .start).first ?? (x: 1, z: 1)
        var route: [Cell2] = []
        var seen = Set<Cell2>()
        // Iterative depth-first tour: each cell is entered once and walked back through when its branch ends.
        var stack: [(cell: Cell2, next: Int)] = [(Cell2(x: start.x, z: start.z), 0)]
        seen.insert(stack[0].cell)
        route.append(stack[0].cell)
        let directions = [(1, 0), (0, 1), (-1, 0), (0, -1)]
        while !stack.isEmpty, route.count < 4096 {
            let top = stack.count - 1
            guard stack[top].next < directions.count else {
                stack.removeLast()
                if let back = stack.last { route.append(back.cell) }
                continue
            }
            let (dx, dz) = directions[stack[top].next]
            stack[top].next += 1
            let cell = Cell2(x: stack[top].cell.x + dx, z: stack[top].cell.z + dz)
            guard cell.x >= 0, cell.z >= 0, cell.x < level.width, cell.z < level.depth,
                !level.isWall(cell.x, cell.z), !seen.contains(cell)
            else { continue }
            seen.insert(cell)
            route.append(cell)
            stack.append((cell, 0))
        }
        if route.count > 1, route.last == route.first { route.removeLast() }
        self.route = route
        var hash: UInt64 = 1_469_598_103_934_665_603
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        offset = Int64(hash % UInt64(max(1, route.count))) * Self.stepsPerCell
    }

    /// Where the bot is at `tick` (positions on a 1/256 grid, so that they cross any wire exactly).
    public func pose(at tick: Int64) -> PeerPose {
        guard route.count > 1 else {
            let cell = route.first ?? Cell2(x: 1, z: 1)
            return PeerPose(x: Float(cell.x) + 0.5, z: Float(cell.z) + 0.5, yaw: 0)
        }
        let length = Int64(route.count) * Self.stepsPerCell
        let along = ((tick &+ offset) % length + length) % length
        let index = Int(along / Self.stepsPerCell)
        let from = route[index]
        let to = route[(index + 1) % route.count]
        let fraction = Float(along % Self.stepsPerCell) / Float(Self.stepsPerCell)
        let x = Float(from.x) + 0.5 + Float(to.x - from.x) * fraction
        let z = Float(from.z) + 0.5 + Float(to.z - from.z) * fraction
        // yaw 0 looks down -z, positive turns left: east (+x) is -π/2, south (+z) is π, west is π/2.
        let yaw: Float
        switch (to.x - from.x, to.z - from.z) {
        case (1, _): yaw = -Float.pi / 2
        case (-1, _): yaw = Float.pi / 2
        case (_, 1): yaw = Float.pi
        default: yaw = 0
        }
        return PeerPose(x: (x * 256).rounded() / 256, z: (z * 256).rounded() / 256, yaw: yaw)
    }

    /// True when a bot firing by itself fires at `tick`.
    public func fires(at tick: Int64) -> Bool { tick > 0 && tick % Self.firePeriod == 0 }

    /// The scripted peers of a match (an `InMemoryMatch`, a socket transport's bots): each peer walks its own tour
    /// of the level the match is for and sends its pose as its state; `peer fire NAME` is a shot from there.
    /// The tours are worked out once per peer and level.
    public static func matchPilot(levels: [Level]) -> MatchPilot<GameMessage> {
        let cache = PilotCache()
        let pose: @Sendable (String, Int, Int64) -> PeerPose = { name, number, tick in
            let index = max(0, min(levels.count, number) - 1)
            let key = "\(index) \(name)"
            if let pilot = cache.pilots[key] { return pilot.pose(at: tick) }
            let pilot = BotPilot(level: levels[index], name: name)
            cache.pilots[key] = pilot
            return pilot.pose(at: tick)
        }
        return MatchPilot(
            state: { name, level, tick in .state(pose(name, level, tick)) },
            says: { word, name, level, tick in word == "fire" ? .shot(pose(name, level, tick)) : nil })
    }
}

/// The pilots of one match, by level and name. A transport calls its pilot from the runtime's thread only, so the
/// cache needs no lock.
final class PilotCache: @unchecked Sendable {
    var pilots: [String: BotPilot] = [:]
}
