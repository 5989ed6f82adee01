// GPU utilisation on the timeline (docs/chrome-trace.md §3): trace/10 has no record for it, so a
// converted TraceML export carries it on its system_gpu memory samples as an unknown key
// (docs/traceml-conversion.md), and this writes it as a counter of the sample's device.
#ifndef TRACEDOC_SRC_TIMELINE_GPU_UTILISATION_COUNTERS_HPP_
#define TRACEDOC_SRC_TIMELINE_GPU_UTILISATION_COUNTERS_HPP_

#include "timeline/device_processes.hpp"
#include "timeline/trace_event_writer.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::timeline {

/// A `gpu utilisation` counter (`util_percent`) on the device's process for each device_memory
/// sample with a numeric `traceml_gpu_util_percent`, in input order. Only for a document
/// converted from TraceML; any other writes nothing.
void WriteGpuUtilisationCounters(const TraceDocument& document, const DeviceProcesses& processes,
                                 TraceEventWriter& events);

}  // namespace tracedoc::timeline

#endif  // TRACEDOC_SRC_TIMELINE_GPU_UTILISATION_COUNTERS_HPP_
