#!/usr/bin/env bash
# Run every fuzz harness of dummybridge for its share of a time budget, and
# count what happened (issue 22: "tools/fuzz/run.sh --minutes 10 runs every
# harness and prints, per harness: inputs tried, clean errors, internal
# errors, hangs and crashes").
set -u

usage() {
    cat <<'EOF'
usage: tools/fuzz/run.sh [--minutes N] [--only NAMES] [--python PY] [--out DIR]
                         [--timeout S] [--no-clang]

Runs each harness in turn for N/5 minutes (N = 10 by default):
  core      the C core's parsers and entry points (tools/fuzz/fuzz_core.c), built
            with AddressSanitizer and UndefinedBehaviorSanitizer: with clang's
            libFuzzer when clang is installed (apt-get install clang), otherwise
            with gcc and tools/fuzz/driver.c (a blind mutator)
  pbn       PBN files, as play --deal and dd read them
  notation  card codes, PBN hands and deals, actions' text, what a player types
  record    game records and saves, as export, analyse and resume load them
  rules     rule files' text, as validate and the web table's editor load them
The Python harnesses (tools/fuzz/harness.py, targets.py) run under atheris when
PY has it (pip install atheris, or pip install '.[fuzz]'), otherwise under a
blind mutator; PY must have dummybridge installed (default: python3).

Each starts from tools/fuzz/seeds/NAME and the files of tests/fuzz/corpus of its
kind, and keeps what it finds in DIR/findings/NAME (DIR: a new directory under
/tmp unless --out). --only core,pbn runs some; --timeout S (20) is the hang limit.

What the columns count:
  inputs tried     inputs run to the end or to a failure
  clean errors     inputs refused as documented: for Python, the package's own
                   error with its location (FileFormatError naming the file and
                   a line or JSON path, RuleFileError with file, line and column
                   for every problem, InvalidNotationError for notation); for C,
                   a status other than DBR_OK that the input explains
  internal errors  inputs that raised anything else (what the command line
                   reports as "internal error", exit 70), or the documented
                   error without its location; for C, a broken promise of
                   dummybridge.h (a card or hand that does not read back as
                   written, a result out of range, DBR_E_NULL or DBR_E_WORKSPACE)
  hangs            inputs that ran longer than 5 s (kept, the run goes on), or
                   longer than --timeout (the harness is stopped and restarted)
  crashes          the harness's process dying otherwise: a sanitizer's report,
                   a fatal signal, running out of memory (libFuzzer's 2 GiB
                   -rss_limit_mb), an exception escaping the harness
Exit status 0 when every harness had 0 internal errors, 0 hangs and 0 crashes.
EOF
}

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
MINUTES=10
ONLY="core,pbn,notation,record,rules"
PYTHON="${PYTHON:-python3}"
OUT=""
TIMEOUT=20
CLANG=1
while [ $# -gt 0 ]; do
    case "$1" in
    --minutes) MINUTES="$2"; shift 2 ;;
    --only) ONLY="$2"; shift 2 ;;
    --python) PYTHON="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    --timeout) TIMEOUT="$2"; shift 2 ;;
    --no-clang) CLANG=0; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "run.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
done
[ -n "$OUT" ] || OUT="$(mktemp -d /tmp/dummybridge-fuzz-XXXXXX)"
mkdir -p "$OUT/build" "$OUT/logs"
IFS=, read -r -a NAMES <<<"$ONLY"
SHARE=$(awk -v m="$MINUTES" -v n="${#NAMES[@]}" 'BEGIN { printf "%d", m * 60 / n }')

build_core() {
    local srcs=() f
    for f in cards dd play playout rng sample stats status; do srcs+=("$ROOT/csrc/$f.c"); done
    local flags=(-std=c99 -g -O1 -fno-omit-frame-pointer -fno-sanitize-recover=all -DDD_NO_CLONES
        -I"$ROOT/csrc")
    if [ "$CLANG" = 1 ] && command -v clang >/dev/null 2>&1; then
        CORE_KIND="clang libFuzzer"
        clang "${flags[@]}" -fsanitize=fuzzer,address,undefined "$HERE/fuzz_core.c" "${srcs[@]}" \
            -o "$OUT/build/fuzz_core"
    else
        CORE_KIND="gcc and driver.c"
        gcc "${flags[@]}" -fsanitize=address,undefined "$HERE/fuzz_core.c" "$HERE/driver.c" \
            "${srcs[@]}" -o "$OUT/build/fuzz_core"
    fi
}

# The corpus a harness starts from: its seeds and the corpus files of its kind.
corpus_for() {
    local name="$1" dir="$OUT/corpus/$1" pattern=""
    mkdir -p "$dir"
    cp "$HERE/seeds/$name/"* "$dir/" 2>/dev/null
    case "$name" in
    pbn) pattern="*.pbn" ;;
    record) pattern="*.json" ;;
    rules) pattern="*.yaml" ;;
    esac
    if [ -n "$pattern" ]; then
        find "$ROOT/tests/fuzz/corpus" -maxdepth 1 -name "$pattern" ! -name cases.json \
            -size -64k -exec cp {} "$dir/" \;
    fi
}

declare -A INPUTS CLEAN INTERNAL HANGS CRASHES
export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:allocator_may_return_null=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

run_harness() {
    local name="$1" left="$SHARE" k=0 start end log stats
    local findings="$OUT/findings/$name"
    mkdir -p "$findings"
    corpus_for "$name"
    INPUTS[$name]=0 CLEAN[$name]=0 INTERNAL[$name]=0 HANGS[$name]=0 CRASHES[$name]=0
    while [ "$left" -gt 1 ] && [ "$k" -lt 50 ]; do
        k=$((k + 1))
        log="$OUT/logs/$name-$k.log"
        stats="$OUT/logs/$name-$k.json"
        start=$(date +%s)
        local opts=(-max_total_time="$left" -timeout="$TIMEOUT" -rss_limit_mb=2048
            -artifact_prefix="$findings/" -print_final_stats=0)
        if [ "$name" = core ]; then
            FUZZ_FINDINGS="$findings" "$OUT/build/fuzz_core" "${opts[@]}" "$OUT/corpus/core" \
                >"$log" 2>&1
        else
            "$PYTHON" "$HERE/harness.py" "$name" --stats "$stats" --findings "$findings" \
                "${opts[@]}" "$OUT/corpus/$name" >"$log" 2>&1
        fi
        local status=$?
        end=$(date +%s)
        left=$((left - (end - start)))
        tally "$name" "$log" "$stats" "$status"
    done
}

# Add one run's counts to its harness's; decide how the run ended.
tally() {
    local name="$1" log="$2" stats="$3" status="$4" n
    if [ "$name" = core ]; then
        n=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -1)
        [ -n "$n" ] || n=$(sed -n 's/^#\([0-9]*\).*/\1/p' "$log" | tail -1)
        INPUTS[$name]=$((INPUTS[$name] + ${n:-0}))
        read -r ok clean internal < <(sed -n \
            's/^fuzz_core: outcomes: \([0-9]*\) successes, \([0-9]*\) clean errors, \([0-9]*\) internal errors/\1 \2 \3/p' \
            "$log" | tail -1)
        CLEAN[$name]=$((CLEAN[$name] + ${clean:-0}))
        INTERNAL[$name]=$((INTERNAL[$name] + $(grep -c '^fuzz_core: internal error' "$log")))
    elif [ -s "$stats" ]; then
        read -r n clean internal hangs < <("$PYTHON" -c 'import json, sys
s = json.load(open(sys.argv[1]))
print(s["inputs"], s["clean"], s["internal"], s["hangs"])' "$stats")
        INPUTS[$name]=$((INPUTS[$name] + n))
        CLEAN[$name]=$((CLEAN[$name] + clean))
        INTERNAL[$name]=$((INTERNAL[$name] + internal))
        HANGS[$name]=$((HANGS[$name] + hangs))
    fi
    if grep -q -e 'libFuzzer: timeout' -e 'timeout after' "$log" || [ "$status" = 77 ]; then
        HANGS[$name]=$((HANGS[$name] + 1))
        echo "run.sh: $name: a hang, see $log" >&2
    elif ! grep -q '^Done [0-9]* runs' "$log"; then
        CRASHES[$name]=$((CRASHES[$name] + 1))
        echo "run.sh: $name: a crash (exit $status), see $log" >&2
    fi
}

for name in "${NAMES[@]}"; do
    case "$name" in
    core) build_core || { echo "run.sh: cannot build the C harness" >&2; exit 1; } ;;
    pbn | notation | record | rules) ;;
    *) echo "run.sh: no harness $name" >&2; exit 2 ;;
    esac
done
echo "run.sh: $MINUTES minute(s), $SHARE s per harness; findings in $OUT/findings" >&2
for name in "${NAMES[@]}"; do
    run_harness "$name"
done

bad=0
printf '%-10s %14s %14s %16s %7s %8s\n' harness "inputs tried" "clean errors" "internal errors" hangs crashes
for name in "${NAMES[@]}"; do
    printf '%-10s %14s %14s %16s %7s %8s\n' "$name" "${INPUTS[$name]}" "${CLEAN[$name]}" \
        "${INTERNAL[$name]}" "${HANGS[$name]}" "${CRASHES[$name]}"
    [ $((INTERNAL[$name] + HANGS[$name] + CRASHES[$name])) -eq 0 ] || bad=1
done
[ "${CORE_KIND:-}" = "" ] || echo "core built with $CORE_KIND" >&2
[ "$bad" = 0 ] || echo "run.sh: inputs that broke something are in $OUT/findings" >&2
exit "$bad"
