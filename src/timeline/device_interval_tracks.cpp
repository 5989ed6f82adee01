// Intervals are grouped by (device, stream) and placed in start order; within a stream, an
// interval overlapping an earlier one goes on the stream's next track that is free by then, so
// each track nests (here: never overlaps) as viewers require. Each is a B/E pair (a zero-length
// one an instant), named after the span that launched it.
#include "timeline/device_interval_tracks.hpp"

#include <algorithm>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include "timeline/nested_tracks.hpp"
#include "timeline/slice_names.hpp"
#include "util/saturating.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::timeline {
namespace {

// Places the intervals of one (device, stream), in start order, on that stream's tracks.
void PlaceGroup(const TraceDocument& document, std::span<const std::uint32_t> group,
                std::uint32_t pid, const SliceNames& names, TimelineOutput& output) {
  const DeviceIntervalRecord& first = document.device_intervals()[group.front()];
  NestedTracks tracks(pid, "stream " + std::string(first.stream_id), output);
  std::string name;
  for (const std::uint32_t i : group) {
    const DeviceIntervalRecord& interval = document.device_intervals()[i];
    const std::uint64_t end = util::SaturatingAdd(interval.start_ns, interval.duration_ns);
    const SliceRef ref{SliceKind::kDeviceInterval, i};
    if (end == interval.start_ns) {
      output.Instant(ref, tracks.track(tracks.TrackForInstant(interval.start_ns)),
                     interval.start_ns);
    } else {
      tracks.PlaceFree(interval.start_ns, {end, util::HashBytes(names.Name(ref, name)), ref});
    }
  }
  tracks.Finish();
}

}  // namespace

void WriteDeviceIntervalTracks(const TraceDocument& document, const DeviceProcesses& processes,
                               TimelineOutput& output) {
  const RecordList<DeviceIntervalRecord> intervals = document.device_intervals();
  std::vector<std::uint32_t> order(intervals.size());
  std::iota(order.begin(), order.end(), std::uint32_t{0});
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    const DeviceIntervalRecord& x = intervals[a];
    const DeviceIntervalRecord& y = intervals[b];
    if (x.device != y.device) return x.device < y.device;
    if (x.stream_id != y.stream_id) return x.stream_id < y.stream_id;
    if (x.start_ns != y.start_ns) return x.start_ns < y.start_ns;
    return a < b;
  });
  const SliceNames names(document);
  for (std::size_t begin = 0; begin < order.size();) {
    const DeviceIntervalRecord& first = intervals[order[begin]];
    std::size_t end = begin;
    while (end < order.size() && intervals[order[end]].device == first.device &&
           intervals[order[end]].stream_id == first.stream_id) {
      ++end;
    }
    PlaceGroup(document, std::span<const std::uint32_t>(order).subspan(begin, end - begin),
               processes.Of(first.device).pid, names, output);
    begin = end;
  }
}

}  // namespace tracedoc::timeline
