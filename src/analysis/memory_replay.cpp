// The replay order of the memory events (see memory_replay.hpp).
#include "analysis/memory_replay.hpp"

#include <algorithm>
#include <numeric>

namespace tracedoc::analysis {

std::vector<std::uint32_t> TimestampOrder(std::span<const MemoryRecord> events) {
  const auto earlier = [](const MemoryRecord& a, const MemoryRecord& b) {
    return a.timestamp_ns < b.timestamp_ns;
  };
  if (std::is_sorted(events.begin(), events.end(), earlier)) return {};
  std::vector<std::uint32_t> order(events.size());
  std::iota(order.begin(), order.end(), std::uint32_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return earlier(events[a], events[b]); });
  return order;
}

}  // namespace tracedoc::analysis
