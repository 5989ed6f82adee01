// The logical memory plane (docs/analyses.md §5.3): memory events replayed in timestamp order into
// live storages, a timeline, a peak, lifetimes and per-device records.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>

#include "tracedoc/document.hpp"
#include "tracedoc/event.hpp"
#include "tracedoc/memory.hpp"

namespace tracedoc::analysis {

/// What the summary needs from the memory events, in one pass over them.
struct MemoryEventTally {
  /// Raw `alloc` and `free` events, applied or not.
  std::uint64_t alloc_events = 0;
  std::uint64_t free_events = 0;
  /// The plane's `peak.live_bytes`; None without events or when no alloc was applied.
  std::optional<std::uint64_t> peak_live_bytes;
};

/// The plane built from `events` (in input order); None when there are none. O(log n) per
/// event plus the size of the timeline. With `tally`, also fills it from the same replay, so a
/// caller wanting both the summary and the plane reads the events once.
std::optional<LogicalMemoryProfile> BuildLogicalPlane(RecordList<MemoryRecord> events,
                                                      MemoryEventTally* tally = nullptr);

/// Receives timeline points in order; the point it is given is overwritten after the call.
using TimelinePointSink = std::function<void(const LogicalMemoryTimelinePoint&)>;

/// BuildLogicalPlane with an empty `timeline`, everything else (peak included) the same: for a
/// writer that streams the timeline with ReplayLogicalTimeline instead of holding it.
std::optional<LogicalMemoryProfile> BuildLogicalPlaneWithoutTimeline(
    RecordList<MemoryRecord> events);

/// What the page draws from AnalyzeMemory(document) (the revision picks which): the logical
/// plane without its timeline (the page replays that into its curves), or a trace/6 document's
/// report. The physical plane is left None: a caller that draws the samples builds it for any
/// revision. No errors.
MemoryProfile AnalyzeMemoryWithoutTimelines(const TraceDocument& document);

/// Replays `events` and hands each of the plane's timeline points to `sink`, building nothing
/// else: memory for the live storages and one point, whatever the timeline's size.
void ReplayLogicalTimeline(RecordList<MemoryRecord> events, const TimelinePointSink& sink);

/// Counts the events and finds the logical peak without building the timeline, lifetimes or
/// per-device records.
MemoryEventTally TallyMemoryEvents(RecordList<MemoryRecord> events);

}  // namespace tracedoc::analysis
