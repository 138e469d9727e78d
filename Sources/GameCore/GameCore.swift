// GameCore — the game: a deterministic single-player FPS, its scene description and snapshot values.
//
// Owns: Game (Game.swift: actions and the runtime's hooks), its state (GameState.swift: screens, player,
// enemies, pickups, effects), the fixed step (Game+Simulation.swift: movement, collision and sliding), shooting
// and damage (Game+Combat.swift), enemies that see, chase and shoot (Game+Enemies.swift), pickups, exits, levels
// and game over (Game+Progress.swift), the state hash (Game+Hash.swift), the scene it shows (Game+Scene.swift),
// the snapshot codec (GameSnapshot.swift), the seeded simulation random source (SimulationRandom.swift),
// deterministic math (Geometry.swift), levels (Level.swift) and their file format (LevelFile.swift), Scene.
// It is a `LifecycleGame` (Game+Lifecycle.swift), written against the runtime's public API only, with its own
// actions (GameAction.swift) and their script words (GameAction+Script.swift). Imports Lifecycle, Runtime and Replay
// (for its grammar), never Foundation: no clock, no files, no GL. Time arrives as fixed steps; the runtime calls `step()`
// only while the app is active and the game is not paused, and fires the round and enemy timers
// (`roundTimerFired()`, `enemiesThink()`) on the game clock. Start reading at Game.swift, then Game+Lifecycle.swift.
