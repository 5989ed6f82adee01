#!/usr/bin/env bash
# The main job on the bundled examples: set up, build, then validate a valid and an invalid
# trace, showing both outcomes, print the analyses and write the timeline export; then the same
# for the TraceML export. Exits non-zero only if an outcome is not the expected one.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DTRACEDOC_BUILD_TESTS=OFF -DTRACEDOC_BUILD_BENCH=OFF >/dev/null
cmake --build build/release --target tracedoc_cli >/dev/null
tracedoc=build/release/tracedoc

# The arguments as a shell would take them back: one with a space or a quote in single quotes.
quoted() {
  local arg out=""
  for arg in "$@"; do
    if [[ "$arg" =~ ^[A-Za-z0-9_./=:@%+-]+$ ]]; then
      out+=" $arg"
    else
      out+=" '${arg//\'/\'\\\'\'}'"
    fi
  done
  printf '%s' "$out"
}

run() {
  echo "\$ tracedoc$(quoted "$@")"
  set +e
  "$tracedoc" "$@"
  status=$?
  set -e
  echo "(exit $status)"
  echo
  return 0
}

run validate examples/valid.jsonl
"$tracedoc" validate examples/valid.jsonl
run validate examples/invalid.jsonl
if "$tracedoc" validate examples/invalid.jsonl 2>/dev/null; then
  echo "examples/invalid.jsonl was accepted" >&2
  exit 1
fi
run validate --json examples/valid.jsonl examples/invalid.jsonl
run cat examples/valid.jsonl
run summary examples/valid.jsonl
run memory --pretty examples/valid.jsonl
run health examples/valid.jsonl
# The pictures: a timeline file for Perfetto UI / chrome://tracing / speedscope.
mkdir -p build/example
echo "\$ tracedoc export --format chrome examples/valid.jsonl -o build/example/valid.trace.json"
"$tracedoc" export --format chrome examples/valid.jsonl -o build/example/valid.trace.json
echo "(exit 0: open build/example/valid.trace.json in https://ui.perfetto.dev or speedscope)"
# A TraceML export (docs/traceml-export.md): checked, summarized per rank, and drawn one process
# per rank.
traceml=examples/traceml/records.jsonl
run validate "$traceml"
run summary --pretty "$traceml"
echo "\$ tracedoc export --format chrome $traceml -o build/example/traceml.trace.json"
"$tracedoc" export --format chrome "$traceml" -o build/example/traceml.trace.json
echo "(exit 0: one process per rank in https://ui.perfetto.dev)"
echo "\$ tracedoc report $traceml -o build/example/traceml.html"
"$tracedoc" report "$traceml" -o build/example/traceml.html
echo "(exit 0: open build/example/traceml.html; its \"Steps per rank\" section compares the ranks)"
# The traces as SQL tables (docs/tables.md): one query over the trace and the TraceML export.
run query --format table examples/valid.jsonl "$traceml" \
  "SELECT run_id, source_format, total_ns FROM runs ORDER BY run_id"
