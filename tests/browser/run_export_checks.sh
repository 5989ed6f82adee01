#!/usr/bin/env bash
# Both exports in the viewers' terms (issues 14 and 27): `tracedoc export --format chrome` of the
# bundled example and of every golden case that folds passes the structural checker
# (check_chrome_trace.mjs); speedscope in headless Chromium loads, without a console warning or
# error, the Chrome export and the speedscope export of the example, of a case with several
# tracks and a device, of a generated trace of 10^5 events and of a converted TraceML export.
# Usage: run_export_checks.sh TRACEDOC_CLI OUT_DIR [GEN_TRACE GEN_TRACEML]: the generators
# (bench's tracedoc_gen_trace, the tests' tracedoc_gen_traceml) make the two large inputs. With
# TRACEDOC_UPDATE_SCREENSHOTS=1 the screenshot of the example's speedscope export is copied to
# docs/images/export-speedscope.png (the README's); otherwise the tree is never written. ctest runs
# it as `browser_export_checks` (label browser).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
usage="usage: run_export_checks.sh TRACEDOC_CLI OUT_DIR [GEN_TRACE GEN_TRACEML]"
cli=${1:?$usage}
out=${2:?$usage}
gen_trace=${3:-}
gen_traceml=${4:-}
mkdir -p "$out"

passed=0
failed=0
check() {  # check NAME COMMAND...: the command exits 0; its output is kept in OUT_DIR/NAME.log
  local name=$1; shift
  if "$@" >"$out/$name.log" 2>&1; then
    passed=$((passed + 1)); echo "ok    $name"
  else
    failed=$((failed + 1)); echo "FAIL  $name"; sed 's/^/      | /' "$out/$name.log"
  fi
}

# both_in_speedscope NAME INPUT CHROME_TITLE SPEEDSCOPE_TITLE: export INPUT both ways, check the
# Chrome file's structure, and load each in speedscope, whose first profile's name must contain
# the title given.
both_in_speedscope() {
  local name=$1 input=$2 chrome_title=$3 speedscope_title=$4
  check "export-$name" "$cli" export --format chrome "$input" -o "$out/$name.trace.json"
  check "structure-$name" node "$here/check_chrome_trace.mjs" "$out/$name.trace.json"
  check "speedscope-chrome-$name" node "$here/check_speedscope.mjs" "$out/$name.trace.json" \
    "$out/$name.trace.png" "$chrome_title"
  check "export-speedscope-$name" "$cli" export --format speedscope "$input" \
    -o "$out/$name.speedscope.json"
  check "speedscope-own-$name" node "$here/check_speedscope.mjs" "$out/$name.speedscope.json" \
    "$out/$name.speedscope.png" "$speedscope_title"
}

both_in_speedscope example "$root/examples/valid.jsonl" \
  "run run-1 (pid 1), spans (tid 2)" "run run-1: spans"
# Spans on two tracks, ops, a device stream, counters and peaks.
both_in_speedscope every-record-kind "$root/tests/golden/76-trace10-every-record-kind-healthy/input.jsonl" \
  "run run-1 (pid 1), spans (tid 2)" "run run-1: spans"

if [[ -n "$gen_trace" && -n "$gen_traceml" ]]; then
  check generate-100k "$gen_trace" 100000 "$out/generated-100k.jsonl" 27
  both_in_speedscope generated-100k "$out/generated-100k.jsonl" "(pid 1), spans (tid 2)" ": spans"
  check generate-traceml bash -c '"$1" 27 --nodes 2 --gpus-per-node 2 --steps 3000 > "$2"' \
    _ "$gen_traceml" "$out/traceml-export.jsonl"
  both_in_speedscope traceml "$out/traceml-export.jsonl" "(pid 1), spans (tid" "rank 0: spans"
else
  failed=$((failed + 1)); echo "FAIL  no generators given: the 10^5-event and TraceML checks did not run"
fi

# Every golden case whose trace folds (the others have export.stderr and no export.json).
cases=0
for case_dir in "$root"/tests/golden/*/; do
  [[ -f "$case_dir/export.json" ]] || continue
  name=$(basename "$case_dir")
  cases=$((cases + 1))
  check "structure-$name" node "$here/check_chrome_trace.mjs" "$case_dir/export.json"
done
if [[ $cases -lt 40 ]]; then
  failed=$((failed + 1)); echo "FAIL  only $cases golden exports found, 40 or more expected"
fi

if [[ "${TRACEDOC_UPDATE_SCREENSHOTS:-0}" == 1 && -f "$out/example.speedscope.png" ]]; then
  mkdir -p "$root/docs/images"
  cp "$out/example.speedscope.png" "$root/docs/images/export-speedscope.png"
  echo "updated docs/images/export-speedscope.png"
fi
echo "browser export checks: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
