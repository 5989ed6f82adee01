#!/usr/bin/env bash
# Runs the three browser checks on the fixtures: the good ones must pass, each broken one must
# fail (exit 1) for the reason it was broken for. Usage: run_self_tests.sh [ARTIFACT_DIR]
# (screenshots and the checks' output go there; default: a temporary folder). ctest runs it as
# `browser_self_tests` (label browser) when chromium and node are found.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fixtures="$here/fixtures"
out=${1:-$(mktemp -d)}
mkdir -p "$out"

if [[ ! -d "$here/node_modules/playwright-core" || ! -d "$here/node_modules/speedscope" ]]; then
  echo "browser self-tests: $here/node_modules is missing: run scripts/setup-browser.sh" >&2
  exit 1
fi

passed=0
failed=0
record() {  # record NAME OK(0|1) [WHY]
  if [[ $2 -eq 0 ]]; then
    passed=$((passed + 1)); echo "ok    $1"
  else
    failed=$((failed + 1)); echo "FAIL  $1: $3"; sed 's/^/      | /' "$out/$1.log"
  fi
}

# expect_pass NAME COMMAND...: exit 0.
expect_pass() {
  local name=$1; shift
  "$@" >"$out/$name.log" 2>&1
  local code=$?
  record "$name" $((code != 0)) "exit $code, 0 expected"
}

# expect_exit NAME CODE TEXT COMMAND...: exit CODE and TEXT in the output.
expect_exit() {
  local name=$1 expected=$2 text=$3; shift 3
  "$@" >"$out/$name.log" 2>&1
  local code=$?
  if [[ $code -ne $expected ]]; then record "$name" 1 "exit $code, $expected expected"
  elif ! grep -qF -- "$text" "$out/$name.log"; then record "$name" 1 "the output does not say \"$text\""
  else record "$name" 0; fi
}

# expect_fail NAME TEXT COMMAND...: the check fails (exit 1) and says TEXT.
expect_fail() {
  expect_exit "$1" 1 "${@:2}"
}

# expect_rule NAME RULE TRACE: the structural checker rejects TRACE for RULE, and for no other.
expect_rule() {
  local name=$1 rule=$2 trace=$3
  node "$here/check_chrome_trace.mjs" "$trace" >"$out/$name.log" 2>&1
  local code=$?
  local rules
  rules=$(grep -oE '\[[a-z-]+\]' "$out/$name.log" | sort -u | tr '\n' ' ')
  if [[ $code -ne 1 ]]; then record "$name" 1 "exit $code, 1 expected"
  elif [[ "$rules" != "[$rule] " ]]; then record "$name" 1 "rules named: ${rules:-none}; [$rule] alone expected"
  else record "$name" 0; fi
}

echo "== check_chrome_trace"
expect_pass chrome_trace_small node "$here/check_chrome_trace.mjs" "$fixtures/small_chrome_trace.json"
expect_pass chrome_trace_edge_cases node "$here/check_chrome_trace.mjs" "$fixtures/edge_cases_chrome_trace.json"
for trace in "$fixtures"/broken_chrome_trace/*.json; do
  rule=$(basename "$trace" .json)
  expect_rule "chrome_trace_broken_$rule" "$rule" "$trace"
done
expect_exit chrome_trace_usage 2 "usage: check_chrome_trace.mjs TRACE.json" node "$here/check_chrome_trace.mjs"
expect_fail chrome_trace_missing_file "ENOENT" node "$here/check_chrome_trace.mjs" "$fixtures/no_such_trace.json"

echo "== check_speedscope"
expect_pass speedscope_small node "$here/check_speedscope.mjs" "$fixtures/small_chrome_trace.json" \
  "$out/speedscope_small.png" "run fixture-run (pid 1), spans (tid 1)"
expect_fail speedscope_not_a_profile "did not import" node "$here/check_speedscope.mjs" \
  "$fixtures/not_a_profile.json" "$out/speedscope_not_a_profile.png" "fixture-run"
expect_fail speedscope_wrong_title 'without "stream 7"' node "$here/check_speedscope.mjs" \
  "$fixtures/small_chrome_trace.json" "$out/speedscope_wrong_title.png" "stream 7"
# An end that does not close the frame on top: speedscope imports it, with a console warning.
expect_fail speedscope_console_warning 'Tried to end \"step {}\" when \"matmul {}\"' \
  node "$here/check_speedscope.mjs" "$fixtures/speedscope_warns.json" \
  "$out/speedscope_console_warning.png" "run"

echo "== check_html_report"
expect_pass report_small node "$here/check_html_report.mjs" "$fixtures/small_report.html" \
  "$out/report_small.png" "$fixtures/small_report_checks.json"
expect_fail report_missing_elements 'no match contains "no such heading"' node "$here/check_html_report.mjs" \
  "$fixtures/small_report.html" "$out/report_missing_elements.png" \
  '[{"selector": "svg .no-such-marker"}, {"selector": "h1", "text": "no such heading"}]'
expect_fail report_too_many_rows "at most 1 expected" node "$here/check_html_report.mjs" \
  "$fixtures/small_report.html" "$out/report_too_many_rows.png" '[{"selector": "table.top-ops tbody tr", "max": 1}]'
expect_fail report_external_stylesheet "https://fonts.example.invalid/report.css" node "$here/check_html_report.mjs" \
  "$fixtures/broken_report/external_stylesheet.html" "$out/report_external_stylesheet.png"
expect_fail report_blank "the screenshot is blank" node "$here/check_html_report.mjs" \
  "$fixtures/broken_report/blank.html" "$out/report_blank.png"
expect_fail report_script_error "script error (JavaScript on): TypeError" node "$here/check_html_report.mjs" \
  "$fixtures/broken_report/script_error.html" "$out/report_script_error.png"
expect_fail report_needs_javascript '"table.top-ops tbody tr" (JavaScript off): 0 match(es)' node "$here/check_html_report.mjs" \
  "$fixtures/broken_report/needs_javascript.html" "$out/report_needs_javascript.png" '[{"selector": "table.top-ops tbody tr"}]'

echo "artefacts: $out"
echo "browser self-tests: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
