// A sweep over change points. The exact order of saturating operations matters at the limits,
// so it follows the specification step for step rather than netting frees against allocations.
#include "analysis/interval_clipping.hpp"

#include <algorithm>
#include <vector>

#include "util/saturating.hpp"

namespace tracedoc::analysis {
using util::SaturatingAdd;
using util::SaturatingSub;
using util::kU64Max;
namespace {

struct Change {
  std::uint64_t timestamp_ns = 0;
  std::uint64_t bytes = 0;
  bool is_free = false;
};

}  // namespace

ClippedMemory ClipToInterval(std::uint64_t start_ns, std::uint64_t end_ns,
                             std::span<const LogicalStorageLifetime* const> lifetimes) {
  if (end_ns <= start_ns) return {};
  std::uint64_t live_at_start = 0;
  ClippedMemory result;
  std::vector<Change> changes;
  for (const LogicalStorageLifetime* lifetime : lifetimes) {
    const std::uint64_t begin = lifetime->start_timestamp_ns;
    const std::uint64_t end = lifetime->end_timestamp_ns.value_or(kU64Max);
    if (begin >= end_ns || end <= start_ns) continue;
    if (begin <= start_ns) {
      live_at_start = SaturatingAdd(live_at_start, lifetime->bytes);
    } else {
      changes.push_back({begin, lifetime->bytes, false});
    }
    if (start_ns < end && end < end_ns) changes.push_back({end, lifetime->bytes, true});
    if (end > end_ns) result.residual_bytes = SaturatingAdd(result.residual_bytes, lifetime->bytes);
  }
  std::sort(changes.begin(), changes.end(),
            [](const Change& a, const Change& b) { return a.timestamp_ns < b.timestamp_ns; });
  std::uint64_t live = live_at_start;
  result.peak_live_bytes = live;
  for (std::size_t i = 0; i < changes.size();) {
    std::uint64_t freed = 0;
    std::uint64_t allocated = 0;
    std::size_t j = i;
    for (; j < changes.size() && changes[j].timestamp_ns == changes[i].timestamp_ns; ++j) {
      std::uint64_t& sum = changes[j].is_free ? freed : allocated;
      sum = SaturatingAdd(sum, changes[j].bytes);
    }
    live = SaturatingAdd(SaturatingSub(live, freed), allocated);
    result.peak_live_bytes = std::max(result.peak_live_bytes, live);
    i = j;
  }
  return result;
}

}  // namespace tracedoc::analysis
