// interlude: the shooter's command line (ShooterCommands' ShooterTool), nothing else.

import ShooterCommands

ShooterTool.tool.main()
