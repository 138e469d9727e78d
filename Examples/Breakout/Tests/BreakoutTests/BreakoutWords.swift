// BreakoutWords: this target's scripts are breakout's, its actions BreakoutAction: the engine's generic script
// types by short names.

import Breakout
import Replay

typealias Script = Replay.Script<BreakoutAction>
