// ShooterWords: this module's scripts are the shooter's, its actions GameAction (GameCore): the engine's generic
// script types by the names the module has always used.

import Exploration
import GameCore
import Replay

typealias Script = Replay.Script<GameAction>
typealias ScriptLine = Replay.ScriptLine<GameAction>
typealias Command = Replay.Command<GameAction>
typealias Move = Exploration.Move<GameAction>
typealias TimedMove = Exploration.TimedMove<GameAction>
typealias InterleaveOutcome = Exploration.InterleaveOutcome<GameAction>
typealias ExplorationResult = Exploration.ExplorationResult<GameAction>
typealias FoundViolation = Exploration.FoundViolation<GameAction>
typealias RowWitness = Exploration.RowWitness<GameAction>
typealias ExplorationReport = Exploration.ExplorationReport<GameAction>
