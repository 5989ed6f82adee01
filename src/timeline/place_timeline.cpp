#include "timeline/place_timeline.hpp"

#include <span>
#include <string>
#include <vector>

#include "timeline/device_interval_tracks.hpp"
#include "timeline/span_tracks.hpp"

namespace tracedoc::timeline {

PlacedTimeline PlaceTimeline(const TraceDocument& document, const TimelineContent& content,
                             TimelineOutput& output) {
  constexpr std::uint32_t kRunPid = 1;
  const Track run{kRunPid, output.NewTid()};
  output.ProcessName(run, "run " + std::string(document.run().run_id));
  const std::span<const RankSpan> ranks = document.converted_facts().ranks;
  WriteSpanTracks(document, content.ops, kRunPid, ranks, output);
  PlacedTimeline placed{run, DeviceProcesses(document, content.device_intervals,
                                             content.memory_devices,
                                             kRunPid + 1 + static_cast<std::uint32_t>(ranks.size()),
                                             output)};
  if (content.device_intervals) WriteDeviceIntervalTracks(document, placed.devices, output);
  return placed;
}

}  // namespace tracedoc::timeline
