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

#include "text/utf8.hpp"
#include "timeline/nested_tracks.hpp"
#include "util/saturating.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::timeline {
namespace {

// The longest span name a device interval's event repeats (docs/chrome-trace.md).
constexpr std::size_t kMaxNameBytes = 128;

class IntervalWriter final : public SliceEndWriter {
 public:
  IntervalWriter(const TraceDocument& document, TraceEventWriter& events)
      : document_(document), spans_(document.span_index()), events_(events) {}

  void WriteGroup(std::span<const std::uint32_t> group, std::uint32_t pid) {
    const DeviceIntervalRecord& first = document_.device_intervals()[group.front()];
    NestedTracks tracks(pid, "stream " + std::string(first.stream_id), events_, *this);
    for (const std::uint32_t i : group) {
      const DeviceIntervalRecord& interval = document_.device_intervals()[i];
      const std::uint64_t end = util::SaturatingAdd(interval.start_ns, interval.duration_ns);
      const std::string_view name = Name(interval, begin_name_);
      if (end == interval.start_ns) {
        const Track track = tracks.track(tracks.TrackForInstant(interval.start_ns));
        events_.BeginThreadInstant(name, "device", track, interval.start_ns);
      } else {
        const OpenSlice slice{end, util::HashBytes(name), 0, i};
        const Track track = tracks.track(tracks.PlaceFree(interval.start_ns, slice).track);
        events_.BeginSliceStart(name, "device", track, interval.start_ns);
      }
      WriteArgs(interval);
      events_.End();
    }
    tracks.Finish();
  }

  void WriteEnd(const OpenSlice& slice, Track track) override {
    const DeviceIntervalRecord& interval = document_.device_intervals()[slice.index];
    events_.BeginSliceEnd(Name(interval, end_name_), "device", track, slice.end_ns);
    WriteArgs(interval);
    events_.End();
  }

 private:
  // Named after the span that launched it, when the span is known: its name shortened, since one
  // span may launch any number of intervals and each would repeat all of it. Kept in `buffer`:
  // a B's name must outlive the E's its placement writes, which have a buffer of their own.
  std::string_view Name(const DeviceIntervalRecord& interval, std::string& buffer) {
    const auto span = spans_.Find(interval.span_id);
    if (!span) return interval.span_id;
    buffer = text::Shortened(document_.spans()[*span].name, kMaxNameBytes);
    return buffer;
  }

  void WriteArgs(const DeviceIntervalRecord& interval) {
    emit::JsonEmitter& json = events_.json();
    json.PlainKey("args").BeginObject();
    json.PlainKey("span_id").String(interval.span_id);
    json.PlainKey("stream_id").String(interval.stream_id);
    json.PlainKey("clock_id").String(interval.clock_id);
    json.PlainKey("backend").String(interval.backend);
    json.EndObject();
  }

  const TraceDocument& document_;
  const SpanIndex spans_;
  TraceEventWriter& events_;
  std::string begin_name_;
  std::string end_name_;
};

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
  IntervalWriter writer(document, events);
  for (std::size_t begin = 0; begin < order.size();) {
    const DeviceIntervalRecord& first = intervals[order[begin]];
    std::size_t end = begin;
    while (end < order.size() && intervals[order[end]].device == first.device &&
           intervals[order[end]].stream_id == first.stream_id) {
      ++end;
    }
    writer.WriteGroup(std::span<const std::uint32_t>(order).subspan(begin, end - begin),
                      processes.Of(first.device).pid);
    begin = end;
  }
}

}  // namespace tracedoc::timeline
