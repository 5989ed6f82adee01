#include "timeline/gpu_utilisation_counters.hpp"

#include <charconv>
#include <cmath>
#include <optional>

#include "analysis/traceml_ranks.hpp"
#include "tracedoc/traceml_convert.hpp"

namespace tracedoc::timeline {
namespace {

// The utilisation a sample carries, when it is a finite JSON number.
std::optional<double> Utilisation(const DeviceMemoryRecord& sample) {
  for (const UnknownField field : sample.unknown) {
    if (field.key != kTraceMLGpuUtilKey) continue;
    double value = 0;
    const char* end = field.json.data() + field.json.size();
    const auto [at, error] = std::from_chars(field.json.data(), end, value);
    if (error != std::errc() || at != end || !std::isfinite(value)) return std::nullopt;
    return value;
  }
  return std::nullopt;
}

}  // namespace

void WriteGpuUtilisationCounters(const TraceDocument& document, const DeviceProcesses& processes,
                                 TraceEventWriter& events) {
  if (!analysis::IsTraceMLDocument(document)) return;
  for (const DeviceMemoryRecord& sample : document.device_memory()) {
    const std::optional<double> utilisation = Utilisation(sample);
    if (!utilisation) continue;
    events.BeginCounter("gpu utilisation", processes.Of(sample.device), sample.timestamp_ns);
    emit::JsonEmitter& json = events.json();
    json.PlainKey("args").BeginObject();
    json.PlainKey("util_percent").Double(*utilisation);
    json.EndObject();
    events.End();
  }
}

}  // namespace tracedoc::timeline
