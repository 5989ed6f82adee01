// ExportSpeedscope (docs/speedscope.md): the Chrome export's placement (PlaceTimeline) handed to
// a SpeedscopeTimeline instead of a ChromeTimeline, so both exports show the same tracks.
#include "tracedoc/speedscope.hpp"

#include <ostream>
#include <string>

#include "emit/json_sink.hpp"
#include "text/utf8.hpp"
#include "timeline/place_timeline.hpp"
#include "timeline/speedscope_timeline.hpp"

namespace tracedoc {
namespace {

void Export(const TraceDocument& document, const SpeedscopeOptions& options,
            emit::JsonSink& sink) {
  timeline::SpeedscopeTimeline output(document);
  timeline::PlaceTimeline(document, {options.ops, options.device_intervals, false}, output);
  // The exporter without a version: golden files of the output outlive a release.
  output.Write(text::Shortened("run " + std::string(document.run().run_id),
                                timeline::kMaxProfileNamePartBytes),
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
