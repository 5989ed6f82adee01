// The trace/6 memory report's JSON (docs/legacy-trace6.md §9.3): the summary's keys in the
// specification's order, then the peak's tensors, the devices and the timeline. Every key is
// always present; u64 values are numbers. The members are described in that order, so the
// report's struct and its JSON are one list.
#include <boost/describe/class.hpp>

#include "analysis/category_json.hpp"
#include "analysis/trace6_memory.hpp"
#include "emit/described_json.hpp"

namespace tracedoc {

BOOST_DESCRIBE_STRUCT(Trace6LiveTensor, (), (tensor_id, device, span_id, bytes, category))
BOOST_DESCRIBE_STRUCT(Trace6DeviceMemory, (),
                      (device, capacity_bytes, peak_bytes, peak_timestamp_ns, alloc_count,
                       free_count))
BOOST_DESCRIBE_STRUCT(Trace6MemoryPoint, (),
                      (timestamp_ns, device, live_bytes, heap_bytes, free_bytes, by_category))
BOOST_DESCRIBE_STRUCT(Trace6MemoryReport, (),
                      (alloc_count, free_count, total_alloc_bytes, peak_bytes, peak_timestamp_ns,
                       peak_device, peak_by_category, autograd_retained_bytes, peak_breakdown,
                       by_device, timeline))

namespace analysis {

void EmitTrace6Report(emit::JsonEmitter& json, const Trace6MemoryReport& report) {
  emit::EmitDescribedObject(json, report);
}

}  // namespace analysis
}  // namespace tracedoc
