// The memory analysis of a legacy candle-graph/trace/6 document (docs/legacy-trace6.md §9.3):
// one replay of the memory events keyed by tensor id, what `tracedoc memory` prints for trace/6.
#ifndef TRACEDOC_TRACE6_MEMORY_HPP_
#define TRACEDOC_TRACE6_MEMORY_HPP_

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "tracedoc/document.hpp"
#include "tracedoc/enums.hpp"
#include "tracedoc/memory.hpp"
#include "tracedoc/write_options.hpp"

namespace tracedoc {

// Every string_view below refers to the analysed document's storage: keep the document alive.

/// A tensor live at the global peak: the values of the alloc that made it live.
struct Trace6LiveTensor {
  std::string_view tensor_id;
  std::string_view device;
  std::string_view span_id;
  std::uint64_t bytes = 0;
  MemoryCategory category = MemoryCategory::kOther;
  friend bool operator==(const Trace6LiveTensor&, const Trace6LiveTensor&) = default;
};

/// The state after one memory event (§9.3 step 5), on the event's device.
struct Trace6MemoryPoint {
  std::uint64_t timestamp_ns = 0;
  std::string_view device;
  /// The device's live counter; `heap_bytes` is the same number (the specification has both).
  std::uint64_t live_bytes = 0;
  std::uint64_t heap_bytes = 0;
  /// Capacity minus the counter, with the capacity not yet known while replaying: always 0.
  std::uint64_t free_bytes = 0;
  /// The device's live bytes per category of the allocating events.
  CategoryLiveBytes by_category;
  friend bool operator==(const Trace6MemoryPoint&, const Trace6MemoryPoint&) = default;
};

/// One device's figures (§9.3 step 6).
struct Trace6DeviceMemory {
  std::string_view device;
  /// The most `used_bytes + free_bytes` (saturating) over the device's samples; 0 without.
  std::uint64_t capacity_bytes = 0;
  /// The device's largest counter, the earliest on ties; 0 at timestamp 0 when it never rose.
  std::uint64_t peak_bytes = 0;
  std::uint64_t peak_timestamp_ns = 0;
  std::uint64_t alloc_count = 0;
  std::uint64_t free_count = 0;
  friend bool operator==(const Trace6DeviceMemory&, const Trace6DeviceMemory&) = default;
};

/// The §9.3 result. Without memory events every field keeps its default (0, "", empty).
struct Trace6MemoryReport {
  std::uint64_t alloc_count = 0;
  std::uint64_t free_count = 0;
  /// Saturating.
  std::uint64_t total_alloc_bytes = 0;
  /// The largest counter of any device after any event (the summary's `peak_bytes`), the
  /// earliest on ties, with its timestamp and device ("" while no counter rose above 0).
  std::uint64_t peak_bytes = 0;
  std::uint64_t peak_timestamp_ns = 0;
  std::string_view peak_device;
  /// The peak device's per-category bytes at the peak.
  CategoryLiveBytes peak_by_category;
  /// The `activation` bytes of the event's device after the first event of a span whose step
  /// is `backward`; 0 without such an event.
  std::uint64_t autograd_retained_bytes = 0;
  /// Every tensor live at the peak, on any device: by bytes descending, then tensor id.
  std::vector<Trace6LiveTensor> peak_breakdown;
  /// Every device of a memory event, ascending byte-wise.
  std::vector<Trace6DeviceMemory> by_device;
  /// One point per memory event, in replay order (timestamp, alloc before free, tensor id).
  std::vector<Trace6MemoryPoint> timeline;
  friend bool operator==(const Trace6MemoryReport&, const Trace6MemoryReport&) = default;
};

/// Replays a trace/6 document's memory events as §9.3 says (any document is accepted: its
/// storage ids are ignored). O(n log n) time, memory linear in the events. No errors.
Trace6MemoryReport AnalyzeTrace6Memory(const TraceDocument& document);

/// The report as one JSON object (docs/legacy-trace6.md §9.3 gives the keys), no trailing
/// newline. No errors.
std::string WriteTrace6MemoryJson(const Trace6MemoryReport& report, const WriteOptions& options = {});

/// The same text written to `out` as it is made. No errors are reported: a failing stream keeps
/// its state (check `out` afterwards) and is written to no further.
void WriteTrace6MemoryJson(const Trace6MemoryReport& report, std::ostream& out,
                           const WriteOptions& options = {});

}  // namespace tracedoc

#endif  // TRACEDOC_TRACE6_MEMORY_HPP_
