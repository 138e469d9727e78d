// interlude — the command line: parse arguments, pick a platform, run. Nothing else lives here.
//   interlude replay [FILE...] [--out DIR] [--no-render]   headless replay (EGL offscreen)
//   interlude play [--profile P] [--level N] [--record FILE]   the desktop window (GLFW)
//   interlude diagram [--out Diagrams]                      state and module diagrams from the table
//   interlude soak --data-dir DIR [--cycles N]              headless game saving continuously (crash harness)

import ArgumentParser

InterludeCommand.main()
