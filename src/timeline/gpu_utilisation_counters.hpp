// GPU utilisation on the timeline (docs/chrome-trace.md §3): trace/10 has no record for it, so a
// converted TraceML export carries it on its system_gpu memory samples, which the document reads
// into its converted facts (tracedoc/converted_facts.hpp); this writes it as a counter of the
// sample's device.
#ifndef TRACEDOC_SRC_TIMELINE_GPU_UTILISATION_COUNTERS_HPP_
#define TRACEDOC_SRC_TIMELINE_GPU_UTILISATION_COUNTERS_HPP_

#include "timeline/device_processes.hpp"
#include "timeline/trace_event_writer.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::timeline {

/// A `gpu utilisation` counter (`util_percent`) on the device's process for each device_memory
/// sample of the document's converted_facts().gpu_utilisation, in input order: only a document
/// converted from TraceML has any.
void WriteGpuUtilisationCounters(const TraceDocument& document, const DeviceProcesses& processes,
                                 TraceEventWriter& events);

}  // namespace tracedoc::timeline

#endif  // TRACEDOC_SRC_TIMELINE_GPU_UTILISATION_COUNTERS_HPP_
