#!/usr/bin/env bash
# A long fuzz campaign (not CI): every libFuzzer target, or the ones named, for SECONDS each
# (default 600) on a temporary copy of its corpus tests/fuzz/corpus/<name without fuzz_, up to
# the first '_'>. Prints per target the execs, exec/s, coverage (cov: and ft:), corpus size
# and crashes (crash-, leak-, timeout- and oom- artifacts, each replayed for its reason), and
# exits non-zero if any target crashed. The source tree is only read, except with --merge:
# then the new inputs that add coverage are merged into the repository corpus.
#
#   scripts/fuzz-long.sh                        every target, 10 minutes each
#   scripts/fuzz-long.sh 3600 fuzz_scenario     one target for an hour
#   scripts/fuzz-long.sh --merge 600            and keep what grew the coverage
#
# One process per target (-fork=1): crashes are counted and the run goes on to the end rather
# than stopping at the first, and a crash-inducing seed (a reproducer kept in the corpus) does
# not end the campaign before it starts. The figures are libFuzzer's own from the last status
# line of the fork loop: its children's final stats (-print_final_stats=1) summed.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$KVL_ROOT"

merge=0
seconds=600
targets=()
for arg in "$@"; do
    case $arg in
    --merge) merge=1 ;;
    -h | --help)
        sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
    [0-9]*) seconds=$arg ;;
    fuzz_*) targets+=("$arg") ;;
    *)
        echo "fuzz-long: unknown argument \"$arg\" (SECONDS, fuzz_NAME or --merge)" >&2
        exit 2
        ;;
    esac
done
if [ ${#targets[@]} -eq 0 ]; then
    for source in tests/fuzz/fuzz_*.cpp; do
        targets+=("$(basename "$source" .cpp)")
    done
fi

build=build/fuzz
cmake --preset fuzz -S "$KVL_ROOT" >/dev/null || cmake --preset fuzz -S "$KVL_ROOT"
cmake --build "$build" --target "${targets[@]}"

work=$(mktemp -d /tmp/kvl-fuzz.XXXXXX)
echo "fuzz-long: ${seconds}s per target; corpora, logs and artifacts in $work"
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

crashed=0
summaries=()
for target in "${targets[@]}"; do
    binary=$build/tests/fuzz/$target
    name=${target#fuzz_}
    source_corpus=tests/fuzz/corpus/${name%%_*}
    corpus=$work/$target/corpus
    artifacts=$work/$target/artifacts
    log=$work/$target/log.txt
    mkdir -p "$corpus" "$artifacts"
    cp -r "$source_corpus"/. "$corpus"/
    seeds=$(find "$corpus" -type f | wc -l)

    echo "== $target for ${seconds}s ($seeds seeds)"
    # libFuzzer's exit status says nothing the artifacts do not: crashes are counted below.
    "$binary" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -print_funcs=0 -artifact_prefix="$artifacts/" "$corpus" \
        >"$log" 2>&1 || true

    # "#12345: cov: 10182 ft: 9041 corp: 181 exec/s 3039 oom/timeout/crash: 0/0/0 time: 29s ..."
    # (exec/s there is the last job's; the campaign's is execs over time).
    status=$(grep -E '^#[0-9]+: cov:' "$log" | tail -n 1 || true)
    read -r execs cov ft corp elapsed < <(echo "$status" | sed -E \
        's/^#([0-9]+): cov: ([0-9]+) ft: ([0-9]+) corp: ([0-9]+) .* time: ([0-9]+)s.*/\1 \2 \3 \4 \5/;
         t; s/.*/0 0 0 0 0/') || true
    rate=$((elapsed > 0 ? execs / elapsed : 0))
    found=$(find "$artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' \
        -o -name 'oom-*' \) | sort)
    count=$(echo -n "$found" | grep -c . || true)
    summary="$target: execs $execs in ${elapsed}s, exec/s $rate, cov $cov, ft $ft, corpus $corp (from $seeds seeds), crashes $count"
    [ "$count" -gt 0 ] && summary+=" (artifacts in $artifacts)"
    echo "$summary"
    summaries+=("$summary")
    [ -n "$status" ] || echo "   no status line from libFuzzer; see $log"

    # Each artifact once more, alone, for the line that says what broke.
    for artifact in $(echo "$found" | head -n 20); do
        reason=$("$binary" -timeout=10 -rss_limit_mb=2048 "$artifact" 2>&1 |
            grep -m 1 -E 'ERROR: fuzz check failed|runtime error:|ERROR: (Address|Leak|libFuzzer)' |
            cut -c 1-300 || true)
        echo "   $(basename "$artifact"): ${reason:-no failure on replay (see $log)}"
    done
    if [ "$count" -gt 0 ]; then
        crashed=1
    fi

    if [ "$merge" -eq 1 ]; then
        before=$(find "$source_corpus" -type f | wc -l)
        "$binary" -merge=1 -timeout=10 -rss_limit_mb=2048 \
            -artifact_prefix="$artifacts/" "$source_corpus" "$corpus" >"$work/$target/merge.txt" 2>&1 ||
            echo "   merge failed; see $work/$target/merge.txt"
        after=$(find "$source_corpus" -type f | wc -l)
        echo "   merged $((after - before)) new inputs into $source_corpus"
    fi
done

echo "== summary (${seconds}s per target; $work)"
printf '%s\n' "${summaries[@]}"
exit "$crashed"
