#!/usr/bin/env bash
# make_fleet.sh TRACEDOC GEN_TRACE GEN_TRACEML GEN_CIRRON WORK
# The fleet of the fleet checks (docs/fleet.md §5), made once for them all (a ctest
# fixture): 20 generated runs of mixed formats under WORK/inputs (10 trace/10 traces of other
# seeds, 5 TraceML exports, 5 Cirron spools, each with a run id of its own), exported as NDJSON
# tables to WORK/fleet (one call per file, as a cluster would) and, where the command line
# writes one, as a SQLite database WORK/fleet.db (one call for all), and each run's
# `tracedoc summary` (an export's: its conversion's) in WORK/expected.json, keyed by the file
# name the export was given.
set -euo pipefail
if [[ $# -ne 5 ]]; then
  echo "usage: make_fleet.sh TRACEDOC GEN_TRACE GEN_TRACEML GEN_CIRRON WORK" >&2
  exit 2
fi
tracedoc=$1 gen_trace=$2 gen_traceml=$3 gen_cirron=$4 work=$5
rm -rf "$work"
mkdir -p "$work/inputs"
cd "$work"

inputs=()
# Traces: the generator writes run id `bench-run`; each gets its own (one with characters the
# partition name escapes, so the checks read it back through DuckDB's Hive decoding).
for seed in 1 2 3 4 5 6 7 8 9 10; do
  events=20000
  if [[ $seed -eq 1 ]]; then events=100000; fi
  run_id="trace-$seed"
  if [[ $seed -eq 10 ]]; then run_id='trace 10/α=%'; fi
  "$gen_trace" "$events" - "$seed" |
    sed "1s|\"run_id\":\"bench-run\"|\"run_id\":\"$run_id\"|" >"inputs/trace-$seed.jsonl"
  inputs+=("inputs/trace-$seed.jsonl")
done
# TraceML exports: 2 to 6 ranks, their run id `traceml-<time 0>` differs with the seed.
for seed in 1 2 3 4 5; do
  "$gen_traceml" "$seed" --nodes 1 --gpus-per-node $((seed + 1)) --steps $((20 + 10 * seed)) \
    >"inputs/traceml-$seed.jsonl"
  inputs+=("inputs/traceml-$seed.jsonl")
done
# Cirron spools: the run id is the session span's, drawn from the seed.
for seed in 1 2 3 4 5; do
  spool=$("$gen_cirron" "$seed" "inputs/cirron-$seed" --epochs 2 --steps-per-epoch $((5 * seed)))
  inputs+=("$spool")
done

# One export per file into one directory, as cluster workers would.
for input in "${inputs[@]}"; do
  "$tracedoc" export --format tables "$input" -o fleet
done
# The database, when this tracedoc writes one.
if "$tracedoc" export --help 2>&1 | grep -q sqlite; then
  "$tracedoc" export --format sqlite "${inputs[@]}" -o fleet.db
fi

{
  echo '{'
  separator=''
  for input in "${inputs[@]}"; do
    printf '%s"%s": ' "$separator" "$input"
    if [[ $input == inputs/traceml-* ]]; then
      # An export's summary is its run summary (docs/traceml-analysis.md): the document's is
      # that of its conversion, the trace `import` writes.
      "$tracedoc" import "$input" -o "$input.trace.jsonl"
      "$tracedoc" summary "$input.trace.jsonl"
    else
      "$tracedoc" summary "$input"
    fi
    separator=','
  done
  echo '}'
} >expected.json
echo "make_fleet: ${#inputs[@]} runs in $work"
