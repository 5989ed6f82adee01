#!/usr/bin/env bash
# Consumer test: install tracedoc into a temporary prefix and build examples/embed against it
# with find_package, from the build tree, through pkg-config and with add_subdirectory; then
# compile every installed public header alone.
# Usage: consumer_test.sh SOURCE_DIR BUILD_DIR CXX
set -euo pipefail
source_dir=$1 build_dir=$2 cxx=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

check_embed() {  # $1: the embed binary
  "$1" "$source_dir/examples/valid.jsonl" >"$work/out.txt"
  grep -q '^schema candle-graph/trace/10$' "$work/out.txt"
  grep -qE '^memory peak [0-9]+ bytes at [0-9]+ ns' "$work/out.txt"
  if "$1" "$source_dir/examples/invalid.jsonl" >"$work/out.txt"; then
    echo "embed accepted the invalid example" >&2; exit 1
  fi
  grep -q '^line 13, code duplicate_span_end$' "$work/out.txt"
}

echo "-- install into a temporary prefix"
cmake --install "$build_dir" --prefix "$prefix" >/dev/null

echo "-- find_package from the installed prefix"
cmake -S "$source_dir/examples/embed" -B "$work/installed" -G Ninja \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/installed" >/dev/null
check_embed "$work/installed/embed"

echo "-- examples/event_counts (ReadEvents) against the installed prefix"
cmake -S "$source_dir/examples/event_counts" -B "$work/event_counts" -G Ninja \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/event_counts" >/dev/null
"$work/event_counts/event_counts" "$source_dir/examples/valid.jsonl" >"$work/out.txt"
# examples/valid.jsonl: 14 records; the one allocation is 4096 bytes on line 7.
grep -qx 'memory 2' "$work/out.txt"
grep -qx 'span_start 2' "$work/out.txt"
grep -qx 'terminal 1' "$work/out.txt"
grep -qx 'largest allocation 4096 bytes, storage storage-t2 on cpu, line 7' "$work/out.txt"
if "$work/event_counts/event_counts" "$source_dir/examples/invalid.jsonl" >"$work/out.txt"; then
  echo "event_counts accepted the invalid example" >&2; exit 1
fi
grep -q 'error\[duplicate_span_end\]' "$work/out.txt"

echo "-- find_package from the build tree"
cmake -S "$source_dir/examples/embed" -B "$work/buildtree" -G Ninja \
  -DCMAKE_CXX_COMPILER="$cxx" -Dtracedoc_DIR="$build_dir" >/dev/null
cmake --build "$work/buildtree" >/dev/null
check_embed "$work/buildtree/embed"

echo "-- pkg-config"
pc_dir=$(dirname "$(find "$prefix" -name tracedoc.pc)")
PKG_CONFIG_PATH="$pc_dir" pkg-config --exists tracedoc
# shellcheck disable=SC2046
"$cxx" "$source_dir/examples/embed/main.cpp" -o "$work/embed-pc" \
  $(PKG_CONFIG_PATH="$pc_dir" pkg-config --cflags --libs tracedoc)
check_embed "$work/embed-pc"

echo "-- every public header compiles alone, and none includes a JSON library"
for header in "$prefix"/include/tracedoc/*.hpp; do
  name=$(basename "$header")
  if grep -qE '#include [<"](rapidjson|boost/json)' "$header"; then
    echo "$name includes a JSON library" >&2; exit 1
  fi
  echo "#include <tracedoc/$name>" | "$cxx" -std=c++20 -fsyntax-only -Wall -Wextra -Wpedantic \
    -Werror -I"$prefix/include" -x c++ -
done

echo "-- add_subdirectory"
cmake -S "$source_dir/examples/embed" -B "$work/subdir" -G Ninja \
  -DCMAKE_CXX_COMPILER="$cxx" -DTRACEDOC_SOURCE_DIR="$source_dir" >/dev/null
cmake --build "$work/subdir" >/dev/null
check_embed "$work/subdir/embed"
echo "consumer test passed"
