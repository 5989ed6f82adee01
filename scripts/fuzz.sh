#!/usr/bin/env bash
# Builds the libFuzzer harnesses with clang (-fsanitize=fuzzer,address,undefined) in build/fuzz
# and runs each for TRACEDOC_FUZZ_SECONDS (default 60) with the dictionary, seeded from the golden
# inputs (tests/golden/*/input.jsonl; while there are none, examples/*.jsonl) and every harness's
# regressions. Fails on any crash, leak, sanitizer report or broken invariant; the input that
# found it is left in build/fuzz/findings/<harness>/ (add it to fuzz/regressions/<harness>/ once
# fixed). Prints each harness's last `cov:` line. TRACEDOC_FUZZ_HARNESSES picks a subset.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
seconds=${TRACEDOC_FUZZ_SECONDS:-60}
harnesses=(${TRACEDOC_FUZZ_HARNESSES:-fuzz_read fuzz_roundtrip fuzz_decode_differential fuzz_summary fuzz_memory fuzz_health fuzz_cirron_batch fuzz_traceml_export fuzz_diff fuzz_compressed})

# TRACEDOC_FUZZ_BUILD_DIR names a build tree already configured with TRACEDOC_LIBFUZZER=ON (CI
# reuses its clang ASan+UBSan tree, so the library is compiled once); otherwise build/fuzz.
if [[ -n "${TRACEDOC_FUZZ_BUILD_DIR:-}" ]]; then
  build_dir=$TRACEDOC_FUZZ_BUILD_DIR
else
  build_dir=build/fuzz
  CC=clang CXX=clang++ cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DTRACEDOC_BUILD_FUZZ=ON -DTRACEDOC_LIBFUZZER=ON -DTRACEDOC_SANITIZE=ON \
    -DTRACEDOC_WERROR="${TRACEDOC_WERROR:-OFF}" -DTRACEDOC_BUILD_TESTS=OFF \
    -DTRACEDOC_BUILD_BENCH=OFF -DTRACEDOC_BUILD_CLI=OFF -DTRACEDOC_INSTALL=OFF >/dev/null
fi
cmake --build "$build_dir" --target "${harnesses[@]}"

# The seed corpus: the golden inputs, or the examples while those do not exist yet.
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
shopt -s nullglob
golden=(tests/golden/*/input.jsonl)
if [[ ${#golden[@]} -gt 0 ]]; then
  for input in "${golden[@]}"; do
    cp "$input" "$seeds/golden-$(basename "$(dirname "$input")").jsonl"
  done
else
  echo "fuzz: no tests/golden/*/input.jsonl yet; seeding from examples/*.jsonl"
  for input in examples/*.jsonl; do cp "$input" "$seeds/example-$(basename "$input")"; done
fi

# One harness's run; its verdict is its exit status. The corpus directory keeps what a run
# learnt, so later runs start from there.
fuzz_one() {
  local harness=$1
  local corpus="$build_dir/corpus/$harness" findings="$build_dir/findings/$harness"
  local log="$build_dir/logs/$harness.log"
  mkdir -p "$corpus" "$findings" "$(dirname "$log")"
  cp "$seeds"/* fuzz/regressions/"$harness"/* "$corpus"/
  if ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
     UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
     "$build_dir/fuzz/$harness" -max_total_time="$seconds" -dict=fuzz/tracedoc.dict \
       -max_len=16384 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="$findings/" "$corpus" >"$log" 2>&1; then
    echo "== $harness: $(grep -E '^#[0-9]+.*cov:' "$log" | tail -n 1)"
  else
    echo "fuzz: $harness FAILED; the log's end, then the inputs in $findings:" >&2
    tail -n 40 "$log" >&2
    ls "$findings" >&2
    return 1
  fi
}

# The harnesses run side by side, TRACEDOC_FUZZ_JOBS at a time (default: one per core), so CI
# spends 60 s of every core on fuzzing instead of 60 s of one.
jobs=${TRACEDOC_FUZZ_JOBS:-$(nproc)}
echo "== fuzzing ${#harnesses[@]} harnesses, ${seconds} s each, ${jobs} at a time"
status=0
running=0
for harness in "${harnesses[@]}"; do
  if (( running >= jobs )); then
    wait -n || status=1
    running=$((running - 1))
  fi
  fuzz_one "$harness" &
  running=$((running + 1))
done
while (( running > 0 )); do
  wait -n || status=1
  running=$((running - 1))
done
exit $status
