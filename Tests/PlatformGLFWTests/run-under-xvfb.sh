#!/usr/bin/env bash
# Runs the given command inside a virtual X display (Xvfb, 1280x720x24) with the openbox window manager, so that
# GLFW's focus and iconify callbacks fire (without a window manager Xvfb never iconifies and focuses only once).
# Usage: Tests/PlatformGLFWTests/run-under-xvfb.sh swift test --filter PlatformGLFWTests
# Needs: xvfb (xvfb-run), openbox, x11-utils (xprop); the tests also use xdotool and imagemagick.
set -euo pipefail
if [ "${INTERLUDE_IN_XVFB:-}" = 1 ]; then
  log=$(mktemp -t interlude-openbox.XXXXXX)
  wm=
  trap 'if [ -n "$wm" ]; then kill "$wm" 2>/dev/null || true; fi; rm -f "$log"' EXIT
  # The X server may not take connections at once, and openbox then exits: start it again until it is up.
  # xprop exits 0 even when the property is missing, so look for the window id in its answer.
  for _ in $(seq 100); do
    if [ -z "$wm" ] || ! kill -0 "$wm" 2>/dev/null; then
      openbox >>"$log" 2>&1 &
      wm=$!
    fi
    xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id' && break
    sleep 0.1
  done
  if ! xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id'; then
    echo "run-under-xvfb.sh: openbox did not start within 10 s:" >&2
    cat "$log" >&2
    exit 1
  fi
  # openbox announces itself before it has grabbed its keys (Alt+F4); give it a moment.
  sleep 0.5
  status=0
  "$@" || status=$?
  exit $status
fi
if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGUMENT...]" >&2
  exit 2
fi
export INTERLUDE_IN_XVFB=1
exec xvfb-run -a -s "-screen 0 1280x720x24" "$0" "$@"
