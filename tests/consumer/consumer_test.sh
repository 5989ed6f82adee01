#!/usr/bin/env bash
# Consumer test: install tracedoc into a temporary prefix and build examples/embed against it
# with find_package, from the build tree and through pkg-config (and compile it with
# add_subdirectory); build and run examples/event_counts and examples/span_self_time against the
# prefix and check their output; then compile every installed public header alone, and check that
# the umbrella header tracedoc/tracedoc.hpp includes every one.
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
  grep -qx 'records 15' "$work/out.txt"                # ForEachEvent over examples/valid.jsonl
  grep -qx '  "span_count": 2,' "$work/out.txt"        # WriteSummaryJson to a std::ostream, pretty
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
# examples/valid.jsonl: 15 records; the one allocation is 4096 bytes on line 7.
grep -qx 'memory 2' "$work/out.txt"
grep -qx 'span_start 2' "$work/out.txt"
grep -qx 'terminal 1' "$work/out.txt"
grep -qx 'largest allocation 4096 bytes, storage storage-t2 on cpu, line 7' "$work/out.txt"
if "$work/event_counts/event_counts" "$source_dir/examples/invalid.jsonl" >"$work/out.txt"; then
  echo "event_counts accepted the invalid example" >&2; exit 1
fi
grep -q 'error\[duplicate_span_end\]' "$work/out.txt"

echo "-- examples/span_self_time (the span index) against the installed prefix"
cmake -S "$source_dir/examples/span_self_time" -B "$work/span_self_time" -G Ninja \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/span_self_time" >/dev/null
self_time="$work/span_self_time/span_self_time"
# examples/valid.jsonl: span-root lasts 2500 ns, its child span-op 1200 ns.
"$self_time" "$source_dir/examples/valid.jsonl" >"$work/out.txt"
printf '%s\n' '1300 ns  span-root' '1200 ns  span-root > span-op' | diff - "$work/out.txt"
# Thirteen spans: r [0, 1000) holds a (100 ns), b (300 ns, holding c: 50 ns) and l1..l8 (5 ns
# each), so r keeps 1000 - 440; o (70 ns) names a parent that does not exist. Ten lines, the
# equal 5s in id order.
{
  head -n 1 "$source_dir/examples/valid.jsonl"
  span() {  # id parent start duration
    local parent=""
    [ -n "$2" ] && parent=",\"parent_id\":\"$2\""
    echo "{\"kind\":\"span_start\",\"id\":\"$1\"$parent,\"name\":\"n\",\"start_ns\":$3,\"span_kind\":\"function\",\"measured\":false}"
    echo "{\"kind\":\"span_end\",\"id\":\"$1\",\"duration_ns\":$4}"
  }
  span r "" 0 1000
  span a r 0 100
  span b r 100 300
  span c b 100 50
  span o gone 0 70
  for i in 1 2 3 4 5 6 7 8; do span "l$i" r $((400 + i)) 5; done
  echo '{"kind":"terminal","outcome":"complete","timestamp_ns":1000}'
} >"$work/tree.jsonl"
"$self_time" "$work/tree.jsonl" >"$work/out.txt"
printf '%s\n' '560 ns  r' '250 ns  r > b' '100 ns  r > a' '70 ns  … > o' '50 ns  r > b > c' \
  '5 ns  r > l1' '5 ns  r > l2' '5 ns  r > l3' '5 ns  r > l4' '5 ns  r > l5' |
  diff - "$work/out.txt"
if "$self_time" "$source_dir/examples/invalid.jsonl" >/dev/null 2>"$work/err.txt"; then
  echo "span_self_time accepted the invalid example" >&2; exit 1
fi
grep -q 'error\[duplicate_span_end\]' "$work/err.txt"

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

echo "-- the umbrella header (compiled alone above) brings in every installed public header"
umbrella=$prefix/include/tracedoc/tracedoc.hpp
# The compiler's own list of what it read: what a program that includes the umbrella gets.
echo "#include <tracedoc/tracedoc.hpp>" | "$cxx" -std=c++20 -MM -MF "$work/umbrella.d" \
  -I"$prefix/include" -x c++ -
for header in "$prefix"/include/tracedoc/*.hpp; do
  [ "$header" = "$umbrella" ] && continue
  if ! tr -s ' \\\n' '\n' <"$work/umbrella.d" | grep -qxF "$header"; then
    echo "tracedoc/tracedoc.hpp does not include tracedoc/$(basename "$header")" >&2; exit 1
  fi
done

echo "-- add_subdirectory"
# Configuring checks the target names (an unknown `tracedoc::tracedoc` is an error there), and
# compiling main.cpp checks the include directories and features the target passes on. Linking
# would compile the whole library a second time (most of this test's minutes in CI) to test the
# same sources the three builds above link and run.
cmake -S "$source_dir/examples/embed" -B "$work/subdir" -G Ninja \
  -DCMAKE_CXX_COMPILER="$cxx" -DTRACEDOC_SOURCE_DIR="$source_dir" >/dev/null
cmake --build "$work/subdir" --target CMakeFiles/embed.dir/main.cpp.o >/dev/null
test -s "$work/subdir/CMakeFiles/embed.dir/main.cpp.o"
echo "consumer test passed"
