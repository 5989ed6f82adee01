// The counters on a device's process (docs/chrome-trace.md §3, §4), written together when the
// export includes memory: the logical plane's live bytes per device as counters at each timestamp
// where they change, the logical peaks as instants, and the physical samples as counters; and,
// for a converted TraceML export, GPU utilisation, which trace/10 has no record for, so the export
// carries it on its system_gpu memory samples and the document reads it into its converted facts
// (tracedoc/converted_facts.hpp).
#pragma once

#include "timeline/device_processes.hpp"
#include "timeline/trace_event_writer.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::timeline {

/// Replays the memory events (as the memory analysis does: the same live bytes, the same peaks)
/// and writes a `logical memory` counter on a device's process for each timestamp that changed
/// its live bytes, a `logical memory peak` instant on each device's process and one for all
/// devices on `run`'s; then a `physical memory` counter per sample with its values. Time linear
/// in the events (plus a sort when they are out of timestamp order); memory in the live storages.
void WriteMemoryCounters(const TraceDocument& document, const DeviceProcesses& processes,
                         Track run, TraceEventWriter& events);

/// A `gpu utilisation` counter (`util_percent`) on the device's process for each device_memory
/// sample of the document's converted_facts().gpu_utilisation, in input order: only a document
/// converted from TraceML has any.
void WriteGpuUtilisationCounters(const TraceDocument& document, const DeviceProcesses& processes,
                                 TraceEventWriter& events);

}  // namespace tracedoc::timeline
