#!/usr/bin/env bash
# The replay stress test (`make stress`, Benchmarks/README.md): RUNS full rendered replays of the bundled scripts
# with one core kept busy by another process, each run under `timeout`. Counts runs that passed, scripts that hung
# or crashed (the watchdog's HUNG/CRASH lines), runs that timed out as a whole, and runs whose transcripts or frames
# differ from the first run's. Exits 0 only when every run passed with the same bytes.
#
#   Benchmarks/stress.sh [RUNS] [BINARY] [extra replay options...]
#   RUNS=50, BINARY=.build/debug/interlude; e.g. `Benchmarks/stress.sh 20 .build/release/interlude --in-process`
#   replays the old way (every script in one process, no watchdog), to look for the hang of issue 11.
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-50}"
binary="${2:-.build/debug/interlude}"
shift 2 2>/dev/null || shift $#
extra=("$@")
out="${STRESS_OUT:-out/stress}"
per_run_limit="${STRESS_RUN_TIMEOUT:-600}"
rm -rf "$out"
mkdir -p "$out"

# One core kept busy for the whole test (a shell loop: no package needed), ended on any exit.
( while :; do :; done ) &
busy=$!
trap 'kill $busy 2>/dev/null' EXIT

passed=0; failed=0; timed_out=0; hung=0; crashed=0; differ=0
started=$(date +%s)
for run in $(seq 1 "$runs"); do
  dir="$out/run-$run"
  t0=$(date +%s.%N)
  timeout --kill-after=10 "$per_run_limit" "$binary" replay --out "$dir" "${extra[@]}" >"$dir.log" 2>"$dir.err"
  status=$?
  t1=$(date +%s.%N)
  h=$(grep -c '^HUNG ' "$dir.log"); c=$(grep -c '^CRASH ' "$dir.log")
  hung=$((hung + h)); crashed=$((crashed + c))
  case $status in
    0) passed=$((passed + 1)) ;;
    124|137) timed_out=$((timed_out + 1)) ;;
    *) failed=$((failed + 1)) ;;
  esac
  same="same"
  if [ "$run" -gt 1 ] && [ "$status" = 0 ]; then
    for f in "$out/run-1"/*.transcript.jsonl "$out/run-1"/*.png; do
      cmp -s "$f" "$dir/$(basename "$f")" || { same="DIFFERENT ($(basename "$f"))"; differ=$((differ + 1)); break; }
    done
  fi
  printf 'run %3d/%d: exit %3d  %6.1f s  hung %d  crashed %d  bytes %s\n' \
    "$run" "$runs" "$status" "$(echo "$t1 - $t0" | bc)" "$h" "$c" "$same"
  [ "$run" -gt 1 ] && [ "$status" = 0 ] && rm -rf "$dir"  # keep the first run and every failed one
done
elapsed=$(( $(date +%s) - started ))
echo "stress: $runs runs in ${elapsed} s, other core busy: $passed passed, $failed failed, $timed_out timed out;" \
  "$hung scripts hung, $crashed crashed; $differ runs with different bytes"
[ "$passed" = "$runs" ] && [ "$differ" = 0 ]
