// BuildTrace6Report: one replay for the figures and the timeline, and a second one up to the
// peak for the tensors live there.
#include "analysis/trace6_memory.hpp"

namespace tracedoc::analysis {

Trace6MemoryReport BuildTrace6Report(const TraceDocument& document) {
  std::vector<Trace6MemoryPoint> timeline;
  timeline.reserve(document.memory().size());
  Trace6Replay replay = ReplayTrace6Memory(document, [&timeline](const Trace6Step& step) {
    // free_bytes: the capacity is filled in only after the loop, so it is 0 here (§9.3).
    timeline.push_back({step.event.timestamp_ns, step.event.device, step.heap, step.heap, 0,
                        step.by_category});
  });
  Trace6MemoryReport report = std::move(replay.report);
  report.timeline = std::move(timeline);
  if (replay.peak_position) {
    report.peak_breakdown =
        Trace6LiveTensorsAt(document.memory(), replay.order, *replay.peak_position);
  }
  return report;
}

}  // namespace tracedoc::analysis
