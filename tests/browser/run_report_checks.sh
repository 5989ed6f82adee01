#!/usr/bin/env bash
# The HTML report in headless Chromium (issue 14, items 2 and 3): `tracedoc report` of
# examples/valid.jsonl must pass report_checks.json (the memory chart, its peak marker, the
# live-at-peak rows, the flame chart, the ops tables, the health section) with JavaScript on and
# off; the report of the generated 10^6-event trace must stay under 10 MiB and load in under
# 5 s (large_report_checks.json).
# Usage: run_report_checks.sh CLI OUTDIR [GEN_TRACE]
#   CLI        the tracedoc binary
#   OUTDIR     where the reports, screenshots and logs go
#   GEN_TRACE  bench's tracedoc_gen_trace; without it the large report is skipped (said so)
# TRACEDOC_UPDATE_SCREENSHOTS=1 also copies the valid example's screenshot to
# docs/images/report.png (the README's picture); otherwise the tree is never written.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cli=${1:?usage: run_report_checks.sh CLI OUTDIR [GEN_TRACE]}
out=${2:?usage: run_report_checks.sh CLI OUTDIR [GEN_TRACE]}
gen=${3:-}
mkdir -p "$out"
kMaxBytes=$((10 * 1024 * 1024))
failed=0
fail() { echo "FAIL  $*"; failed=$((failed + 1)); }

if [[ ! -d "$here/node_modules/playwright-core" ]]; then
  echo "report checks: $here/node_modules is missing: run scripts/setup-browser.sh" >&2
  exit 1
fi

echo "== the report of examples/valid.jsonl"
if "$cli" report "$root/examples/valid.jsonl" -o "$out/valid-report.html"; then
  if node "$here/check_html_report.mjs" "$out/valid-report.html" "$out/valid-report.png" \
      "$here/report_checks.json"; then
    if [[ "${TRACEDOC_UPDATE_SCREENSHOTS:-}" == 1 ]]; then
      mkdir -p "$root/docs/images"
      cp "$out/valid-report.png" "$root/docs/images/report.png"
      echo "updated docs/images/report.png"
    fi
  else
    fail "check_html_report on the valid example"
  fi
else
  fail "tracedoc report examples/valid.jsonl exited $?"
fi

echo "== the report of the generated 10^6-event trace"
if [[ -z "$gen" ]]; then
  echo "skipped: no tracedoc_gen_trace given (build with TRACEDOC_BUILD_BENCH=ON)"
else
  trace="$out/large.jsonl"
  if ! "$gen" 1000000 "$trace"; then
    fail "tracedoc_gen_trace exited $?"
  else
    started=$(date +%s%N)
    if "$cli" report "$trace" -o "$out/large-report.html"; then
      elapsed_ms=$((($(date +%s%N) - started) / 1000000))
      bytes=$(stat -c %s "$out/large-report.html")
      echo "large report: $bytes bytes from $(stat -c %s "$trace") bytes of trace, written in $elapsed_ms ms"
      if ((bytes >= kMaxBytes)); then fail "the large report is $bytes bytes, not under $kMaxBytes"; fi
      node "$here/check_html_report.mjs" "$out/large-report.html" "$out/large-report.png" \
        "$here/large_report_checks.json" || fail "check_html_report on the large report"
    else
      fail "tracedoc report on the large trace exited $?"
    fi
    rm -f "$trace"  # 180 MB: not an artefact worth keeping
  fi
fi

echo "report checks: $failed failure(s); artefacts in $out"
[[ $failed -eq 0 ]]
