// Time per op name (docs/diff.md §4): every op's duration_ns grouped by op_name in each run, and
// the count, total, mean, nearest-rank p50 and p90, and maximum of each group.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "tracedoc/diff.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::diff {

/// The figures of `durations` (reordered: the percentiles are selected, not sorted for).
OpStats StatsOf(std::vector<std::uint64_t>& durations);

/// An op name of either run, with its ops' figures in each (zeros where it has none).
struct OpNameStats {
  std::string_view name;
  OpStats base;
  OpStats candidate;
};

/// Every op name of either run: the base's in first-seen order, then the candidate's new ones.
/// The names are views into the documents.
std::vector<OpNameStats> CompareOpNames(const TraceDocument& base, const TraceDocument& candidate);

}  // namespace tracedoc::diff
