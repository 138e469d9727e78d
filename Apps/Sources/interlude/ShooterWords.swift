// ShooterWords: this module's scripts are the shooter's, its actions GameAction (GameCore): the engine's generic
// script types by the names the module has always used.

import Exploration
import GameCore
import Replay

typealias Script = Replay.Script<GameAction>
typealias ScriptLine = Replay.ScriptLine<GameAction>
typealias Command = Replay.Command<GameAction>
typealias InterleaveOutcome = Exploration.InterleaveOutcome<GameAction>
typealias ExplorationResult = Exploration.ExplorationResult<GameAction>
typealias ExplorationReport = Exploration.ExplorationReport<GameAction>
