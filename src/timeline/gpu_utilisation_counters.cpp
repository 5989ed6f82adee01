#include "timeline/device_counters.hpp"

#include <span>

#include "tracedoc/converted_facts.hpp"

namespace tracedoc::timeline {

void WriteGpuUtilisationCounters(const TraceDocument& document, const DeviceProcesses& processes,
                                 TraceEventWriter& events) {
  const RecordList<DeviceMemoryRecord> samples = document.device_memory();
  for (const GpuUtilisation& utilisation : document.converted_facts().gpu_utilisation) {
    const DeviceMemoryRecord& sample = samples[utilisation.sample];
    events.BeginCounter("gpu utilisation", processes.Of(sample.device), sample.timestamp_ns);
    emit::JsonEmitter& json = events.json();
    json.PlainKey("args").BeginObject();
    json.PlainKey("util_percent").Double(utilisation.percent);
    json.EndObject();
    events.End();
  }
}

}  // namespace tracedoc::timeline
