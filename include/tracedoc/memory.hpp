// Memory analysis (docs/analyses.md §5): the logical plane from `memory` events, the physical plane
// from `device_memory` samples, and memory attributed to graph nodes. Reads a TraceDocument.
#ifndef TRACEDOC_MEMORY_HPP_
#define TRACEDOC_MEMORY_HPP_

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "tracedoc/document.hpp"
#include "tracedoc/enums.hpp"
#include "tracedoc/event.hpp"
#include "tracedoc/write_options.hpp"

namespace tracedoc {

// Every string_view and ArrayView in the results below refers to the analysed document's
// storage: keep the document (or a copy of it, which shares that storage) alive while using them.

/// The number of MemoryCategory values.
inline constexpr std::size_t kMemoryCategoryCount = 5;

/// The category a tensor's memory falls in, from the step that produced it (§5.2): backward →
/// gradient, optimizer → optimizer, forward → activation; without a step, parameter when it
/// requires a gradient, else activation. Never `other`. No errors.
MemoryCategory CategoryForStep(std::optional<ExecutionStep> step, bool requires_grad) noexcept;

/// One entry of a live-bytes-by-device map.
struct DeviceLiveBytes {
  std::string_view device;
  std::uint64_t bytes = 0;
  friend bool operator==(const DeviceLiveBytes&, const DeviceLiveBytes&) = default;
};

/// A live-bytes-by-device map, ascending byte-wise by device. Up to two devices (the usual host
/// and accelerator) are held inline, so such a timeline point costs no allocation; more inline
/// slots would make every point of a million-point timeline bigger for the rare run with more.
using DeviceLiveBytesList = boost::container::small_vector<DeviceLiveBytes, 2>;

/// The tensor ids of one storage, ascending byte-wise and unique. Nearly always one (the
/// allocating tensor also frees it), which is held inline.
using TensorIdList = boost::container::small_vector<std::string_view, 1>;

/// A live-bytes-by-category map: a category has a value while at least one storage of that
/// category is live (the value may be 0 for 0-byte storages). JSON lists the present categories
/// in byte-wise name order.
class CategoryLiveBytes {
 public:
  /// The live bytes of `category`, None when none of its storages is live.
  std::optional<std::uint64_t> operator[](MemoryCategory category) const noexcept {
    const std::size_t i = static_cast<std::size_t>(category);
    if ((present_ & (1u << i)) == 0) return std::nullopt;
    return bytes_[i];
  }
  /// Gives `category` the value `bytes`.
  void Set(MemoryCategory category, std::uint64_t bytes) noexcept {
    const std::size_t i = static_cast<std::size_t>(category);
    bytes_[i] = bytes;
    present_ = static_cast<std::uint8_t>(present_ | (1u << i));
  }
  friend bool operator==(const CategoryLiveBytes&, const CategoryLiveBytes&) = default;

 private:
  // A bit per category says whether it has a value; absent values stay 0, so the defaulted
  // equality is map equality. Half the size of five optionals, and there is one per point.
  std::array<std::uint64_t, kMemoryCategoryCount> bytes_{};
  std::uint8_t present_ = 0;
};

/// One storage from its applied alloc to its matched free (§5.3, LogicalStorageLifetime).
struct LogicalStorageLifetime {
  std::string_view device;
  std::string_view storage_id;
  /// Every tensor id that allocated, aliased or freed the storage: ascending byte-wise, unique.
  TensorIdList tensor_ids;
  std::string_view allocation_span_id;
  /// Written as `null` when None.
  std::optional<std::string_view> op_name;
  /// The allocating event's values; a later alias's bytes and the free's bytes are ignored.
  std::uint64_t bytes = 0;
  ArrayView<std::uint64_t> shape;
  std::string_view dtype;
  MemoryCategory category = MemoryCategory::kOther;
  std::uint64_t start_timestamp_ns = 0;
  /// None while the storage is still live.
  std::optional<std::uint64_t> end_timestamp_ns;
  friend bool operator==(const LogicalStorageLifetime&, const LogicalStorageLifetime&) = default;
};

/// The state after all events of one timestamp (LogicalMemoryTimelinePoint). Sums saturate.
struct LogicalMemoryTimelinePoint {
  std::uint64_t timestamp_ns = 0;
  std::uint64_t live_bytes = 0;
  /// Only devices with a live storage.
  DeviceLiveBytesList live_bytes_by_device;
  CategoryLiveBytes live_bytes_by_category;
  friend bool operator==(const LogicalMemoryTimelinePoint&,
                         const LogicalMemoryTimelinePoint&) = default;
};

/// The timeline point with the most live bytes, the earliest on ties (LogicalMemoryPeak).
struct LogicalMemoryPeak {
  std::uint64_t timestamp_ns = 0;
  std::uint64_t live_bytes = 0;
  DeviceLiveBytesList live_bytes_by_device;
  CategoryLiveBytes live_bytes_by_category;
  /// The storages live at the peak, as lifetimes without an end, sorted by (start, device,
  /// storage id); `tensor_ids` holds the ids known at the peak.
  std::vector<LogicalStorageLifetime> live_allocations;
  friend bool operator==(const LogicalMemoryPeak&, const LogicalMemoryPeak&) = default;
};

/// Per-device counts of the logical plane (LogicalDeviceMemoryStats).
struct LogicalDeviceMemoryStats {
  std::string_view device;
  std::uint64_t storage_allocation_count = 0;
  std::uint64_t matched_storage_free_count = 0;
  /// Saturating.
  std::uint64_t total_allocated_bytes = 0;
  /// Both present exactly when the device had an applied alloc; earliest timestamp on ties.
  std::optional<std::uint64_t> peak_live_bytes;
  std::optional<std::uint64_t> peak_timestamp_ns;
  friend bool operator==(const LogicalDeviceMemoryStats&,
                         const LogicalDeviceMemoryStats&) = default;
};

/// The logical plane (§5.3): storages keyed by (device, storage id), replayed in timestamp order.
struct LogicalMemoryProfile {
  std::uint64_t storage_allocation_count = 0;
  std::uint64_t matched_storage_free_count = 0;
  /// Saturating.
  std::uint64_t total_allocated_bytes = 0;
  /// None only when no alloc was ever applied.
  std::optional<LogicalMemoryPeak> peak;
  /// Exactly one point per distinct timestamp, ascending.
  std::vector<LogicalMemoryTimelinePoint> timeline;
  /// Every applied alloc, sorted by (start, device, storage id).
  std::vector<LogicalStorageLifetime> lifetimes;
  /// Every device of any memory event (ignored frees included), ascending byte-wise.
  std::vector<LogicalDeviceMemoryStats> by_device;
  friend bool operator==(const LogicalMemoryProfile&, const LogicalMemoryProfile&) = default;
};

/// One `device_memory` sample, values copied as they are (PhysicalMemoryTimelinePoint).
struct PhysicalMemoryTimelinePoint {
  std::uint64_t timestamp_ns = 0;
  std::string_view device;
  std::optional<std::uint64_t> used_bytes;
  std::optional<std::uint64_t> free_bytes;
  std::optional<std::uint64_t> reserved_bytes;
  std::optional<std::uint64_t> capacity_bytes;
  friend bool operator==(const PhysicalMemoryTimelinePoint&,
                         const PhysicalMemoryTimelinePoint&) = default;
};

/// What one device's samples report (PhysicalDeviceMemoryStats). Each optional is None when no
/// sample has the underlying value; nothing is derived from the other values.
struct PhysicalDeviceMemoryStats {
  std::string_view device;
  std::uint64_t sample_count = 0;
  std::uint64_t used_sample_count = 0;
  std::uint64_t free_sample_count = 0;
  std::uint64_t reserved_sample_count = 0;
  std::uint64_t capacity_sample_count = 0;
  /// Maxima and the minimum keep the earliest timestamp on ties.
  std::optional<std::uint64_t> peak_used_bytes;
  std::optional<std::uint64_t> peak_used_timestamp_ns;
  std::optional<std::uint64_t> peak_reserved_bytes;
  std::optional<std::uint64_t> peak_reserved_timestamp_ns;
  std::optional<std::uint64_t> minimum_free_bytes;
  std::optional<std::uint64_t> minimum_free_timestamp_ns;
  std::optional<std::uint64_t> maximum_observed_capacity_bytes;
  friend bool operator==(const PhysicalDeviceMemoryStats&,
                         const PhysicalDeviceMemoryStats&) = default;
};

/// The physical plane (§5.4).
struct PhysicalMemoryProfile {
  /// Every sample, stable-sorted by (timestamp, device).
  std::vector<PhysicalMemoryTimelinePoint> timeline;
  /// One entry per device, ascending byte-wise.
  std::vector<PhysicalDeviceMemoryStats> by_device;
  friend bool operator==(const PhysicalMemoryProfile&, const PhysicalMemoryProfile&) = default;
};

// A legacy candle-graph/trace/6 document's memory (docs/legacy-trace6.md §9.3): one replay of
// the memory events keyed by tensor id, in place of the two planes.

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

/// Both planes of a trace/10 (or trace/9) document, or a trace/6 document's own report; a part
/// that was not observed is None, never zeros.
struct MemoryProfile {
  /// None when the document has no `memory` events, and for a trace/6 document.
  std::optional<LogicalMemoryProfile> logical;
  /// None when the document has no `device_memory` samples, and for a trace/6 document.
  std::optional<PhysicalMemoryProfile> physical;
  /// Set exactly for a trace/6 document (even without memory events: every figure 0); its
  /// JSON is then trace/6's (docs/legacy-trace6.md §9.3) and the planes are not written.
  std::optional<Trace6MemoryReport> trace6;
  friend bool operator==(const MemoryProfile&, const MemoryProfile&) = default;
};

/// Analyses both memory planes, or for a trace/6 document replays its memory events as §9.3
/// says. Work is O(log n) per memory event and per sample, plus the size of the timeline it
/// returns. No errors.
MemoryProfile AnalyzeMemory(const TraceDocument& document);

/// The logical plane alone (None without memory events). No errors.
std::optional<LogicalMemoryProfile> AnalyzeLogicalMemory(const TraceDocument& document);

/// The physical plane alone (None without device_memory samples). No errors.
std::optional<PhysicalMemoryProfile> AnalyzePhysicalMemory(const TraceDocument& document);

/// The profile as one JSON object in the reference's key order and omission rules (`{}` with
/// neither plane; with `trace6` set, the keys of docs/legacy-trace6.md §9.3); no trailing
/// newline. No errors.
std::string WriteMemoryProfileJson(const MemoryProfile& profile, const WriteOptions& options = {});

/// The same text written to `out` as it is made. No errors are reported: a failing stream keeps
/// its state (check `out` afterwards) and is written to no further.
void WriteMemoryProfileJson(const MemoryProfile& profile, std::ostream& out,
                            const WriteOptions& options = {});

/// The text of AnalyzeMemory(document) (for trace/6, its report's), written to `out` as it is
/// produced without the profile being held: memory stays in proportion to the document however
/// large the text (the logical timeline lists every live device at every point, which can be
/// quadratic in the input). No errors are reported; a failing stream keeps its state, as above.
void WriteMemoryProfileJson(const TraceDocument& document, std::ostream& out,
                            const WriteOptions& options = {});

/// Memory attributed to one graph node (§5.5, NodeMemoryMetrics); each field None when unknown.
struct NodeMemoryMetrics {
  std::optional<std::uint64_t> direct_allocated_bytes;
  std::optional<std::uint64_t> subtree_peak_live_bytes;
  std::optional<std::uint64_t> subtree_residual_bytes;
  std::optional<std::uint64_t> output_dense_bytes;
  friend bool operator==(const NodeMemoryMetrics&, const NodeMemoryMetrics&) = default;
};

/// Names an op node: the `op_index`-th op (0-based, in document order) of span `span_id`.
struct OpNodeKey {
  std::string_view span_id;
  std::uint64_t op_index = 0;
  friend auto operator<=>(const OpNodeKey&, const OpNodeKey&) = default;
};

/// The graph builder's op node ids. An op without an entry is named `{span_id}/op/{n}` and takes
/// no part in op-level attribution.
using OpNodeIds = std::map<OpNodeKey, std::string>;

/// Memory per graph node (§5.5), keyed by node id: every span (by span id) and every op node
/// has an entry, possibly with all fields None. `logical` must be the document's logical plane
/// (AnalyzeLogicalMemory), so a caller that has it need not compute it again. No errors.
std::map<std::string, NodeMemoryMetrics, std::less<>> ComputeNodeMemoryMetrics(
    const TraceDocument& document, const OpNodeIds& op_node_ids,
    const std::optional<LogicalMemoryProfile>& logical);

/// As above, computing the logical plane itself. No errors.
std::map<std::string, NodeMemoryMetrics, std::less<>> ComputeNodeMemoryMetrics(
    const TraceDocument& document, const OpNodeIds& op_node_ids);

}  // namespace tracedoc

#endif  // TRACEDOC_MEMORY_HPP_
