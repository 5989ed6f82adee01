// ExportSpeedscope (docs/speedscope.md): the Chrome export's placement (span_tracks,
// device_interval_tracks) handed to a SpeedscopeTimeline instead of a ChromeTimeline, so both
// exports show the same tracks.
#include "tracedoc/speedscope.hpp"

#include <ostream>
#include <string>
#include <vector>

#include "analysis/traceml_ranks.hpp"
#include "emit/json_sink.hpp"
#include "timeline/device_interval_tracks.hpp"
#include "timeline/device_processes.hpp"
#include "timeline/span_tracks.hpp"
#include "text/utf8.hpp"
#include "timeline/speedscope_timeline.hpp"

namespace tracedoc {
namespace {

// The Chrome export's pid for the run (timeline/chrome_trace.cpp), so tracks are named alike.
constexpr std::uint32_t kRunPid = 1;

void Export(const TraceDocument& document, const SpeedscopeOptions& options,
            emit::JsonSink& sink) {
  timeline::SpeedscopeTimeline output(document);
  const std::string run_name = "run " + std::string(document.run().run_id);
  output.ProcessName({kRunPid, output.NewTid()}, run_name);
  const std::vector<analysis::RankSpan> ranks = analysis::TraceMLRankSpans(document);
  timeline::WriteSpanTracks(document, options.ops, kRunPid, ranks, output);
  if (options.device_intervals) {
    const timeline::DeviceProcesses devices(
        document, /*device_intervals=*/true, /*memory=*/false,
        kRunPid + 1 + static_cast<std::uint32_t>(ranks.size()), output);
    timeline::WriteDeviceIntervalTracks(document, devices, output);
  }
  // The exporter without a version: golden files of the output outlive a release.
  output.Write(text::Shortened(run_name, timeline::kMaxProfileNamePartBytes),
               "tracedoc", sink);
  sink.Finish();
}

}  // namespace

void ExportSpeedscope(const TraceDocument& document, const SpeedscopeOptions& options,
                      const ChunkWriter& write_chunk) {
  emit::JsonSink sink(write_chunk, /*pretty=*/false);
  Export(document, options, sink);
}

void ExportSpeedscope(const TraceDocument& document, const SpeedscopeOptions& options,
                      std::ostream& out) {
  emit::JsonSink sink(out, /*pretty=*/false);
  Export(document, options, sink);
}

std::string ExportSpeedscope(const TraceDocument& document, const SpeedscopeOptions& options) {
  std::string out;
  emit::JsonSink sink(out, /*pretty=*/false);
  Export(document, options, sink);
  return out;
}

}  // namespace tracedoc
