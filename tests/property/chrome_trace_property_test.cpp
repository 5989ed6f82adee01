// Properties of the Chrome Trace Event export on generated traces (docs/chrome-trace.md): every
// export is sound (three decimals, strict nesting per track, every process and thread named),
// shows each span, op and device interval exactly once, and its memory counters and peaks agree
// with the memory analysis at every timeline point; the speedscope export holds the same tracks.
#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "property/generated_trace_case.hpp"
#include "property/property_case_count.hpp"
#include "support/chrome_trace_events.hpp"
#include "support/speedscope_file.hpp"
#include "tracedoc/chrome_trace.hpp"
#include "tracedoc/memory.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/speedscope.hpp"

namespace tracedoc::property {
namespace {

testing::ExportedTrace Exported(const TraceDocument& document) {
  const std::string text = ExportChromeTrace(document);
  RC_LOG() << "export:\n" << text << '\n';
  testing::ExportedTrace trace = testing::ReadExportedTrace(text);
  for (const std::string& problem : trace.problems) RC_FAIL(problem);
  return trace;
}

RC_GTEST_PROP(ChromeTraceProperty, EveryRecordIsShownOnceOnNestedNamedTracks, ()) {
  const TraceDocument document = GeneratedDocument();
  const testing::ExportedTrace trace = Exported(document);
  RC_ASSERT(trace.Select("X", "span").size() == document.spans().size());
  RC_ASSERT(trace.Select("X", "op").size() == document.ops().size());
  RC_ASSERT(trace.Select("X", "device").size() == document.device_intervals().size());
  std::size_t open = 0;
  for (const SpanRecord& span : document.spans()) open += span.closed ? 0 : 1;
  std::size_t shown_open = 0;
  for (const testing::ExportedEvent* span : trace.Select("X", "span")) {
    if (span->args.contains("open")) {
      ++shown_open;
      RC_ASSERT(span->End() >= document.terminal().timestamp_ns);
    }
  }
  RC_ASSERT(shown_open == open);
  RC_ASSERT(trace.Select("i").size() >= 1u);  // the terminal at least
}

// The speedscope export (docs/speedscope.md) holds the Chrome export's tracks, slice for slice,
// and replays as speedscope's importer replays it.
RC_GTEST_PROP(ChromeTraceProperty, TheSpeedscopeExportHoldsTheSameTracksAndReplays, ()) {
  const TraceDocument document = GeneratedDocument();
  const std::string text = ExportSpeedscope(document);
  RC_LOG() << "speedscope export:\n" << text << '\n';
  const testing::SpeedscopeFile file = testing::ReadSpeedscopeFile(text);
  for (const std::string& problem : file.problems) RC_FAIL(problem);
  RC_ASSERT(testing::ProfileEdges(file) == testing::ChromeTrackEdges(Exported(document)));
}

RC_GTEST_PROP(ChromeTraceProperty, CountersAndPeaksAgreeWithTheMemoryAnalysis, ()) {
  const TraceDocument document = GeneratedDocument();
  const testing::ExportedTrace trace = Exported(document);
  const std::optional<LogicalMemoryProfile> plane = AnalyzeLogicalMemory(document);
  RC_TAG(plane ? "memory" : "no memory");
  // The live bytes each counter says, per device, over time.
  std::map<std::string, std::map<std::uint64_t, std::uint64_t>> said;
  for (const testing::ExportedEvent* counter : trace.Select("C")) {
    if (counter->name != "logical memory") continue;
    const std::string device = trace.process_names.at(counter->pid).substr(7);  // "device "
    said[device][*counter->ts_ns] = counter->args.at("live_bytes").to_number<std::uint64_t>();
  }
  if (!plane) {
    RC_ASSERT(said.empty());
    return;
  }
  for (const LogicalMemoryTimelinePoint& point : plane->timeline) {
    for (const LogicalDeviceMemoryStats& device : plane->by_device) {
      std::uint64_t expected = 0;
      for (const DeviceLiveBytes& live : point.live_bytes_by_device) {
        if (live.device == device.device) expected = live.bytes;
      }
      const auto& values = said[std::string(device.device)];
      const auto after = values.upper_bound(point.timestamp_ns);
      const std::uint64_t shown = after == values.begin() ? 0 : std::prev(after)->second;
      RC_ASSERT(shown == expected);
    }
  }
  std::map<std::int64_t, std::pair<std::uint64_t, std::uint64_t>> peaks;  // pid → (ts, bytes)
  for (const testing::ExportedEvent* instant : trace.Select("i")) {
    if (instant->name != "logical memory peak") continue;
    peaks[instant->pid] = {*instant->ts_ns,
                           instant->args.at("live_bytes").to_number<std::uint64_t>()};
  }
  RC_ASSERT(peaks.contains(1) == plane->peak.has_value());
  if (plane->peak) {
    RC_ASSERT(peaks[1] == std::make_pair(plane->peak->timestamp_ns, plane->peak->live_bytes));
  }
  for (const LogicalDeviceMemoryStats& device : plane->by_device) {
    if (!device.peak_live_bytes) continue;
    bool found = false;
    for (const auto& [pid, name] : trace.process_names) {
      if (name != "device " + std::string(device.device)) continue;
      found = true;
      RC_ASSERT(peaks.at(pid) ==
                std::make_pair(*device.peak_timestamp_ns, *device.peak_live_bytes));
    }
    RC_ASSERT(found);
  }
}

}  // namespace
}  // namespace tracedoc::property
