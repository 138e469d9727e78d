# Interlude: the two jobs of the README, and their parts.
#   make replay   set up, build, replay every bundled interruption script headless into out/, draw diagrams
#   make test     set up, build with the import check, run every test (window tests under Xvfb + openbox)
# Two packages: the engine at the root (Package.swift: no remote package) and its users that need the server stack
# in Apps/ (Apps/Package.swift: the `interlude` command, the servers, the benchmarks, the fuzzers). Both, and the
# second game (Examples/Breakout), build into one scratch folder, .build (SCRATCH): a module the packages share (the
# engine) is compiled once, not once per package. The commands are in $(BIN).

# What the main job needs (the build, llvmpipe for the offscreen frames, Graphviz for the diagrams), and what only
# the tests need besides (a virtual display and window manager, screenshots, strace, a browser, PostgreSQL).
REPLAY_PACKAGES = libglfw3-dev libgl-dev libegl-dev libpng-dev libgl1-mesa-dri libegl-mesa0 graphviz pkg-config \
                  libsqlite3-dev
TEST_PACKAGES   = $(REPLAY_PACKAGES) xvfb xauth openbox xdotool x11-apps x11-utils imagemagick strace chromium \
                  postgresql-15
APT_PACKAGES   ?= $(TEST_PACKAGES)
# CI builds without debug information (-debug-info-format none): a fresh build of both packages took 445 s instead of
# about 500 s (measured here), and CI never runs a debugger. Elsewhere the build keeps it (gdb, lldb, backtraces with
# lines). Every build into the shared scratch folder passes the same flags (the docs' too), or it recompiles.
DEBUG_INFO  ?= $(if $(CI),none,dwarf)
SWIFT_FLAGS  = --explicit-target-dependency-import-check error -debug-info-format $(DEBUG_INFO)
XVFB         = Tests/PlatformGLFWTests/run-under-xvfb.sh
OUT         ?= out
SCRATCH      = $(CURDIR)/.build
APPS         = --package-path Apps --scratch-path $(SCRATCH)
BIN          = .build/debug
RELEASE_BIN  = .build/release

# Every `swift build` runs through SWIFT_BUILD, so that one CI run compiles each module once. SwiftPM plans the build
# again whenever its environment differs from the last plan's (the plan's signature holds every variable, and the
# package manifests are cached per environment): a build under a sub-make (MAKELEVEL, MAKEFLAGS) or with a variable
# on make's command line (OUT=..., BUILD_STEP=...) re-evaluated the 33 manifests (20-50 s), and, half the time,
# recompiled Hummingbird's 7 modules (about 50 s): SwiftPM 6.3 passes a package's enabled traits (Hummingbird's
# ConfigurationSupport and FullFoundation) as -D flags in the order of a Set, which a new process draws anew
# (swiftlang/swift-package-manager#10525, fixed in 6.4), and a changed command line is a recompile. So the builds
# run without make's own variables and with deterministic hashing: a plan made again (as after `swift test`, whose
# environment differs) draws the same order, and the compiled modules stay valid.
MAKE_ENVIRONMENT = MAKELEVEL MAKEFLAGS MFLAGS MAKEOVERRIDES MAKE_TERMINALOUT MAKE_TERMINALERR _ \
                   $(foreach v,$(.VARIABLES),$(if $(filter command line,$(origin $(v))),$(v)))
# The packages share one scratch folder (SCRATCH), and SwiftPM keeps one plan there (debug.yaml): a build reuses the
# plan it finds while the files it was made from are unchanged, even one made for another package, and then builds
# that package's targets instead (seen: the commands' build "complete" in 1 s, nothing built). `swift test` writes
# one too. So every build and test here removes the plans before and after it: the next one, through make or by
# hand, plans afresh for its own package (about 2 s for the engine, 13 s for Apps).
PLANS        = $(addprefix $(SCRATCH)/,debug.yaml release.yaml plugin-tools.yaml)
SWIFTPM      = sh -c 'rm -f $(PLANS); env $(addprefix -u ,$(MAKE_ENVIRONMENT)) SWIFT_DETERMINISTIC_HASHING=1 swift "$$@"; \
               status=$$?; rm -f $(PLANS); exit $$status' swiftpm
SWIFT_BUILD  = $(SWIFTPM) build
SWIFT_TEST   = $(SWIFTPM) test

.PHONY: setup setup-replay build build-apps build-tests replay test test-in-turn test-postgres explore-check simulate-check simulate-night match-check lander-check example check-imports golden golden-check diagrams docs bench-render bench load-check stress probe fuzz-scripts fuzz fuzz-ci clean

setup-replay:
	@$(MAKE) --no-print-directory setup APT_PACKAGES="$(REPLAY_PACKAGES)"

setup:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	else echo "system packages present"; fi

# The engine alone (what a game that adopts Interlude builds), then the commands. SwiftPM builds a package's
# dependencies inside the scratch folder it is given, so Apps, given the root's, finds the engine compiled with the
# same commands and compiles only its own modules (measured: no engine module recompiled; a switch of package costs
# the manifests' evaluation, about 15 s).
build: setup-replay
	$(SWIFT_BUILD) $(SWIFT_FLAGS)
	$(SWIFT_BUILD) $(APPS) $(SWIFT_FLAGS)
build-apps: setup-replay
	$(SWIFT_BUILD) $(APPS) $(SWIFT_FLAGS)

# Everything `make test` runs, built (CI builds first, then starts the fuzzers' own build beside the tests).
build-tests: setup
	$(SWIFT_BUILD) --build-tests $(SWIFT_FLAGS)
	$(SWIFT_BUILD) $(APPS) --build-tests $(SWIFT_FLAGS)

# The main job needs the commands only: Apps (which compiles the engine it uses), nothing else. BUILT=yes (given by
# `make test` to its steps, and by CI after its build) skips the build: what it would build is built.
BUILD_STEP ?= $(if $(BUILT),,build-apps)
replay: $(BUILD_STEP)
	$(BIN)/interlude replay --out $(OUT)
	$(BIN)/interlude diagram --out $(OUT)/diagrams

check-imports:
	@# Lifecycle imports nothing, not even Foundation; the game (GameCore) imports only the life cycle, the network's
	@# component, the runtime, the saves' formats, the script format (its grammar: GameAction+Script.swift) and Faults (the
	@# engine's one seeded generator).
	@if grep -rn '^ *import ' Sources/Lifecycle; then echo "Lifecycle must import nothing"; exit 1; fi
	@# The saves' component (the file's frame and formats, the store's port) imports nothing either; Storage, the store
	@# on disk, stands on it and never on the runtime.
	@if grep -rn '^ *import ' Sources/Saves; then echo "Saves must import nothing"; exit 1; fi
	@if grep -rln '^import Runtime' Sources/Storage; then echo "Storage imports the runtime"; exit 1; fi
	@# The names' key (PlayerNames) imports nothing either: Runtime, Foundation-free, compares names with it.
	@if grep -rn --include='*.swift' '^ *import ' Sources/PlayerNames; then echo "PlayerNames must import nothing"; exit 1; fi
	@# The engines' views (EngineViews) read the life cycle's words only: no Foundation, no runtime.
	@if grep -rn '^ *import ' Sources/EngineViews | grep -v 'import Lifecycle$$'; then echo "EngineViews imports only Lifecycle"; exit 1; fi
	@if grep -rn '^ *import ' Sources/GameCore | grep -v 'import \(Lifecycle\|InterludeNetwork\|Runtime\|Saves\|Replay\|Faults\)$$'; then echo "GameCore imports only Lifecycle, InterludeNetwork, Runtime, Saves, Replay and Faults"; exit 1; fi
	@# The network's component (leaderboard, match) stands below the runtime: the life cycle's words and names. Its
	@# faults are decorators of its ports, in Replay.
	@if grep -rn '^ *import ' Sources/InterludeNetwork | grep -v 'import \(Lifecycle\|PlayerNames\)$$'; then echo "InterludeNetwork imports only Lifecycle and PlayerNames"; exit 1; fi
	@# Only GLHost, Renderer and Platform* touch GL; Runtime never imports a game, a renderer, the scripts or Foundation.
	@if grep -rln '^import \(CGL\|CEGL\|CGLFW\|Renderer\|Foundation\|GameCore\|Replay\)' Sources/Runtime; then echo "Runtime imports a game, GL, the scripts or Foundation"; exit 1; fi
	@if grep -rln '^import \(CGL\|CEGL\|CGLFW\|Renderer\|Foundation\|GameCore\)' Sources/Replay; then echo "Replay imports a game, GL or Foundation"; exit 1; fi
	@# The testing library replays scripts on any game: it never imports one, GL or the command line.
	@if grep -rln '^import \(CGL\|CEGL\|CGLFW\|Renderer\|GameCore\|Services\|Platform\)' Sources/InterludeTesting; then echo "InterludeTesting imports a game, GL or a host"; exit 1; fi
	@# The C games' loader knows no GL, no game and no Foundation (its renderer, ForeignRenderer, holds the GL).
	@if grep -rln '^import \(CGL\|CEGL\|CGLFW\|GLHost\|Renderer\|Foundation\|GameCore\)' Sources/ForeignGame; then echo "ForeignGame imports GL, a game or Foundation"; exit 1; fi
	@# The game's command line (InterludeCLI) knows no game of ours and no server stack.
	@if grep -rln '^import \(GameCore\|Renderer\|ShooterPlatform\|Services\|LeaderboardServer\|MatchServer\|MatchWire\)' Sources/InterludeCLI; then echo "InterludeCLI imports the shooter or a server"; exit 1; fi
	@# The engine's manifest, as SwiftPM reads it (however the manifest adds a package), names one remote package,
	@# the argument parser: a game adopting Interlude resolves nothing else. Apps/ holds the server stack.
	@remote=$$(swift package dump-package | python3 -c 'import json,sys; print(" ".join(sorted(d.get("sourceControl",[{}])[0].get("location",{}).get("remote",[{}])[0].get("urlString","?") for d in json.load(sys.stdin)["dependencies"])))'); \
	  if [ "$$remote" != "https://github.com/apple/swift-argument-parser" ]; then echo "Package.swift's remote packages: '$$remote' (only swift-argument-parser may be)"; exit 1; fi
	@# No file of one of the runtime's components assigns another's state (Docs/Architecture.md, "The kernel and its
	@# components").
	@python3 .ci/check-writes
	@echo "import rules hold"

# One build serves every step: the steps after it are given BUILT=yes and build nothing (each build here plans
# afresh, about 15 s: see SWIFTPM above).
# The second package's tests run on both cores (--parallel: each test in a process of its own), but for the windows'
# suite, which runs alone: two windows on one X display would take the focus from each other (the app switcher).
# Three workers on two cores: with two, the cores were busy 74 % of the time (389 s of wall time, 575 s of CPU,
# measured here): many tests wait on servers, children and deadlines, and a third worker fills those waits.
WINDOW_SUITES = PlayAbruptEndTests
APPS_TEST_WORKERS ?= 3
# Each step's wall time is printed after it (.ci/timed).
TIMED = .ci/timed
# The checks that only run the built commands (explore, simulate, the C game: no swift process, so none waits on the
# scratch folder's lock) run beside the unit tests, under nice 10: the tests leave part of a core idle (measured:
# the engine's 260 s used 334 s of CPU; the second package's 331 s used 559 s), and a lower priority gives the tests
# the cores first, so their deadlines see the load they saw alone. The match check (a real server, windows, 3 s
# waits) and the example (a swift build) run in turn with the tests. Each check's log is printed after the tests.
BESIDE_CHECKS = explore-check simulate-check lander-check
test: setup check-imports build-tests
	@mkdir -p $(OUT); \
	( status=0; for check in $(BESIDE_CHECKS); do \
	    nice -n 10 $(TIMED) $$check $(MAKE) --no-print-directory $$check BUILT=yes || status=1; done; exit $$status \
	) > $(OUT)/checks-beside.log 2>&1 & beside=$$!; \
	echo "beside the tests, under nice 10: $(BESIDE_CHECKS) (log: $(OUT)/checks-beside.log)"; \
	$(MAKE) --no-print-directory test-in-turn; status=$$?; \
	wait $$beside || status=1; \
	echo "--- $(OUT)/checks-beside.log"; cat $(OUT)/checks-beside.log; \
	if [ $$status = 0 ]; then echo "make test: every step passed"; else echo "make test: a step failed (above)"; fi; \
	exit $$status
test-in-turn:
	$(TIMED) engine-tests $(XVFB) $(SWIFT_TEST) $(SWIFT_FLAGS) --skip-build
	$(TIMED) apps-tests $(XVFB) $(SWIFT_TEST) $(APPS) $(SWIFT_FLAGS) --skip-build --parallel --num-workers $(APPS_TEST_WORKERS) --skip TwoServerTests \
	  --skip KillAfterAckTests.testPostgreSQL $(addprefix --skip ,$(WINDOW_SUITES))
	$(TIMED) window-tests $(XVFB) $(SWIFT_TEST) $(APPS) $(SWIFT_FLAGS) --skip-build $(addprefix --filter ,$(WINDOW_SUITES))
	$(TIMED) test-postgres $(MAKE) test-postgres BUILT=yes
	$(TIMED) match-check $(MAKE) match-check BUILT=yes
	$(TIMED) example $(MAKE) example

# Issue 30 (Docs/Simulation.md): the seeded fault simulation, bounded for CI: every profile, SIMULATE_SEEDS seeds of
# SIMULATE_HOURS simulated hours each, every fault point, each seed run twice and compared byte for byte, the runs
# spread over the cores (--jobs), and every cell of SIMULATE_SOMETIMES reached by some seed (about a minute in a debug
# build). `make simulate-night SIMULATE_MINUTES=480` runs as many seeds as fit in the time given.
SIMULATE_SEEDS     ?= 4
SIMULATE_HOURS     ?= 0.2
SIMULATE_OUT       ?= $(OUT)/simulate
SIMULATE_MINUTES   ?= 60
SIMULATE_SOMETIMES ?= Tests/Fixtures/simulate/sometimes.txt
simulate-check: $(BUILD_STEP)
	@mkdir -p $(dir $(SIMULATE_OUT))
	$(BIN)/interlude simulate --seeds $(SIMULATE_SEEDS) --profile all --hours $(SIMULATE_HOURS) --twice \
	  --sometimes $(SIMULATE_SOMETIMES) --out $(SIMULATE_OUT) > $(SIMULATE_OUT).log || { cat $(SIMULATE_OUT).log; exit 1; }
	@tail -3 $(SIMULATE_OUT).log
simulate-night: setup
	$(SWIFT_BUILD) $(APPS) -c release --product interlude
	bash Benchmarks/simulate-night.sh $(RELEASE_BIN)/interlude $(SIMULATE_MINUTES) $(OUT)/simulate-night

# Issue 17 (Docs/Leaderboard.md, "PostgreSQL: several servers, one database"): the leaderboard's server suites again, against a
# throw-away PostgreSQL 15 (initdb in a temporary folder, a non-root owner, stopped at the end), and two servers on
# one database. Part of `make test` (after the build it runs).
PG_PORT       ?= 54329
PG_SUITES      = LeaderboardTests.(ServerAPITests|SecurityTests|PlausibilityTests|RateLimitTests|HardeningTests|TwoServerTests|KillAfterAckTests)
test-postgres: $(if $(BUILT),,build-tests)
	Apps/Tests/LeaderboardTests/with-postgres.sh $(PG_PORT) $(SWIFT_TEST) $(APPS) $(SWIFT_FLAGS) --skip-build --filter '$(PG_SUITES)'

# Issue 15 (Docs/Exploring.md): the model checker over every profile (issue 29: all six), the witness suite it writes
# replayed green by `interlude replay` (rendered, so that GL is guarded; at 160 x 90, since llvmpipe's time is mostly
# fill and the check is what is drawn when, not the pixels), and invariant 7 over the four bundled fight
# scripts with every interruption kind (EXPLORE_EVENTS: the standard six, decline, Notification Center, the system
# dialog and split screen, which the fights, being iOS scripts, skip with its reason) every EXPLORE_EVERY (the engine's InterleavingTests run each kind at three moments only). Part of `make test`.
# The witnesses are short (about 400 of them): a child process each would spend half the time starting processes
# and GL, so they are replayed --in-process, in two halves at once (one per core), each under `timeout` (no
# watchdog in process); the bytes are the same as in children (ReplayCommandTests).
EXPLORE_OUT   ?= $(OUT)/explore
EXPLORE_EVERY ?= 500ms
EXPLORE_EVENTS ?= sms,call,decline,home,lock,switcher,purge,notificationCenter,dialog,splitScreen
FIGHTS         = $(wildcard Assets/Interruptions/fight-*.script)
explore-check: $(BUILD_STEP)
	rm -rf $(EXPLORE_OUT)
	$(BIN)/interlude explore --profile all --depth 8 --out $(EXPLORE_OUT) --write-witnesses $(EXPLORE_OUT)/witnesses
	@set -- $(EXPLORE_OUT)/witnesses/*.script; half=$$(( ($$# + 1) / 2 )); first=$$(echo "$$@" | tr ' ' '\n' | head -n $$half); \
	  rest=$$(echo "$$@" | tr ' ' '\n' | tail -n +$$((half + 1))); \
	  timeout 900 $(BIN)/interlude replay --in-process --width 160 --height 90 \
	    --out $(EXPLORE_OUT)/witnesses-replayed/1 $$first > $(EXPLORE_OUT)/witnesses-replayed-1.log 2>&1 & one=$$!; \
	  timeout 900 $(BIN)/interlude replay --in-process --width 160 --height 90 \
	    --out $(EXPLORE_OUT)/witnesses-replayed/2 $$rest > $(EXPLORE_OUT)/witnesses-replayed-2.log 2>&1 & two=$$!; \
	  ok=yes; wait $$one || ok=no; wait $$two || ok=no; \
	  if [ $$ok = no ]; then cat $(EXPLORE_OUT)/witnesses-replayed-1.log $(EXPLORE_OUT)/witnesses-replayed-2.log; exit 1; fi
	@tail -qn 2 $(EXPLORE_OUT)/witnesses-replayed-1.log $(EXPLORE_OUT)/witnesses-replayed-2.log | grep passed
	@echo "witness suite: $$(ls $(EXPLORE_OUT)/witnesses | wc -l) scripts replayed green"
	$(BIN)/interlude explore --every $(EXPLORE_EVERY) --events $(EXPLORE_EVENTS) --out $(EXPLORE_OUT)/interleave $(addprefix --interleave ,$(FIGHTS))

# Issue 16 (Docs/Multiplayer.md): the bundled multiplayer scripts over the real match server (an embedded one per
# script) give byte-identical transcripts over two runs and with 4 replays at once (4 processes, --jobs 4 each); then
# two `interlude play` windows (each on its own Xvfb display) join one match, see each other's sprite, and one
# iconified makes the other say "left". Part of `make test` (~30 s).
MATCH_OUT     ?= $(OUT)/match
MATCH_SCRIPTS  = $(wildcard Assets/Interruptions/call-multiplayer-*.script Assets/Interruptions/multiplayer-*.script)
match-check: $(BUILD_STEP)
	rm -rf $(MATCH_OUT) && mkdir -p $(MATCH_OUT)
	$(BIN)/interlude replay --no-render --jobs 1 --out $(MATCH_OUT)/run-1 $(MATCH_SCRIPTS) > $(MATCH_OUT)/run-1.log
	$(BIN)/interlude replay --no-render --jobs 1 --out $(MATCH_OUT)/run-2 $(MATCH_SCRIPTS) > $(MATCH_OUT)/run-2.log
	for i in 3 4 5 6; do $(BIN)/interlude replay --no-render --jobs 4 --out $(MATCH_OUT)/run-$$i $(MATCH_SCRIPTS) \
	  > $(MATCH_OUT)/run-$$i.log & done; wait
	for i in 2 3 4 5 6; do diff -r -x 'index.*' -x '*.timeline.*' $(MATCH_OUT)/run-1 $(MATCH_OUT)/run-$$i || exit 1; done
	@echo "multiplayer scripts: $$(ls $(MATCH_OUT)/run-1/*.transcript.jsonl | wc -l) transcripts byte-identical over 6 runs (4 at once)"
	OUT=$(MATCH_OUT)/windows INTERLUDE=$(BIN)/interlude Tests/MatchWindows/match-windows.sh

# The game written in C (Examples/Lander, Docs/Contract.md §11): built with cc (no Swift), its own C tests, then loaded
# by `interlude --game`: its scripts replayed (rendered: the library draws) under every profile they name, the
# seeded simulation (LANDER_SEEDS seeds of every profile, each run twice and compared), and the explorer to depth 8.
# Part of `make test`.
LANDER        = Examples/Lander
LANDER_LIB    = $(LANDER)/liblander.so
LANDER_OUT   ?= $(OUT)/lander
LANDER_SEEDS ?= 20
lander-check: $(BUILD_STEP)
	$(MAKE) -C $(LANDER) all test
	rm -rf $(LANDER_OUT) && mkdir -p $(LANDER_OUT)
	$(BIN)/interlude replay --game $(LANDER_LIB) --out $(LANDER_OUT)/replay $(LANDER)/Scripts > $(LANDER_OUT)/replay.log \
	  || { cat $(LANDER_OUT)/replay.log; exit 1; }
	@tail -2 $(LANDER_OUT)/replay.log
	$(BIN)/interlude simulate --game $(LANDER_LIB) --seeds $(LANDER_SEEDS) --profile all --hours 0.05 --twice \
	  --out $(LANDER_OUT)/simulate > $(LANDER_OUT)/simulate.log || { cat $(LANDER_OUT)/simulate.log; exit 1; }
	@tail -2 $(LANDER_OUT)/simulate.log
	$(BIN)/interlude explore --game $(LANDER_LIB) --profile all --depth 8 --out $(LANDER_OUT)/explore \
	  > $(LANDER_OUT)/explore.log || { cat $(LANDER_OUT)/explore.log; exit 1; }
	@tail -2 $(LANDER_OUT)/explore.log

# The second game (Examples/Breakout): a package of its own that uses Interlude by path and product names only. Built
# into the same scratch folder as the others (SCRATCH): resolved from its own manifest as a user's build is, but with
# the engine's modules already compiled (about 4 minutes of CI saved); `swift build` in its folder builds it alone.
EXAMPLE = Examples/Breakout
# Then Breakout's own command (InterludeCLI given Breakout): its scripts replayed under every profile (rendered at
# 160 x 90: 12 s against 35 s at the default size, the same check; with the HTML report), the seeded simulation of every profile, and the explorer of every profile (Docs/Contract.md §9).
EXAMPLE_OUT ?= $(abspath $(OUT))/breakout
BREAKOUT     = $(SCRATCH)/debug/breakout
example:
	cd $(EXAMPLE) && $(SWIFT_BUILD) --scratch-path $(SCRATCH) --build-tests $(SWIFT_FLAGS)
	cd $(EXAMPLE) && $(CURDIR)/$(XVFB) $(SWIFT_TEST) --scratch-path $(SCRATCH) $(SWIFT_FLAGS) --skip-build
	rm -rf $(EXAMPLE_OUT) && mkdir -p $(EXAMPLE_OUT)
	cd $(EXAMPLE) && $(BREAKOUT) replay --profile all --width 160 --height 90 --out $(EXAMPLE_OUT)/replay \
	  > $(EXAMPLE_OUT)/replay.log || { cat $(EXAMPLE_OUT)/replay.log; exit 1; }
	@tail -2 $(EXAMPLE_OUT)/replay.log; test -s $(EXAMPLE_OUT)/replay/index.html
	cd $(EXAMPLE) && $(BREAKOUT) simulate --seeds 20 --profile all --hours 0.05 \
	  --out $(EXAMPLE_OUT)/simulate > $(EXAMPLE_OUT)/simulate.log || { cat $(EXAMPLE_OUT)/simulate.log; exit 1; }
	@tail -2 $(EXAMPLE_OUT)/simulate.log; test -s $(EXAMPLE_OUT)/simulate/report.html
	cd $(EXAMPLE) && $(BREAKOUT) explore --profile all --depth 8 --out $(EXAMPLE_OUT)/explore \
	  > $(EXAMPLE_OUT)/explore.log || { cat $(EXAMPLE_OUT)/explore.log; exit 1; }
	@tail -2 $(EXAMPLE_OUT)/explore.log

# The committed transcripts of the bundled scripts (Tests/Fixtures/golden): `make golden-check` compares a fresh
# replay with them, rendered frames included (frame hashes from llvmpipe: checked here, not in CI, since another
# CPU may round differently); `make golden` rewrites them, only for a change meant to alter behaviour.
GOLDEN = Tests/Fixtures/golden
golden-check: build-apps
	rm -rf .build/golden && $(BIN)/interlude replay --no-render --out .build/golden/no-render >/dev/null
	$(BIN)/interlude replay --out .build/golden/rendered >/dev/null
	diff -r -x '*.png' -x 'index.*' -x '*.timeline.*' $(GOLDEN)/no-render .build/golden/no-render
	diff -r -x '*.png' -x 'index.*' -x '*.timeline.*' $(GOLDEN)/rendered .build/golden/rendered
	@echo "transcripts and frame hashes are the committed ones"

golden: build-apps
	rm -rf .build/golden $(GOLDEN) && mkdir -p $(GOLDEN)/no-render $(GOLDEN)/rendered
	$(BIN)/interlude replay --no-render --out .build/golden/no-render >/dev/null
	$(BIN)/interlude replay --out .build/golden/rendered >/dev/null
	cp .build/golden/no-render/*.transcript.jsonl $(GOLDEN)/no-render/
	cp .build/golden/rendered/*.transcript.jsonl $(GOLDEN)/rendered/

# API documentation of the engine's library products (swift-docc-plugin), one archive per module in .build-docs/docs;
# a DocC warning fails it. INTERLUDE_DOCS=1 adds the plugin to Package.swift (the engine's ordinary manifest names no
# remote package); the symbol graphs come from the shared scratch folder, where the modules are compiled already,
# and every module is documented in one run (22 s here, against 128 s one module at a time in a folder of its own).
# Open .build-docs/docs/<Module>.doccarchive/index.html through a web server.
DOC_MODULES = Lifecycle Saves Runtime Replay InterludeTesting Exploration GLHost PlatformEGL PlatformGLFW PhoneScreens \
              Storage GameCore Faults Simulation ForeignGame ForeignRenderer InterludeCLI PlayerNames EngineViews \
              InterludeNetwork
docs: setup-replay
	rm -rf .build-docs/docs && mkdir -p .build-docs/docs
	env INTERLUDE_DOCS=1 $(SWIFTPM) package --scratch-path $(SCRATCH) -debug-info-format $(DEBUG_INFO) --allow-writing-to-directory .build-docs/docs \
	  generate-documentation $(addprefix --target ,$(DOC_MODULES)) --output-path .build-docs/docs \
	  --transform-for-static-hosting --warnings-as-errors
	@echo "documentation in .build-docs/docs: $(DOC_MODULES)"

diagrams: build-apps
	$(BIN)/interlude diagram --out Diagrams

# The engine's frame time against a C program drawing the same frame (Benchmarks/README.md).
BENCH_SIZE ?= --width 640 --height 360
bench-render: setup
	$(SWIFT_BUILD) $(APPS) -c release --product render-bench
	mkdir -p .build && cc -O2 -Wall -o .build/replay-frame Benchmarks/render-compare/replay-frame.c -lEGL -lOpenGL -lm
	@$(RELEASE_BIN)/render-bench $(BENCH_SIZE) --dump .build/render-bench.frame | tee .build/render-bench.out
	@.build/replay-frame .build/render-bench.frame Assets | tee -a .build/render-bench.out
	@# Both must have drawn the same pixels, or the comparison means nothing.
	@test "$$(grep -c 'frame hash' .build/render-bench.out)" = 2
	@test "$$(grep 'frame hash' .build/render-bench.out | awk '{print $$4}' | sort -u | wc -l)" = 1 \
	  && echo "same frame hash: the C program drew the same pixels" \
	  || { echo "frame hashes differ: the C program did not draw the same frame"; exit 1; }

# Every benchmark (Benchmarks/README.md): render (engine vs C, both sizes), transitions, resume, snapshots, replay
# (scenarios per second, the 10-minute session), memory (peak RSS, RSS over 10,000 cycles), then
# out/bench/benchmarks.json, benchmarks.md and benchmarks.svg. `interlude` (release) is what replay and memory run
# as the command-line reference.
BENCH_OUT ?= $(OUT)/bench
bench: setup
	$(SWIFT_BUILD) $(APPS) -c release --product render-bench
	$(SWIFT_BUILD) $(APPS) -c release --product interlude-bench
	$(SWIFT_BUILD) $(APPS) -c release --product interlude
	mkdir -p .build && cc -O2 -Wall -o .build/replay-frame Benchmarks/render-compare/replay-frame.c -lEGL -lOpenGL -lm
	$(RELEASE_BIN)/interlude-bench render --json $(BENCH_OUT)/render.json
	$(RELEASE_BIN)/interlude-bench transitions --json $(BENCH_OUT)/transitions.json
	$(RELEASE_BIN)/interlude-bench resume --json $(BENCH_OUT)/resume.json
	$(RELEASE_BIN)/interlude-bench snapshots --runs 200 --json $(BENCH_OUT)/snapshots.json
	$(RELEASE_BIN)/interlude-bench replay --json $(BENCH_OUT)/replay.json
	$(RELEASE_BIN)/interlude-bench memory --json $(BENCH_OUT)/memory.json
	$(RELEASE_BIN)/interlude-bench explore --json $(BENCH_OUT)/explore.json
	$(RELEASE_BIN)/interlude-bench simulate --json $(BENCH_OUT)/simulate.json
	$(MAKE) -C Examples/Lander all
	$(RELEASE_BIN)/interlude-bench abi --json $(BENCH_OUT)/abi.json
	$(RELEASE_BIN)/interlude-bench report --folder $(BENCH_OUT)

# The two servers' load checks (Benchmarks/README.md, "Load checks"): a distributed slowloris against the leaderboard
# (4,224 slow connections from 66 /24 networks; every /health within 1 s); against the match server, 4,100
# connections that never say hello from one address, then attacks from many /24s (4,096 connections saying hello and
# only pinging, 1,031 opening a match each, a WebSocket ping flood): a player joins within 1 s. About a minute, debug.
load-check: build-apps
	$(BIN)/leaderboard-load --slowloris
	$(BIN)/match-load --pre-hello
	$(BIN)/match-load --attacks

# The replay stress test (Benchmarks/stress.sh): STRESS_RUNS full rendered replays of the bundled scripts (the main
# job's binary and options) with the other core kept busy; 0 hangs, 0 crashes and the same bytes every run, or it
# fails. About 40 s a run here with the other core busy (50 runs: about 35 minutes).
STRESS_RUNS ?= 50
stress: build-apps
	bash Benchmarks/stress.sh $(STRESS_RUNS) $(BIN)/interlude

# The llvmpipe fence race of issue 11, made likely (Benchmarks/hang-probe/fencewatch.c): every bundled script in one
# process with two rasteriser threads, each broadcast of theirs delayed 2 ms; fails if a fence is freed during one.
probe: build-apps
	cc -O2 -shared -fPIC -o .build/fencewatch.so Benchmarks/hang-probe/fencewatch.c -ldl
	LP_NUM_THREADS=2 FENCEWATCH_DELAY_US=2000 LD_PRELOAD=$(CURDIR)/.build/fencewatch.so \
	  timeout 900 $(BIN)/interlude replay --in-process --out $(OUT)/probe > .build/probe.out 2> .build/probe.err; \
	  tail -2 .build/probe.out
	@grep '^fencewatch: [0-9]' .build/probe.err
	@grep -q ' 0 failed' .build/probe.out
	@grep -q ', 0 freed during broadcast' .build/probe.err

# Hostile scripts (issue 12, Docs/Testing.md): FUZZ_COUNT seeded mutations of the bundled scripts, each replayed as
# `interlude replay --no-render` in a process of its own with a FUZZ_LIMIT-second limit; fails on a crash, a run over
# the limit or an exit 2 without file:line:column. Failing mutations are saved in $(OUT)/fuzz-scripts/failures/;
# `interlude-bench fuzz-scripts --seed S --only N` remakes mutation N. About 4 minutes for 2,000 here.
FUZZ_COUNT ?= 2000
FUZZ_SEED  ?= 1
FUZZ_LIMIT ?= 20
fuzz-scripts: build-apps
	$(BIN)/interlude-bench fuzz-scripts --count $(FUZZ_COUNT) --seed $(FUZZ_SEED) --limit $(FUZZ_LIMIT) \
	  --interlude $(BIN)/interlude --out $(OUT)/fuzz-scripts

# Coverage-guided fuzzing (issue 15, Apps/Fuzz/README.md): libFuzzer harnesses for every parser of outside input
# (scripts, level files, snapshots and the launch that restores one, the bitmap font, the leaderboard's JSON
# bodies), built with -sanitize=fuzzer,address in .build-fuzz. `make fuzz` runs each for FUZZ_SECONDS (two at a
# time, under nice); a crash or a broken property fails it, the input kept in .build-fuzz/findings/.
# `make fuzz-ci` is CI's bounded run: the four fuzzers that need none of the server's packages, 20 s each.
FUZZ_SECONDS ?= 180
fuzz: setup
	bash Apps/Fuzz/fuzz.sh --seconds $(FUZZ_SECONDS)
# CI's run is reproducible: seed 1, 2,000 inputs each from the committed seeds alone (a fresh working corpus), with
# 90 s as a ceiling; a new finding shows up here first, not as a red CI by chance. `make fuzz` explores for real.
fuzz-ci: setup
	rm -rf Apps/.build-fuzz/corpus
	FUZZ_SEED=1 FUZZ_RUNS=2000 bash Apps/Fuzz/fuzz.sh --seconds 90 light

clean:
	rm -rf .build Apps/.build Examples/Breakout/.build $(OUT)
