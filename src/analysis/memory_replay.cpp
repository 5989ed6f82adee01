// The replay order of the memory events (see memory_replay.hpp).
#include "analysis/memory_replay.hpp"

#include <algorithm>

#include "util/stable_order.hpp"

namespace tracedoc::analysis {

std::vector<std::uint32_t> TimestampOrder(RecordList<MemoryRecord> events) {
  const auto earlier = [](const MemoryRecord& a, const MemoryRecord& b) {
    return a.timestamp_ns < b.timestamp_ns;
  };
  if (std::is_sorted(events.begin(), events.end(), earlier)) return {};
  return util::StableOrder<std::uint32_t>(events.size(), [&](std::uint32_t a, std::uint32_t b) {
    return earlier(events[a], events[b]);
  });
}

}  // namespace tracedoc::analysis
