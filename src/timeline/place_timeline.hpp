// The placement both timeline exports share: the run's process (pid 1) with its span tracks, a
// process per rank of a converted TraceML export (pids from 2), then a process per device with
// its stream tracks. Kept in one place so that the Chrome and speedscope exports name and order
// their tracks alike.
#pragma once

#include "timeline/device_processes.hpp"
#include "timeline/timeline_output.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::timeline {

/// What the placement includes.
struct TimelineContent {
  bool ops = true;
  bool device_intervals = true;
  /// Devices that only memory names get a process too (for the Chrome export's counters).
  bool memory_devices = true;
};

/// The run's process track and the device processes, once every slice is handed to `output`.
struct PlacedTimeline {
  Track run;
  DeviceProcesses devices;
};

PlacedTimeline PlaceTimeline(const TraceDocument& document, const TimelineContent& content,
                             TimelineOutput& output);

}  // namespace tracedoc::timeline
