// Time per op name (docs/diff.md §4): every op's duration_ns grouped by op_name in each run, and
// the count, total, mean, nearest-rank p50 and p90, and maximum of each group.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "tracedoc/diff.hpp"
#include "tracedoc/document.hpp"
#include "util/seeded_hash.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::diff {

/// The figures of `durations` (reordered: the percentiles are selected, not sorted for).
OpStats StatsOf(std::vector<std::uint64_t>& durations);

/// An op name of either run, with its ops' figures in each (zeros where it has none).
struct OpNameStats {
  std::string_view name;
  OpStats base;
  OpStats candidate;
};

/// The figures of each op name, taken one run at a time: a run's durations are grouped and
/// reduced to their figures while it is at hand, and its names copied, so the run can be
/// dropped before the next is read.
class OpNameTally {
 public:
  /// Side 0 is the base, 1 the candidate; each is added once, the base first.
  void AddRun(int side, const TraceDocument& run);
  /// Every op name of either run: the base's in first-seen order, then the candidate's new
  /// ones. The names are views into the tally, which must outlive them.
  std::vector<OpNameStats> Compare() const;

 private:
  util::StringPool names_{util::PoolMode::kCopy};
  boost::unordered_flat_map<std::string_view, std::size_t, util::SeededHash> index_;
  std::vector<std::string_view> order_;
  std::vector<OpStats> stats_[2];
};

}  // namespace tracedoc::diff
