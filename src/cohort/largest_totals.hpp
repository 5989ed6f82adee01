// The parts of the runs a cohort comparison estimates beyond the measured region
// (docs/compare.md, "Many comparisons"): the op names and span paths with the largest total time
// over all runs, and each one's total in each run.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "tracedoc/document.hpp"
#include "util/saturating.hpp"

namespace tracedoc::cohort {

/// One estimated part: its name as printed, and its total duration_ns in each run, in the
/// order of the runs given (0 where a run lacks it).
struct PartTotals {
  std::string name;
  std::vector<double> per_run;
};

/// The `limit` keys with the largest total over every run, largest first (ties by `before`),
/// with each run's total. `each_item(run, add)` calls `add(key, duration_ns)` for every item of
/// run `run`; `name` spells a kept key. Two passes over the items; memory of one entry per
/// distinct key plus `limit` × runs.
template <class Key, class Hash, class EachItem, class Before, class Name>
std::vector<PartTotals> LargestTotals(std::size_t runs, std::size_t limit, EachItem each_item,
                                      Before before, Name name) {
  boost::unordered_flat_map<Key, std::uint64_t, Hash, std::equal_to<>> grand_totals;
  for (std::size_t run = 0; run < runs; ++run) {
    each_item(run, [&](const Key& key, std::uint64_t ns) {
      std::uint64_t& total = grand_totals[key];
      total = util::SaturatingAdd(total, ns);
    });
  }
  std::vector<std::pair<Key, std::uint64_t>> ranked(grand_totals.begin(), grand_totals.end());
  const std::size_t kept = std::min(limit, ranked.size());
  std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(kept),
                    ranked.end(), [&](const auto& a, const auto& b) {
                      return a.second != b.second ? a.second > b.second : before(a.first, b.first);
                    });
  ranked.resize(kept);

  boost::unordered_flat_map<Key, std::size_t, Hash, std::equal_to<>> position;
  std::vector<PartTotals> totals;
  totals.reserve(kept);
  for (const auto& [key, total] : ranked) {
    position.emplace(key, totals.size());
    totals.push_back({name(key), std::vector<double>(runs, 0.0)});
  }
  for (std::size_t run = 0; run < runs; ++run) {
    each_item(run, [&](const Key& key, std::uint64_t ns) {
      if (const auto found = position.find(key); found != position.end()) {
        totals[found->second].per_run[run] += static_cast<double>(ns);
      }
    });
  }
  return totals;
}

/// The op names with the largest total over `runs` (ties by name).
std::vector<PartTotals> LargestOpNames(std::span<const TraceDocument* const> runs,
                                       std::size_t limit);

/// The span paths (docs/diff.md §3, one trie over every run) with the largest total of their
/// spans' duration_ns over `runs` (an open span adds 0; ties by first appearance, in the first
/// run's pre-order, then the next run's new paths).
std::vector<PartTotals> LargestSpanPaths(std::span<const TraceDocument* const> runs,
                                         std::size_t limit);

}  // namespace tracedoc::cohort
