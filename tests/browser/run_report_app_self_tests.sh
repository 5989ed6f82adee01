#!/usr/bin/env bash
# Self-tests of the report's interactive timeline without the C++ side: checks that
# src/report/report_script.js can be inlined, generates report pages with
# fixtures/make_report_app_fixture.mjs and runs check_report_app.mjs on them. The good pages must
# pass (2,000 frames with screenshots, a case-insensitive search, 12 ranks with 12 memory
# devices; run_report_checks.sh loads tracedoc's own 10^6-event page within 5 s); the broken
# ones must fail saying why (two frames overlapping in one row, a page without the script, a
# search that matches nothing).
# Usage: run_report_app_self_tests.sh OUTDIR   (pages, screenshots and logs go there)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
script="$root/src/report/report_script.js"
out=${1:?usage: run_report_app_self_tests.sh OUTDIR}
mkdir -p "$out"

if [[ ! -d "$here/node_modules/playwright-core" ]]; then
  echo "report app self-tests: $here/node_modules is missing: run scripts/setup-browser.sh" >&2
  exit 1
fi

passed=0
failed=0
record() {  # record NAME OK(0|1) [WHY]
  if [[ $2 -eq 0 ]]; then
    passed=$((passed + 1)); echo "ok    $1${4:+: $4}"
  else
    failed=$((failed + 1)); echo "FAIL  $1: $3"; sed 's/^/      | /' "$out/$1.log"
  fi
}

# expect_pass NAME COMMAND...: exit 0; the check's summary line is shown.
expect_pass() {
  local name=$1; shift
  "$@" >"$out/$name.log" 2>&1
  local code=$?
  record "$name" $((code != 0)) "exit $code, 0 expected" "$(grep -o 'load [0-9]* ms, page [0-9]* bytes[^;]*' "$out/$name.log" | head -1)"
}

# expect_fail NAME TEXT COMMAND...: exit 1 and TEXT in the output.
expect_fail() {
  local name=$1 text=$2; shift 2
  "$@" >"$out/$name.log" 2>&1
  local code=$?
  if [[ $code -ne 1 ]]; then record "$name" 1 "exit $code, 1 expected"
  elif ! grep -qF -- "$text" "$out/$name.log"; then record "$name" 1 "the output does not say \"$text\""
  else record "$name" 0 "" "expected failure seen"; fi
}

# The script as the C++ inlines it: plain, one piece, nothing that ends or comments out <script>.
lint_script() {
  {
    node --check "$script" || return 1
    if grep -niE '</script|<!--' "$script"; then echo "the script holds </script or <!--"; return 1; fi
    if grep -nE '^\s*(import|export)\b|\bimport\(|\beval\(|new Function|\bfetch\(|XMLHttpRequest|WebSocket|console\.' "$script"; then
      echo "the script imports, evaluates, reaches the network or writes to the console"; return 1
    fi
  } >"$out/script_lint.log" 2>&1
}

gen() {  # gen NAME ARGS...: the page $out/NAME.html
  local name=$1; shift
  node "$here/fixtures/make_report_app_fixture.mjs" "$out/$name.html" "$@" >>"$out/fixtures.log" 2>&1 ||
    { echo "FAIL  generating $name: see $out/fixtures.log"; failed=$((failed + 1)); }
}

check=(node "$here/check_report_app.mjs")

echo "== the script"
lint_script
record script_lint $? "see the lines above"

echo "== fixtures"
: >"$out/fixtures.log"
gen app_2000
gen app_12_ranks 20000 --ranks 12
gen overlap 2000 --overlap
gen no_script 2000 --no-script
sed 's/^/      /' "$out/fixtures.log"

echo "== check_report_app"
expect_pass app_2000 "${check[@]}" "$out/app_2000.html" "$out" --screenshots app_2000 --max-load-ms 5000
expect_pass app_2000_search "${check[@]}" "$out/app_2000.html" "$out" --search "LAYER.1"
expect_pass app_12_ranks "${check[@]}" "$out/app_12_ranks.html" "$out" --screenshots app_12_ranks
expect_fail app_overlap "overlap(s) of frames in one row" "${check[@]}" "$out/overlap.html" "$out"
expect_fail app_no_script "the app did not draw" "${check[@]}" "$out/no_script.html" "$out"
expect_fail app_search_nothing 'searching "no such frame" matches no frame' \
  "${check[@]}" "$out/app_2000.html" "$out" --search "no such frame"
"${check[@]}" >"$out/app_usage.log" 2>&1
code=$?
record app_usage $((code != 2)) "exit $code, 2 expected"

echo "artefacts: $out"
echo "report app self-tests: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
