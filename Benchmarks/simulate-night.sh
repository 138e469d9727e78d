#!/usr/bin/env bash
# simulate-night.sh INTERLUDE MINUTES OUT: runs `interlude simulate` over every profile in batches of 50 fresh seeds
# (1-50, 51-100, ...) until MINUTES have passed, each batch in OUT/batch-N; prints each batch's last lines and, at
# the end, every failing batch. Exit status 1 when any batch failed. Every batch is bounded by `timeout`.
set -uo pipefail
interlude="$1"
minutes="$2"
out="$3"
mkdir -p "$out"
deadline=$(( $(date +%s) + minutes * 60 ))
batch=0
failed=()
while [ "$(date +%s)" -lt "$deadline" ]; do
    first=$(( batch * 50 + 1 ))
    dir="$out/batch-$batch"
    left=$(( deadline - $(date +%s) ))
    # A batch covers seeds first...first+49 through --seed, one process per seed, so that any seed is replayable.
    status=0
    for seed in $(seq "$first" $(( first + 49 ))); do
        [ "$(date +%s)" -lt "$deadline" ] || break
        timeout $(( left > 600 ? 600 : left + 1 )) "$interlude" simulate --seed "$seed" --profile all --hours 1 \
            --out "$dir/seed-$seed" > "$dir-seed-$seed.log" 2>&1 || { status=1; failed+=("seed $seed: $dir-seed-$seed.log"); }
    done
    echo "batch $batch (seeds $first-$(( first + 49 ))): $([ $status = 0 ] && echo ok || echo FAILED)"
    batch=$(( batch + 1 ))
done
for line in "${failed[@]}"; do echo "FAILED $line"; done
[ ${#failed[@]} -eq 0 ]
