// Each device's live bytes over time for the pictures (the timeline's counters, the report's
// curves), whatever the document's revision: trace/10 and trace/9 through DeviceLiveReplay,
// trace/6 through its own replay (§9.3), each device's counter after every timestamp.
#pragma once

#include <cstdint>
#include <functional>
#include <span>

#include "analysis/device_live_replay.hpp"
#include "analysis/memory_replay.hpp"
#include "format/revision_rules.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::analysis {

/// What DeviceLiveReplay's consumer hears after each timestamp.
using DeviceLiveSink = std::function<void(std::uint64_t timestamp,
                                          std::span<const DeviceLiveChange> changes,
                                          std::uint64_t total_live_bytes,
                                          std::uint64_t applied_allocs)>;

/// The trace/6 replay told as DeviceLiveReplay tells the trace/10 one: after each timestamp, the
/// devices its events touched with their counters. `total_live_bytes` is the largest counter
/// after any event of the timestamp, so the largest of them is §9.3's global peak (trace/6
/// peaks are per device, not a sum); `applied_allocs` counts the allocs so far.
void ReplayTrace6DeviceLive(const TraceDocument& document, const DeviceLiveSink& on_timestamp);

/// Runs the replay of the document's revision into `on_timestamp`.
template <class OnTimestamp>
void ReplayDeviceLive(const TraceDocument& document, OnTimestamp& on_timestamp) {
  if (format::RulesOf(document.revision()).legacy_analyses) {
    ReplayTrace6DeviceLive(document, std::ref(on_timestamp));
    return;
  }
  DeviceLiveReplay<OnTimestamp&> replay(on_timestamp);
  ReplayMemory(document, replay);
}

}  // namespace tracedoc::analysis
