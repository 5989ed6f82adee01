// The device intervals as slices on their device's process, one track per stream (more
// where intervals of one stream overlap), each named `stream ID`.
#pragma once

#include "timeline/device_processes.hpp"
#include "timeline/timeline_output.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::timeline {

/// Writes every device interval of `document`. Time O(n log n), memory 4 bytes per interval.
void WriteDeviceIntervalTracks(const TraceDocument& document, const DeviceProcesses& processes,
                               TimelineOutput& output);

}  // namespace tracedoc::timeline
