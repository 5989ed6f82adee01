#!/usr/bin/env bash
# Sets up (the build's packages, then what the browser tests need), builds and runs every test with
# ctest. TRACEDOC_WERROR=ON turns warnings into errors (CI sets it); BUILD_DIR chooses the build
# folder (default build/test).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/setup-browser.sh
build_dir=${BUILD_DIR:-build/test}
# -g1 (line tables only): enough for a failing test's backtrace, and it takes a quarter off every
# g++ compile, which is most of the time this command spends (a full -g cost ~250 s on 2 cores).
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
  -DTRACEDOC_WERROR="${TRACEDOC_WERROR:-OFF}" "$@"
cmake --build "$build_dir"
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)"
