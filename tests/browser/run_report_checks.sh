#!/usr/bin/env bash
# The HTML report in headless Chromium (docs/report.md):
#   - examples/valid.jsonl: the DOM checks of report_checks.json with JavaScript on and off
#     (check_html_report.mjs), and the interactive timeline in depth (check_report_app.mjs: no
#     console error or warning, no request, no two frames of a row overlapping, zoom, search,
#     links, hover, JavaScript off);
#   - every golden case's page, each opened once (check_report_pages.mjs);
#   - the Cirron example spool's page and an 8-rank TraceML run's page (check_report_app.mjs);
#   - generated traces of 10^5 and 10^6 events (check_report_app.mjs; the 10^6 page must stay
#     under 10 MiB and load within 5 s, and passes large_report_checks.json too), and the 10^5
#     trace's page compared with another 10^5 trace (`report --baseline`).
# Usage: run_report_checks.sh CLI OUTDIR [GEN_TRACE GEN_TRACEML]
#   CLI          the tracedoc binary
#   OUTDIR       where the reports, screenshots and logs go
#   GEN_TRACE    bench's tracedoc_gen_trace, GEN_TRACEML the tests' tracedoc_gen_traceml; without
#                them the generated cases fail, saying so
# TRACEDOC_UPDATE_SCREENSHOTS=1 also copies the screenshots the README and docs/report.md show
# to docs/images/: report-overview (the 10^5-event page's first screen), report-traceml (the
# TraceML run's), report-zoomed (that run zoomed into one step) and report-traceml-steps (its
# Steps per rank section); otherwise the tree is never written.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cli=${1:?usage: run_report_checks.sh CLI OUTDIR [GEN_TRACE GEN_TRACEML]}
out=${2:?usage: run_report_checks.sh CLI OUTDIR [GEN_TRACE GEN_TRACEML]}
gen=${3:-}
gen_traceml=${4:-}
mkdir -p "$out"
kMaxBytes=$((10 * 1024 * 1024))
failed=0
fail() { echo "FAIL  $*"; failed=$((failed + 1)); }

if [[ ! -d "$here/node_modules/playwright-core" ]]; then
  echo "report checks: $here/node_modules is missing: run scripts/setup-browser.sh" >&2
  exit 1
fi

# report NAME INPUT: writes $out/NAME.html, or fails.
report() {
  "$cli" report "$2" -o "$out/$1.html" || { fail "tracedoc report $2 exited $?"; return 1; }
}

# app NAME [check_report_app options]: the interactive checks on $out/NAME.html.
app() {
  local name=$1; shift
  node "$here/check_report_app.mjs" "$out/$name.html" "$out" "$@" || fail "check_report_app on $name"
}

# keep SHOT IMAGE: the screenshot $out/SHOT.png as docs/images/IMAGE.png when asked to.
keep() {
  [[ "${TRACEDOC_UPDATE_SCREENSHOTS:-}" == 1 ]] || return 0
  mkdir -p "$root/docs/images" && cp "$out/$1.png" "$root/docs/images/$2.png" &&
    echo "updated docs/images/$2.png"
}

echo "== the report of examples/valid.jsonl"
if report valid "$root/examples/valid.jsonl"; then
  node "$here/check_html_report.mjs" "$out/valid.html" "$out/valid-static.png" \
    "$here/report_checks.json" || fail "check_html_report on the valid example"
  app valid --screenshots valid
fi

echo "== every golden case's report"
pages=()
for case_dir in "$root"/tests/golden/*/; do
  [[ -f "$case_dir/input.jsonl" ]] || continue
  name=golden-$(basename "$case_dir")
  # A case whose trace does not fold has no page (exit 1): nothing to open.
  "$cli" report "$case_dir/input.jsonl" -o "$out/$name.html" 2>/dev/null && pages+=("$out/$name.html")
done
if ((${#pages[@]} < 40)); then
  fail "only ${#pages[@]} golden case(s) gave a page"
else
  node "$here/check_report_pages.mjs" "${pages[@]}" || fail "check_report_pages on the golden cases"
fi

echo "== the report of the Cirron example spool"
report cirron "$root/examples/cirron/.cirron" && app cirron

if [[ -z "$gen" || -z "$gen_traceml" ]]; then
  fail "no generators given: the 10^5, 10^6-event and TraceML reports were not checked"
else
  echo "== the report of an 8-rank TraceML run (missing steps included)"
  if "$gen_traceml" 27 --nodes 2 --gpus-per-node 4 --steps 400 --missing-steps 6 \
      > "$out/traceml-8-ranks.jsonl"; then
    report traceml "$out/traceml-8-ranks.jsonl" &&
      app traceml --screenshots traceml --section rank-steps && keep traceml-overview report-traceml &&
      keep traceml-zoomed report-zoomed && keep traceml-rank-steps report-traceml-steps
  else
    fail "tracedoc_gen_traceml exited $?"
  fi

  echo "== the report of a generated 10^5-event trace"
  if "$gen" 100000 "$out/gen-100k.jsonl"; then
    report gen-100k "$out/gen-100k.jsonl" && app gen-100k --screenshots gen-100k &&
      keep gen-100k-overview report-overview
  else
    fail "tracedoc_gen_trace 100000 exited $?"
  fi
  echo "== a generated 10^5-event trace's report compared with another (report --baseline)"
  if "$gen" 100000 "$out/gen-100k-base.jsonl" 7; then
    if "$cli" report --baseline "$out/gen-100k-base.jsonl" "$out/gen-100k.jsonl" \
        -o "$out/gen-100k-compared.html"; then
      grep -q '<section id="comparison">' "$out/gen-100k-compared.html" ||
        fail "the compared report has no comparison section"
      app gen-100k-compared
    else
      fail "tracedoc report --baseline exited $?"
    fi
  else
    fail "tracedoc_gen_trace 100000 (seed 7) exited $?"
  fi
  rm -f "$out/gen-100k.jsonl" "$out/gen-100k-base.jsonl"

  echo "== the report of a generated 10^6-event trace"
  if "$gen" 1000000 "$out/large.jsonl"; then
    started=$(date +%s%N)
    if report large "$out/large.jsonl"; then
      elapsed_ms=$((($(date +%s%N) - started) / 1000000))
      bytes=$(stat -c %s "$out/large.html")
      echo "large report: $bytes bytes from $(stat -c %s "$out/large.jsonl") bytes of trace, written in $elapsed_ms ms"
      ((bytes < kMaxBytes)) || fail "the large report is $bytes bytes, not under $kMaxBytes"
      node "$here/check_html_report.mjs" "$out/large.html" "$out/large-static.png" \
        "$here/large_report_checks.json" || fail "check_html_report on the large report"
      app large --max-load-ms 5000
    fi
  else
    fail "tracedoc_gen_trace 1000000 exited $?"
  fi
  rm -f "$out/large.jsonl"  # 180 MB: not an artefact worth keeping
fi

echo "report checks: $failed failure(s); artefacts in $out"
[[ $failed -eq 0 ]]
