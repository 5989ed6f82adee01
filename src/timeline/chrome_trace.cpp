// ExportChromeTrace (docs/chrome-trace.md): the run's process (pid 1) with its span tracks, for a
// converted TraceML export one process per rank, one process per device (next pids, in device
// order) with its streams and memory counters, the terminal as a global instant, and the run's
// identity as the file's metadata.
#include "tracedoc/chrome_trace.hpp"

#include <ostream>
#include <string>
#include <vector>

#include "emit/json_emitter.hpp"
#include "emit/json_sink.hpp"
#include "timeline/chrome_timeline.hpp"
#include "timeline/device_counters.hpp"
#include "timeline/device_processes.hpp"
#include "timeline/place_timeline.hpp"
#include "timeline/trace_event_writer.hpp"

namespace tracedoc {
namespace {

void WriteTerminal(const TerminalRecord& terminal, timeline::Track run,
                   timeline::TraceEventWriter& events) {
  events.BeginGlobalInstant("terminal", run, terminal.timestamp_ns);
  emit::JsonEmitter& json = events.json();
  json.PlainKey("args").BeginObject();
  json.PlainMember("outcome", EnumName(terminal.outcome));
  json.PlainKey("reason").StringOrNull(terminal.reason);
  json.EndObject();
  events.End();
}

void WriteMetadata(const TraceDocument& document, emit::JsonEmitter& json) {
  const TraceRunMeta& run = document.run();
  json.BeginObject();
  json.PlainKey("run_id").String(run.run_id);
  json.PlainKey("schema").String(document.schema());
  json.PlainKey("correlation_id").String(run.correlation_id);
  json.PlainKey("entrypoint").String(run.entrypoint);
  json.PlainMember("phase", EnumName(run.phase));
  json.PlainKey("device").String(run.device);
  json.PlainMember("capture_step", run.capture_step);
  json.PlainMember("timing_mode", EnumName(run.timing_mode));
  json.PlainKey("tags").BeginObject();
  for (const Tag& tag : run.tags) json.Key(tag.key).String(tag.value);
  json.EndObject();
  json.EndObject();
}

void Export(const TraceDocument& document, const ChromeTraceOptions& options,
            emit::JsonSink& sink) {
  timeline::TraceEventWriter events(sink);
  timeline::ChromeTimeline output(document, events);
  const timeline::PlacedTimeline placed = timeline::PlaceTimeline(
      document, {options.ops, options.device_intervals, options.memory}, output);
  const timeline::Track run = placed.run;
  const timeline::DeviceProcesses& devices = placed.devices;
  if (options.memory) {
    timeline::WriteMemoryCounters(document, devices, run, events);
    timeline::WriteGpuUtilisationCounters(document, devices, events);
  }
  if (document.has_terminal()) WriteTerminal(document.terminal(), run, events);
  WriteMetadata(document, events.BeginMetadata());
  events.Finish();
}

}  // namespace

void ExportChromeTrace(const TraceDocument& document, const ChromeTraceOptions& options,
                       const ChunkWriter& write_chunk) {
  emit::JsonSink sink(write_chunk, /*pretty=*/false);
  Export(document, options, sink);
}

void ExportChromeTrace(const TraceDocument& document, const ChromeTraceOptions& options,
                       std::ostream& out) {
  emit::JsonSink sink(out, /*pretty=*/false);
  Export(document, options, sink);
}

std::string ExportChromeTrace(const TraceDocument& document, const ChromeTraceOptions& options) {
  std::string out;
  emit::JsonSink sink(out, /*pretty=*/false);
  Export(document, options, sink);
  return out;
}

}  // namespace tracedoc
