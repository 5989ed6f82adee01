#include "cohort/op_name_totals.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <utility>

#include <boost/unordered/unordered_flat_map.hpp>

#include "util/saturating.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::cohort {

std::vector<OpNameTotals> LargestOpNames(std::span<const TraceDocument* const> runs,
                                         std::size_t limit) {
  boost::unordered_flat_map<std::string_view, std::uint64_t, util::SeededHash, std::equal_to<>>
      grand_totals;
  for (const TraceDocument* run : runs) {
    for (const OpRecord& op : run->ops()) {
      std::uint64_t& total = grand_totals[op.op_name];
      total = util::SaturatingAdd(total, op.duration_ns);
    }
  }
  std::vector<std::pair<std::string_view, std::uint64_t>> ranked(grand_totals.begin(),
                                                                 grand_totals.end());
  const auto larger = [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  };
  const std::size_t kept = std::min(limit, ranked.size());
  std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(kept),
                    ranked.end(), larger);
  ranked.resize(kept);

  boost::unordered_flat_map<std::string_view, std::size_t, util::SeededHash, std::equal_to<>>
      position;
  std::vector<OpNameTotals> totals;
  totals.reserve(kept);
  for (const auto& [name, total] : ranked) {
    position.emplace(name, totals.size());
    totals.push_back({name, std::vector<double>(runs.size(), 0.0)});
  }
  for (std::size_t run = 0; run < runs.size(); ++run) {
    for (const OpRecord& op : runs[run]->ops()) {
      if (const auto found = position.find(op.op_name); found != position.end()) {
        totals[found->second].per_run[run] += static_cast<double>(op.duration_ns);
      }
    }
  }
  return totals;
}

}  // namespace tracedoc::cohort
