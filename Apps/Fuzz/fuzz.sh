#!/usr/bin/env bash
# Fuzz/fuzz.sh: builds the libFuzzer harnesses (Fuzz/Sources) and runs each for a while (Fuzz/README.md).
#
#   Fuzz/fuzz.sh [--seconds N] [--jobs J] [--build-only] [--merge] [NAME...]
#
#   NAME          fuzz-script fuzz-level fuzz-snapshot fuzz-font fuzz-leaderboard-server fuzz-leaderboard-client
#                 (default: all six; `light` = the first four, which need none of the server's packages)
#   --seconds N   how long each fuzzer runs (default $FUZZ_SECONDS, else 180)
#   --jobs J      how many fuzzers run at once (default 2), each under `nice -n 19`
#   --build-only  build, do not run
#   --merge       afterwards, add the inputs that found new coverage to the committed seeds (Fuzz/Corpus/NAME),
#                 minimised by libFuzzer's -merge=1 (review them before committing)
#
# Builds with SwiftPM in its own scratch path (.build-fuzz: -sanitize=fuzzer,address everywhere, so it never
# touches .build), INTERLUDE_FUZZ=1 declaring the harness targets in Package.swift. New inputs a run finds go to
# .build-fuzz/corpus/NAME (the committed seeds are only read); a crash, a timeout (an input over 20 s) or running
# out of memory is saved in .build-fuzz/findings/NAME/ and fails the run (exit 1), with the command that replays it.
set -uo pipefail
cd "$(dirname "$0")/.."

ALL=(fuzz-script fuzz-level fuzz-snapshot fuzz-font fuzz-leaderboard-server fuzz-leaderboard-client)
LIGHT=(fuzz-script fuzz-level fuzz-snapshot fuzz-font)
SECONDS_EACH="${FUZZ_SECONDS:-180}"
JOBS=2
BUILD_ONLY=0
MERGE=0
NAMES=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) SECONDS_EACH="$2"; shift 2 ;;
        --jobs) JOBS="$2"; shift 2 ;;
        --build-only) BUILD_ONLY=1; shift ;;
        --merge) MERGE=1; shift ;;
        -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        light) NAMES+=("${LIGHT[@]}"); shift ;;
        fuzz-*) NAMES+=("$1"); shift ;;
        *) echo "fuzz.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
done
[ ${#NAMES[@]} -eq 0 ] && NAMES=("${ALL[@]}")
for name in "${NAMES[@]}"; do
    [ -d "Fuzz/Sources/$name" ] || { echo "fuzz.sh: no fuzzer named '$name' (${ALL[*]})" >&2; exit 2; }
done
case "$SECONDS_EACH" in ''|*[!0-9]*) echo "fuzz.sh: --seconds wants a whole number, not '$SECONDS_EACH'" >&2; exit 2 ;; esac

SCRATCH=.build-fuzz
BIN="$SCRATCH/debug"
started=$(date +%s)
for name in "${NAMES[@]}"; do
    echo "fuzz: building $name"
    if ! INTERLUDE_FUZZ=1 nice -n 19 swift build --scratch-path "$SCRATCH" -Xswiftc -sanitize=fuzzer,address \
        --product "$name" 2>&1 | grep -v "Cannot export local symbol\|unhandled; explicitly declare\|CMakeLists.txt$" \
        | grep -v '^\['; then :; fi
    [ -x "$BIN/$name" ] && [ "$BIN/$name" -nt "Fuzz/Sources/$name/main.swift" ] \
        || { echo "fuzz: building $name failed" >&2; exit 1; }
done
echo "fuzz: built ${#NAMES[@]} fuzzer(s) in $(($(date +%s) - started)) s"
[ "$BUILD_ONLY" = 1 ] && exit 0

# One fuzzer: its log in .build-fuzz/logs/NAME.log; prints one summary line.
run_one() {
    local name="$1" work="$SCRATCH/corpus/$1" findings="$SCRATCH/findings/$1" log="$SCRATCH/logs/$1.log"
    mkdir -p "$work" "$findings" "$SCRATCH/logs"
    # FUZZ_SEED and FUZZ_RUNS (make fuzz-ci) make a run reproducible: the same seed, the same number of inputs and
    # a fresh working corpus give the same inputs on any machine, so CI's verdict is the one seen here.
    local extra=()
    [ -n "${FUZZ_SEED:-}" ] && extra+=(-seed="$FUZZ_SEED")
    [ -n "${FUZZ_RUNS:-}" ] && extra+=(-runs="$FUZZ_RUNS")
    nice -n 19 timeout --kill-after=30 $((SECONDS_EACH + 120)) "$BIN/$name" -max_total_time="$SECONDS_EACH" \
        "${extra[@]}" -timeout=20 -rss_limit_mb=3072 -print_final_stats=1 -artifact_prefix="$findings/" \
        "$work" "Fuzz/Corpus/$name" > "$log" 2>&1
    local status=$?
    local runs speed cov ft
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    local corpus
    corpus=$(($(ls "$work" | wc -l) + $(ls "Fuzz/Corpus/$name" | wc -l)))
    if [ $status -eq 0 ]; then
        printf 'fuzz: %-24s ok      %s s, %s runs, %s exec/s, cov %s, ft %s, corpus %s\n' \
            "$name" "$SECONDS_EACH" "${runs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" "$corpus"
    else
        local artifact
        artifact=$(sed -n "s/.*Test unit written to \(.*\)$/\1/p" "$log" | tail -1)
        printf 'fuzz: %-24s FAILED  (exit %s) after %s runs; %s\n' "$name" "$status" "${runs:-?}" \
            "$(grep -m1 -o 'property failed: .*\|ERROR: libFuzzer: [a-z-]*\|ERROR: AddressSanitizer: [a-z-]*\|Fatal error: .*' "$log")"
        [ -n "$artifact" ] && echo "fuzz:   input kept as $artifact; replay it: $BIN/$name $artifact"
        echo "fuzz:   log: $log"
        return 1
    fi
}

echo "fuzz: running ${#NAMES[@]} fuzzer(s), $SECONDS_EACH s each, $JOBS at a time"
failed=0
pids=()
for name in "${NAMES[@]}"; do
    run_one "$name" &
    pids+=($!)
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do sleep 1; done
done
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done

if [ "$MERGE" = 1 ]; then
    for name in "${NAMES[@]}"; do
        before=$(ls "Fuzz/Corpus/$name" | wc -l)
        "$BIN/$name" -merge=1 "Fuzz/Corpus/$name" "$SCRATCH/corpus/$name" > "$SCRATCH/logs/$name.merge.log" 2>&1
        echo "fuzz: $name: $(($(ls "Fuzz/Corpus/$name" | wc -l) - before)) input(s) added to Fuzz/Corpus/$name"
    done
fi
echo "fuzz: done in $(($(date +%s) - started)) s$([ $failed = 1 ] && echo ': a fuzzer found a problem')"
exit $failed
