#!/usr/bin/env bash
# Sets up (the build's packages, then what the browser tests need), builds and runs every test with
# ctest. TRACEDOC_WERROR=ON turns warnings into errors (CI sets it); BUILD_DIR chooses the build
# folder (default build/test).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/setup-browser.sh
build_dir=${BUILD_DIR:-build/test}
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DTRACEDOC_WERROR="${TRACEDOC_WERROR:-OFF}" "$@"
cmake --build "$build_dir"
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)"
