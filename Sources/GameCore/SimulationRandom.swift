// SimulationRandom: the seeded random source of the simulation (never used for cosmetics).

import Faults

/// The game's draws: the engine's SplitMix64 (Faults), with the one word of state a snapshot keeps.
public struct SimulationRandom: Hashable, Sendable {
    private var generator: SplitMix64

    /// The generator's whole state: `SimulationRandom(seed: state)` goes on with the same numbers.
    public var state: UInt64 { generator.state }

    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 { generator.next() }

    /// A number in 0..<bound (bound > 0).
    public mutating func below(_ bound: UInt64) -> UInt64 { next() % bound }
}
