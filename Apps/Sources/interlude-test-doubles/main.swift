// interlude-test-doubles: `interlude` with a game that misbehaves on purpose, for the tests of the watchdog, the
// isolation and the crash guard only (Apps/Tests/InterludeTests); built beside `interlude`, never a product, so the
// shipped command carries no test switch. Each variable names the script whose replay misbehaves (TestHook.swift):
//   INTERLUDE_TEST_HANG=NAME    block for ever at the first frame drawn from step 30 (or at step 30, --no-render)
//   INTERLUDE_TEST_RACE=NAME    the same, only while llvmpipe has rasteriser threads (issue 11's race)
//   INTERLUDE_TEST_CRASH=NAME   trap there instead
//   INTERLUDE_TEST_CRASH_AFTER_RESTORE=NAME   trap at the first thing done after a restore (the crash guard)
// Replay's children inherit the variables, so the hook acts in the child that replays the script.

import ShooterCommands

var tool = ShooterTool.tool
tool.makeGame = { assets in MisbehavingEntry(wrapping: try ShooterEntry.load(assets: assets)) }
tool.main()
