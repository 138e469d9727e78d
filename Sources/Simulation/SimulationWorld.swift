// SimulationWorld: what stands around the runtime in a simulated run besides its disk, made from the run's fault
// injector: the environment (the OS's and platform's fault points and quirks), the display, the leaderboard's
// service, and a background store's writer. The defaults are the simulation's own; a test passes doubles that break
// one of them on purpose (a seeded bug) to show that the simulation finds it and the shrinker keeps it.

import Faults
import InterludeNetwork
import Lifecycle
import Replay
import Runtime

/// How a simulated run's environment and display are made from its injector (`Simulator`, `Shrinker`).
public struct SimulationWorld<Scene: GameScene> {
    /// The runtime's environment on a profile (default: `FaultyEnvironment`, the injector's points and quirks).
    public var environment: (FaultInjector, Profile) -> any Environment
    /// The display (nil: the run's own, a `RecordingDisplay`).
    public var display: ((FaultInjector) -> any Display<Scene>)?
    /// The leaderboard's service (nil: the in-process one), behind the run's network (`FaultyLeaderboard`).
    public var leaderboard: ((FaultInjector) -> any LeaderboardTransport)?
    /// Each process's background writer, when the run's store writes in the background (`backgroundStore`).
    public var writer: () -> SteppedSnapshotWriter

    public init(
        environment: @escaping (FaultInjector, Profile) -> any Environment = { FaultyEnvironment($0, profile: $1) },
        display: ((FaultInjector) -> any Display<Scene>)? = nil,
        leaderboard: ((FaultInjector) -> any LeaderboardTransport)? = nil,
        writer: @escaping () -> SteppedSnapshotWriter = { SteppedSnapshotWriter() }
    ) {
        self.environment = environment
        self.display = display
        self.leaderboard = leaderboard
        self.writer = writer
    }
}
