// The memory replay of candle-graph/trace/6 (docs/legacy-trace6.md §9.3), which feeds the
// trace/6 summary's `peak_bytes`, AnalyzeMemory's trace/6 report and the pictures: events sorted
// by (timestamp, alloc before free, tensor id), a counter per device, live allocations keyed by
// tensor id alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "emit/json_emitter.hpp"
#include "tracedoc/document.hpp"
#include "tracedoc/memory.hpp"

namespace tracedoc::analysis {

/// The memory events' positions in replay order. Stable: events equal in all three keys keep
/// their input order.
std::vector<std::uint32_t> Trace6ReplayOrder(RecordList<MemoryRecord> events);

/// The state after one event, as the replay hands it on.
struct Trace6Step {
  const MemoryRecord& event;
  /// The device's number, in first-seen order.
  std::uint32_t device = 0;
  /// The device's live counter and category map after the event.
  std::uint64_t heap = 0;
  const CategoryLiveBytes& by_category;
};
using Trace6StepSink = std::function<void(const Trace6Step&)>;

/// What one replay finds: the report without its timeline and peak breakdown, the replay
/// order, and the position in it of the event that set the global peak (None while no
/// counter rose above 0).
struct Trace6Replay {
  Trace6MemoryReport report;
  std::vector<std::uint32_t> order;
  std::optional<std::size_t> peak_position;
};

/// Replays the document's memory events, calling `on_step` (if set) after each. O(n log n).
Trace6Replay ReplayTrace6Memory(const TraceDocument& document,
                                const Trace6StepSink& on_step = nullptr);

/// The tensors live after the event at `peak_position` of `order`, sorted as the report's
/// peak_breakdown: a second replay of the live map alone, so the breakdown is made once and
/// not at every new peak (a rising run of allocs would make that quadratic).
std::vector<Trace6LiveTensor> Trace6LiveTensorsAt(RecordList<MemoryRecord> events,
                                                  std::span<const std::uint32_t> order,
                                                  std::size_t peak_position);

/// AnalyzeMemory's trace/6 report: one replay for the figures and the timeline, and a second
/// one up to the peak for the tensors live there.
Trace6MemoryReport BuildTrace6Report(const TraceDocument& document);

/// The report as one JSON object (docs/legacy-trace6.md §9.3 gives the keys): what
/// WriteMemoryProfileJson writes for a trace/6 profile or document.
void EmitTrace6Report(emit::JsonEmitter& json, const Trace6MemoryReport& report);

}  // namespace tracedoc::analysis
