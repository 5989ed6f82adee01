// The memory analysis of candle-graph/trace/6 (docs/legacy-trace6.md §9.3), which feeds the
// trace/6 summary's `peak_bytes`: events sorted by (timestamp, alloc before free, tensor id),
// a byte counter per device, live allocations keyed by tensor id alone.
#ifndef TRACEDOC_SRC_ANALYSIS_TRACE6_MEMORY_HPP_
#define TRACEDOC_SRC_ANALYSIS_TRACE6_MEMORY_HPP_

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "tracedoc/event.hpp"

namespace tracedoc::analysis {

/// One device's figures (§9.3 step 6).
struct Trace6DeviceMemory {
  std::string_view device;
  /// The most `used_bytes + free_bytes` (saturating) over the device's samples; 0 without.
  std::uint64_t capacity_bytes = 0;
  std::uint64_t peak_bytes = 0;
  std::uint64_t peak_timestamp_ns = 0;
  std::uint64_t alloc_count = 0;
  std::uint64_t free_count = 0;
};

/// The §9.3 summary without its breakdowns: counts, the global peak (the most bytes one
/// device's counter held after an event; 0 without events), and the devices by name.
struct Trace6MemorySummary {
  std::uint64_t alloc_count = 0;
  std::uint64_t free_count = 0;
  std::uint64_t total_alloc_bytes = 0;
  std::uint64_t peak_bytes = 0;
  std::uint64_t peak_timestamp_ns = 0;
  std::string_view peak_device;
  std::vector<Trace6DeviceMemory> by_device;
};

/// Replays the events as §9.3 says. O(n log n) for the sort, memory linear in the events.
Trace6MemorySummary AnalyzeTrace6Memory(std::span<const MemoryRecord> events,
                                        std::span<const DeviceMemoryRecord> samples);

}  // namespace tracedoc::analysis

#endif  // TRACEDOC_SRC_ANALYSIS_TRACE6_MEMORY_HPP_
