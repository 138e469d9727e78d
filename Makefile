# Interlude: the two jobs of the README, and their parts.
#   make replay   set up, build, replay every bundled interruption script headless into out/, draw diagrams
#   make test     set up, build with the import check, run every test (window tests under Xvfb + openbox)

APT_PACKAGES = libglfw3-dev libgl-dev libegl-dev libpng-dev libgl1-mesa-dri libegl-mesa0 \
               xvfb xauth openbox xdotool x11-apps x11-utils imagemagick graphviz pkg-config \
               libsqlite3-dev
SWIFT_FLAGS  = --explicit-target-dependency-import-check error
XVFB         = Tests/PlatformGLFWTests/run-under-xvfb.sh
OUT         ?= out

.PHONY: setup build replay test check-imports diagrams clean

setup:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	else echo "system packages present"; fi

build: setup
	swift build $(SWIFT_FLAGS)

replay: build
	.build/debug/interlude replay --out $(OUT)
	.build/debug/interlude diagram --out $(OUT)/diagrams

check-imports:
	@# Lifecycle and GameCore import nothing, not even Foundation (the flag above cannot see Foundation).
	@if grep -rn '^ *import ' Sources/Lifecycle Sources/GameCore; then echo "Lifecycle/GameCore must import nothing"; exit 1; fi
	@# Only Renderer and Platform* touch GL; Runtime never imports the renderer or Foundation.
	@if grep -rln '^import \(CGL\|CEGL\|CGLFW\|Renderer\|Foundation\)' Sources/Runtime Sources/Replay; then echo "Runtime/Replay import GL or Foundation"; exit 1; fi
	@echo "import rules hold"

test: setup check-imports
	swift build --build-tests $(SWIFT_FLAGS)
	$(XVFB) swift test $(SWIFT_FLAGS)

diagrams: build
	.build/debug/interlude diagram --out Diagrams

clean:
	rm -rf .build $(OUT)
