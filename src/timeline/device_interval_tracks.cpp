// Intervals are grouped by (device, stream) and placed in start order; within a stream, an
// interval overlapping an earlier one goes on the stream's next track that is free by then, so
// each track nests (here: never overlaps) as viewers require.
#include "timeline/device_interval_tracks.hpp"

#include <algorithm>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include "text/utf8.hpp"
#include "timeline/track_pool.hpp"
#include "util/saturating.hpp"

namespace tracedoc::timeline {
namespace {

// The longest span name a device interval's event repeats (docs/chrome-trace.md).
constexpr std::size_t kMaxNameBytes = 128;

void WriteInterval(const DeviceIntervalRecord& interval, std::string_view name, Track track,
                   TraceEventWriter& events) {
  const std::uint64_t end = util::SaturatingAdd(interval.start_ns, interval.duration_ns);
  events.BeginComplete(name, "device", track, interval.start_ns, end - interval.start_ns);
  emit::JsonEmitter& json = events.json();
  json.PlainKey("args").BeginObject();
  json.PlainKey("span_id").String(interval.span_id);
  json.PlainKey("stream_id").String(interval.stream_id);
  json.PlainKey("clock_id").String(interval.clock_id);
  json.PlainKey("backend").String(interval.backend);
  json.EndObject();
  events.End();
}

}  // namespace

void WriteDeviceIntervalTracks(const TraceDocument& document, const DeviceProcesses& processes,
                               TraceEventWriter& events) {
  const std::span<const DeviceIntervalRecord> intervals = document.device_intervals();
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
  const SpanIndex spans = document.span_index();
  for (std::size_t begin = 0; begin < order.size();) {
    const DeviceIntervalRecord& first = intervals[order[begin]];
    const std::uint32_t pid = processes.Of(first.device).pid;
    ThreadTracks tracks(pid, "stream " + std::string(first.stream_id));
    std::size_t end = begin;
    for (; end < order.size() && intervals[order[end]].device == first.device &&
           intervals[order[end]].stream_id == first.stream_id;
         ++end) {
      const DeviceIntervalRecord& interval = intervals[order[end]];
      const Track track{
          pid, tracks.Place(interval.start_ns,
                       util::SaturatingAdd(interval.start_ns, interval.duration_ns), events)};
      // Named after the span that launched it, when the span is known: its name shortened, since
      // one span may launch any number of intervals and each would repeat all of it.
      const auto span = spans.Find(interval.span_id);
      if (span) {
        WriteInterval(interval, text::Shortened(document.spans()[*span].name, kMaxNameBytes),
                      track, events);
      } else {
        WriteInterval(interval, interval.span_id, track, events);
      }
    }
    begin = end;
  }
}

}  // namespace tracedoc::timeline
