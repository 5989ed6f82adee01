#!/usr/bin/env bash
# The Chrome Trace export in the viewers' terms (issue 14, item 3): `tracedoc export --format
# chrome` of the bundled example and of every golden case that folds passes the structural checker
# (check_chrome_trace.mjs), and speedscope in headless Chromium loads the example's and a case
# with several tracks and a device, naming the run's process and the spans track.
# Usage: run_export_checks.sh TRACEDOC_CLI OUT_DIR. With TRACEDOC_UPDATE_SCREENSHOTS=1 the
# example's speedscope screenshot is copied to docs/images/export-speedscope.png (the README's);
# otherwise the tree is never written. ctest runs it as `browser_export_checks` (label browser).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cli=${1:?usage: run_export_checks.sh TRACEDOC_CLI OUT_DIR}
out=${2:?usage: run_export_checks.sh TRACEDOC_CLI OUT_DIR}
mkdir -p "$out"

failed=0
check() {  # check NAME COMMAND...: the command exits 0; its output is kept in OUT_DIR/NAME.log
  local name=$1; shift
  if "$@" >"$out/$name.log" 2>&1; then
    echo "ok    $name"
  else
    failed=$((failed + 1)); echo "FAIL  $name"; sed 's/^/      | /' "$out/$name.log"
  fi
}

check export-example "$cli" export --format chrome "$root/examples/valid.jsonl" -o "$out/valid.json"
check structure-example node "$here/check_chrome_trace.mjs" "$out/valid.json"
check speedscope-example node "$here/check_speedscope.mjs" "$out/valid.json" \
  "$out/valid-speedscope.png" "run run-1 (pid 1), spans (tid 2)"

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
# Spans on two tracks, ops, a device stream, counters and peaks.
check speedscope-every-record-kind node "$here/check_speedscope.mjs" \
  "$root/tests/golden/76-trace10-every-record-kind-healthy/export.json" \
  "$out/every-record-kind-speedscope.png" "run run-1 (pid 1), spans (tid 2)"

if [[ "${TRACEDOC_UPDATE_SCREENSHOTS:-0}" == 1 && -f "$out/valid-speedscope.png" ]]; then
  mkdir -p "$root/docs/images"
  cp "$out/valid-speedscope.png" "$root/docs/images/export-speedscope.png"
  echo "updated docs/images/export-speedscope.png"
fi
echo "browser export checks: $((cases + 4 - failed)) passed, $failed failed"
[[ $failed -eq 0 ]]
