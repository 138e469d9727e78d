// GameCore — the game: state, fixed-step simulation, scene description and snapshot codec.
//
// Owns: Game (Game.swift), its screens and session state (GameState.swift), the simulation step
// (Game+Simulation.swift), the scene it shows (Game+Scene.swift), the snapshot codec (GameSnapshot.swift),
// the seeded simulation random source (SimulationRandom.swift), levels (Level.swift) and Scene (Scene.swift).
// Imports nothing, not even Foundation: no clock, no files, no GL. Time arrives as fixed steps;
// the runtime (Sources/Runtime) calls `step()` only while the app is active and the game is not paused.
// Start reading at Game.swift.

/// Simulation steps per second: the fixed step of the game.
public let stepsPerSecond = 60
