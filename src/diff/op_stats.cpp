#include "diff/op_stats.hpp"

#include <algorithm>
#include <cstddef>

#include "traceml_analysis/nearest_rank.hpp"
#include "util/saturating.hpp"

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

void OpNameTally::AddRun(int side, const TraceDocument& run) {
  // durations[name]: this run's, reduced to figures before the next run is read.
  std::vector<std::vector<std::uint64_t>> durations(order_.size());
  for (const OpRecord& op : run.ops()) {
    auto it = index_.find(op.op_name);
    if (it == index_.end()) {
      const std::string_view name = names_.Intern(op.op_name);
      it = index_.emplace(name, order_.size()).first;
      order_.push_back(name);
      durations.emplace_back();
    }
    durations[it->second].push_back(op.duration_ns);
  }
  stats_[side].resize(order_.size());
  for (std::size_t i = 0; i < durations.size(); ++i) {
    stats_[side][i] = StatsOf(durations[i]);
    std::vector<std::uint64_t>().swap(durations[i]);
  }
}

std::vector<OpNameStats> OpNameTally::Compare() const {
  std::vector<OpNameStats> result(order_.size());
  for (std::size_t i = 0; i < order_.size(); ++i) {
    result[i].name = order_[i];
    if (i < stats_[0].size()) result[i].base = stats_[0][i];
    if (i < stats_[1].size()) result[i].candidate = stats_[1][i];
  }
  return result;
}

}  // namespace tracedoc::diff
