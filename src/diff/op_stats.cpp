#include "diff/op_stats.hpp"

#include <algorithm>
#include <cstddef>

#include <boost/unordered/unordered_flat_map.hpp>

#include "traceml_analysis/nearest_rank.hpp"
#include "util/saturating.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::diff {
namespace {

// The value of 1-based rank `rank` in sorted order, found by selection: linear on average.
std::uint64_t AtRank(std::vector<std::uint64_t>& values, std::uint64_t rank) {
  const auto at = values.begin() + static_cast<std::ptrdiff_t>(rank - 1);
  std::nth_element(values.begin(), at, values.end());
  return *at;
}

}  // namespace

OpStats StatsOf(std::vector<std::uint64_t>& durations) {
  OpStats stats;
  if (durations.empty()) return stats;
  stats.count = durations.size();
  for (const std::uint64_t d : durations) {
    stats.total_ns = util::SaturatingAdd(stats.total_ns, d);
    stats.max_ns = std::max(stats.max_ns, d);
  }
  stats.mean_ns = static_cast<double>(stats.total_ns) / static_cast<double>(stats.count);
  stats.p50_ns = AtRank(durations, traceml_analysis::NearestRank(stats.count, 50));
  stats.p90_ns = AtRank(durations, traceml_analysis::NearestRank(stats.count, 90));
  return stats;
}

std::vector<OpNameStats> CompareOpNames(const TraceDocument& base, const TraceDocument& candidate) {
  boost::unordered_flat_map<std::string_view, std::size_t, util::SeededHash> names;
  std::vector<std::string_view> order;
  // durations[side][name]
  std::vector<std::vector<std::uint64_t>> durations[2];
  const TraceDocument* runs[2] = {&base, &candidate};
  for (int side = 0; side < 2; ++side) {
    for (const OpRecord& op : runs[side]->ops()) {
      const auto [it, inserted] = names.try_emplace(op.op_name, order.size());
      if (inserted) order.push_back(op.op_name);
      durations[side].resize(order.size());
      durations[side][it->second].push_back(op.duration_ns);
    }
  }
  std::vector<OpNameStats> result(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    result[i].name = order[i];
    if (i < durations[0].size()) result[i].base = StatsOf(durations[0][i]);
    if (i < durations[1].size()) result[i].candidate = StatsOf(durations[1][i]);
  }
  return result;
}

}  // namespace tracedoc::diff
