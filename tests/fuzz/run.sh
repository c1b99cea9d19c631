#!/usr/bin/env bash
# run.sh: builds the libFuzzer targets with clang and fuzzes each for a while.
#
#   tests/fuzz/run.sh [SECONDS] [TARGET...]      (default: 60 s each, all three)
#
# TARGET is decklist, cards or scenario. Environment:
#   FUZZ_RUNS=N    stop each target after N executions instead of SECONDS
#   FUZZ_MERGE=1   afterwards, merge the inputs that add coverage into
#                  tests/fuzz/corpus/TARGET (libFuzzer's hashed names; keep
#                  the repository light: review what it adds before committing)
#   FUZZ_BUILD=DIR the build directory (default build-fuzz)
#
# The working corpus grows in DIR/fuzz-corpus/TARGET (seeded from corpus/,
# regressions/ and, for scenario, tests/scenarios/ and tests/spec/scenarios/); a crash, leak, timeout
# (-timeout=10 s an input) or memory blow-up (2 GB) leaves its input in
# DIR/fuzz-artifacts/ and makes the script exit 1. Add it, once fixed, to
# regressions/TARGET/ under a name that says what it was: ctest replays it.
# One process per target, one target at a time: the machine is shared.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
secs="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(decklist cards scenario text)
build="${FUZZ_BUILD:-$root/build-fuzz}"

CC=clang cmake -S "$root" -B "$build" -DMTGSIM_FUZZ=ON >/dev/null
cmake --build "$build" -j2 --target $(printf 'fuzz_%s ' "${targets[@]}") >/dev/null

max_len() {
    case "$1" in
        decklist) echo 8192 ;;    # a 40-card list is under 1 KB
        cards)    echo 32768 ;;   # a few MTGJSON cards with all their fields
        scenario) echo 16384 ;;   # the shipped scenarios are under 3 KB
        text)     echo 2048 ;;    # the longest card text of the four sets is under 800 bytes
        *) echo "run.sh: unknown target '$1' (decklist, cards, scenario, text)" >&2; exit 2 ;;
    esac
}

status=0
for t in "${targets[@]}"; do
    len="$(max_len "$t")"
    work="$build/fuzz-corpus/$t"
    art="$build/fuzz-artifacts"
    mkdir -p "$work" "$art"
    seeds=("$here/corpus/$t" "$here/regressions/$t")
    [ "$t" = scenario ] && seeds+=("$root/tests/scenarios" "$root/tests/spec/scenarios" "$root/tests/data/scenario_bad")
    limit=(-max_total_time="$secs")
    [ -n "${FUZZ_RUNS:-}" ] && limit=(-runs="$FUZZ_RUNS")
    echo "== fuzz_$t: ${FUZZ_RUNS:+$FUZZ_RUNS runs}${FUZZ_RUNS:-$secs s}, -max_len=$len"
    if ! "$build/tests/fuzz/fuzz_$t" "${limit[@]}" -max_len="$len" -timeout=10 -rss_limit_mb=2048 \
            -print_final_stats=1 -dict="$here/dict/$t.dict" \
            -artifact_prefix="$art/$t-" "$work" "${seeds[@]}" 2>"$build/fuzz-$t.log"; then
        status=1
        grep -E "ERROR|SUMMARY|Test unit written" "$build/fuzz-$t.log" >&2 || true
        echo "fuzz_$t: FAILED, log in $build/fuzz-$t.log" >&2
    fi
    grep -E "^stat::(number_of_executed_units|average_exec_per_sec)" "$build/fuzz-$t.log" || true
    grep -E "^#[0-9]+[[:space:]]+DONE" "$build/fuzz-$t.log" | tail -1 || true
    if [ "${FUZZ_MERGE:-0}" = 1 ]; then
        "$build/tests/fuzz/fuzz_$t" -merge=1 -max_len="$len" "$here/corpus/$t" "$work" 2>/dev/null
    fi
done
exit $status
