#include "report/report_data.hpp"

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "emit/json_emitter.hpp"
#include "emit/json_sink.hpp"
#include "report/units.hpp"
#include "text/utf8.hpp"
#include "timeline/slice_names.hpp"
#include "tracedoc/enums.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::report {
namespace {

// A name or args text longer than this is shortened: the page shows it, it need not carry it
// whole.
constexpr std::size_t kMaxStringBytes = 256;

// Each distinct name or args text once; frames refer to it by index.
class StringTable {
 public:
  std::uint32_t Index(std::string_view text) {
    const auto found = index_.find(text);
    if (found != index_.end()) return found->second;
    const auto index = static_cast<std::uint32_t>(strings_.size());
    strings_.emplace_back(text);
    index_.emplace(strings_.back(), index);
    return index;
  }
  void Write(emit::JsonEmitter& json, emit::JsonSink& sink) const {
    json.BeginArray();
    for (const std::string& text : strings_) {
      json.String(text);
      sink.MaybeFlush();
    }
    json.EndArray();
  }

 private:
  std::deque<std::string> strings_;  // a deque: the keys below view into it, and it never moves
  boost::unordered_flat_map<std::string_view, std::uint32_t, util::SeededHash> index_;
};

std::string Short(std::string_view text) { return text::Shortened(text, kMaxStringBytes); }

// The hover card's lines for a frame: `key=value`, one per line. Only what many frames share (a
// span's kind; an op's shape, dtype and device; an interval's device, stream and backend), so the
// string table holds each combination once: a per-frame id would make every text unique.
std::string ArgsText(const TraceDocument& document, timeline::SliceRef ref) {
  std::string args;
  const auto line = [&](std::string_view key, std::string_view value) {
    if (!args.empty()) args += '\n';
    args += key;
    args += '=';
    args += Short(value);
  };
  switch (ref.kind) {
    case timeline::SliceKind::kSpan: {
      const SpanRecord& span = document.spans()[ref.index];
      line("span_kind", EnumName(span.kind));
      if (!span.closed) line("open", "true (ends at the terminal)");
      break;
    }
    case timeline::SliceKind::kOp: {
      const OpRecord& op = document.ops()[ref.index];
      line("shape", FormatShape(op.shape));
      line("dtype", op.dtype);
      line("device", op.device);
      break;
    }
    case timeline::SliceKind::kDeviceInterval: {
      const DeviceIntervalRecord& interval = document.device_intervals()[ref.index];
      line("device", interval.device);
      line("stream_id", interval.stream_id);
      line("backend", interval.backend);
      break;
    }
  }
  return args;
}

std::uint64_t Duration(const LaneFrame& frame) { return frame.end_ns - frame.start_ns; }

// Which frames are written one by one: all of them, or the `max_frames` longest (earliest in
// row order on ties).
std::vector<bool> KeptFrames(const std::vector<LaneFrame>& frames, std::size_t max_frames) {
  std::vector<bool> kept(frames.size(), frames.size() <= max_frames);
  if (frames.size() <= max_frames) return kept;
  std::vector<std::uint32_t> order(frames.size());
  for (std::uint32_t k = 0; k < order.size(); ++k) order[k] = k;
  const auto longer = [&](std::uint32_t a, std::uint32_t b) {
    const std::uint64_t da = Duration(frames[a]);
    const std::uint64_t db = Duration(frames[b]);
    return da != db ? da > db : a < b;
  };
  std::nth_element(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(max_frames),
                   order.end(), longer);
  for (std::size_t k = 0; k < max_frames; ++k) kept[order[k]] = true;
  return kept;
}

// A curve cut to columns of the window: in each, the lowest and highest points in time order,
// then its last, so that the steps between columns stay where they were and no peak is lost.
std::vector<CurvePoint> ReducedCurve(const std::vector<CurvePoint>& curve,
                                     const TimeWindow& window) {
  if (curve.size() <= 3 * kMemoryColumns) return curve;
  std::vector<CurvePoint> out;
  const double per_column =
      static_cast<double>(std::max<std::uint64_t>(window.span_ns(), 1)) / kMemoryColumns;
  const auto column = [&](const CurvePoint& point) {
    const std::uint64_t at = point.timestamp_ns > window.origin_ns
                                 ? point.timestamp_ns - window.origin_ns : 0;
    return static_cast<std::uint64_t>(static_cast<double>(at) / per_column);
  };
  for (std::size_t first = 0; first < curve.size();) {
    std::size_t last = first;
    std::size_t low = first;
    std::size_t high = first;
    const std::uint64_t here = column(curve[first]);
    while (last < curve.size() && column(curve[last]) == here) {
      if (curve[last].bytes < curve[low].bytes) low = last;
      if (curve[last].bytes > curve[high].bytes) high = last;
      ++last;
    }
    std::vector<std::size_t> picks{first, low, high, last - 1};
    std::sort(picks.begin(), picks.end());
    picks.erase(std::unique(picks.begin(), picks.end()), picks.end());
    for (std::size_t pick : picks) out.push_back(curve[pick]);
    first = last;
  }
  return out;
}

std::uint64_t After(std::uint64_t at, const TimeWindow& window) {
  return at > window.origin_ns ? at - window.origin_ns : 0;
}

void WriteCurve(emit::JsonEmitter& json, std::string_view key, const std::vector<CurvePoint>& curve,
                const TimeWindow& window) {
  json.PlainKey(key).BeginArray();
  for (const CurvePoint& point : ReducedCurve(curve, window)) {
    json.U64(After(point.timestamp_ns, window));
    json.U64(point.bytes);
  }
  json.EndArray();
}

struct FrameColumns {
  std::vector<std::uint32_t> positions;  // into timeline.frames, in its order
  std::vector<std::uint32_t> names;
  std::vector<std::int64_t> args;
};

template <typename Value>
void WriteColumn(emit::JsonEmitter& json, emit::JsonSink& sink, std::string_view key,
                 const FrameColumns& columns, Value value) {
  json.PlainKey(key).BeginArray();
  for (std::size_t k = 0; k < columns.positions.size(); ++k) {
    json.U64(value(k));
    if (k % 4096 == 4095) sink.MaybeFlush();
  }
  json.EndArray();
}

void WriteFrames(emit::JsonEmitter& json, emit::JsonSink& sink, const TraceDocument& document,
                 const ReportTimeline& timeline, const FrameColumns& columns,
                 const TimeWindow& window) {
  const SpanIndex spans = document.span_index();
  const auto frame = [&](std::size_t k) -> const LaneFrame& {
    return timeline.frames[columns.positions[k]];
  };
  json.PlainKey("frames").BeginObject();
  WriteColumn(json, sink, "kind", columns,
              [&](std::size_t k) { return static_cast<std::uint64_t>(frame(k).ref.kind); });
  WriteColumn(json, sink, "row", columns, [&](std::size_t k) { return frame(k).row; });
  WriteColumn(json, sink, "start", columns,
              [&](std::size_t k) { return After(frame(k).start_ns, window); });
  WriteColumn(json, sink, "dur", columns, [&](std::size_t k) { return Duration(frame(k)); });
  WriteColumn(json, sink, "self", columns, [&](std::size_t k) {
    const LaneFrame& f = frame(k);
    if (f.ref.kind != timeline::SliceKind::kSpan) return Duration(f);
    return std::min(Duration(f), spans.self_time_ns(f.ref.index));
  });
  WriteColumn(json, sink, "name", columns, [&](std::size_t k) { return columns.names[k]; });
  json.PlainKey("args").BeginArray();
  for (std::int64_t arg : columns.args) {
    if (arg < 0) {
      json.Raw("-1");
    } else {
      json.U64(static_cast<std::uint64_t>(arg));
    }
  }
  json.EndArray();
  WriteColumn(json, sink, "ref", columns, [&](std::size_t k) { return frame(k).ref.index; });
  json.EndObject();
}

// The frames not written one by one, summed per (row, bucket). The frames come by row, then by
// start, so equal (row, bucket) pairs are neighbours.
void WriteBuckets(emit::JsonEmitter& json, const ReportTimeline& timeline,
                  const std::vector<bool>& kept, const TimeWindow& window) {
  const std::uint64_t width =
      std::max<std::uint64_t>(1, (window.span_ns() + kFrameBuckets - 1) / kFrameBuckets);
  struct Bucket {
    std::uint32_t row;
    std::uint64_t index;
    std::uint64_t count;
    std::uint64_t busy;
  };
  std::vector<Bucket> buckets;
  for (std::size_t k = 0; k < timeline.frames.size(); ++k) {
    if (kept[k]) continue;
    const LaneFrame& frame = timeline.frames[k];
    const std::uint64_t index = After(frame.start_ns, window) / width;
    if (!buckets.empty() && buckets.back().row == frame.row && buckets.back().index == index) {
      ++buckets.back().count;
      buckets.back().busy += Duration(frame);
    } else {
      buckets.push_back(Bucket{frame.row, index, 1, Duration(frame)});
    }
  }
  json.PlainKey("buckets").BeginObject();
  json.PlainKey("width").U64(width);
  const auto column = [&](std::string_view key, auto value) {
    json.PlainKey(key).BeginArray();
    for (const Bucket& bucket : buckets) json.U64(value(bucket));
    json.EndArray();
  };
  column("row", [](const Bucket& b) { return std::uint64_t{b.row}; });
  column("index", [](const Bucket& b) { return b.index; });
  column("count", [](const Bucket& b) { return b.count; });
  column("busy", [](const Bucket& b) { return b.busy; });
  json.EndObject();
}

void WriteMemory(emit::JsonEmitter& json, emit::JsonSink& sink, const MemoryCurves& curves,
                 const TimeWindow& window) {
  json.PlainKey("memory").BeginArray();
  for (const DeviceCurves& device : curves.devices) {
    json.BeginObject();
    json.PlainKey("device").String(Short(device.device));
    WriteCurve(json, "logical", device.logical, window);
    WriteCurve(json, "used", device.used, window);
    WriteCurve(json, "reserved", device.reserved, window);
    json.EndObject();
    sink.MaybeFlush();
  }
  json.EndArray();
}

}  // namespace

TimeWindow ReportWindow(const ReportTimeline& timeline, const MemoryCurves& curves) {
  bool any = curves.last_ns != 0 || curves.first_ns != 0;
  TimeWindow window{curves.first_ns, curves.last_ns};
  for (const LaneFrame& frame : timeline.frames) {
    window.origin_ns = any ? std::min(window.origin_ns, frame.start_ns) : frame.start_ns;
    window.end_ns = any ? std::max(window.end_ns, frame.end_ns) : frame.end_ns;
    any = true;
  }
  window.end_ns = std::max(window.end_ns, window.origin_ns);
  return window;
}

void WriteReportData(std::ostream& out, const TraceDocument& document,
                     const ReportTimeline& timeline, const MemoryCurves& curves,
                     const std::optional<PeakMark>& peak, const TimeWindow& window,
                     std::size_t max_frames) {
  out << "<script type=\"application/json\" id=\"tracedoc-report-data\">";
  {
    // Inside a script element `</script` would end it: `<`, `>` and `&` only occur in JSON
    // strings, where their \u escapes mean the same.
    emit::JsonSink sink(
        [&out](std::string_view chunk) {
          std::size_t from = 0;
          for (std::size_t k = 0; k < chunk.size(); ++k) {
            const char c = chunk[k];
            if (c != '<' && c != '>' && c != '&') continue;
            out.write(chunk.data() + from, static_cast<std::streamsize>(k - from));
            out << (c == '<' ? "\\u003c" : c == '>' ? "\\u003e" : "\\u0026");
            from = k + 1;
          }
          out.write(chunk.data() + from, static_cast<std::streamsize>(chunk.size() - from));
        },
        false);
    emit::JsonEmitter json(sink);
    const std::vector<bool> kept = KeptFrames(timeline.frames, max_frames);
    StringTable strings;
    FrameColumns columns;
    const timeline::SliceNames names(document);
    std::string buffer;
    for (std::size_t k = 0; k < timeline.frames.size(); ++k) {
      if (!kept[k]) continue;
      const LaneFrame& frame = timeline.frames[k];
      columns.positions.push_back(static_cast<std::uint32_t>(k));
      columns.names.push_back(strings.Index(Short(names.Name(frame.ref, buffer))));
      const std::string args = ArgsText(document, frame.ref);
      columns.args.push_back(args.empty() ? -1 : std::int64_t{strings.Index(args)});
    }

    json.BeginObject();
    json.PlainMember("format", kReportDataFormat);
    json.PlainKey("run_id").String(Short(document.run().run_id));
    json.PlainKey("origin_ns").String(std::to_string(window.origin_ns));
    json.PlainKey("end").U64(window.span_ns());
    json.PlainKey("processes").BeginArray();
    for (const std::string& process : timeline.processes) json.String(Short(process));
    json.EndArray();
    json.PlainKey("lanes").BeginArray();
    for (const Lane& lane : timeline.lanes) {
      json.BeginArray();
      json.U64(lane.process);
      json.String(Short(lane.track));
      json.U64(lane.depth);
      json.EndArray();
      sink.MaybeFlush();
    }
    json.EndArray();
    json.PlainKey("strings");
    strings.Write(json, sink);
    WriteFrames(json, sink, document, timeline, columns, window);
    json.PlainKey("frames_total").U64(timeline.frames.size());
    WriteBuckets(json, timeline, kept, window);
    WriteMemory(json, sink, curves, window);
    json.PlainKey("peak");
    if (peak) {
      json.BeginObject();
      json.PlainKey("at").U64(After(peak->timestamp_ns, window));
      json.PlainKey("bytes").U64(peak->bytes);
      json.PlainKey("device").String(Short(peak->device));
      json.EndObject();
    } else {
      json.Null();
    }
    json.EndObject();
    sink.Finish();
  }
  out << "</script>\n";
}

}  // namespace tracedoc::report
