#include "analysis/trace6_device_live.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "analysis/trace6_memory.hpp"

namespace tracedoc::analysis {

void ReplayTrace6DeviceLive(const TraceDocument& document, const DeviceLiveSink& on_timestamp) {
  std::vector<DeviceLiveChange> devices;  // by the replay's device number
  std::vector<bool> touched;
  std::vector<std::uint32_t> touched_order;  // this timestamp's devices, as first touched
  std::vector<DeviceLiveChange> changes;
  std::optional<std::uint64_t> timestamp;
  std::uint64_t largest = 0;
  std::uint64_t allocs = 0;
  const auto flush = [&] {
    // Only the touched devices: a timestamp costs its events, not the number of devices.
    changes.clear();
    for (const std::uint32_t d : touched_order) {
      touched[d] = false;
      changes.push_back(devices[d]);
    }
    touched_order.clear();
    on_timestamp(*timestamp, std::span<const DeviceLiveChange>(changes), largest, allocs);
    largest = 0;
  };
  ReplayTrace6Memory(document, [&](const Trace6Step& step) {
    if (timestamp && *timestamp != step.event.timestamp_ns) flush();
    timestamp = step.event.timestamp_ns;
    if (step.device >= devices.size()) {
      devices.resize(step.device + 1);
      touched.resize(step.device + 1, false);
      devices[step.device].device = step.device;
      devices[step.device].name = step.event.device;
    }
    DeviceLiveChange& device = devices[step.device];
    device.live_bytes = step.heap;
    if (step.event.action == MemoryAction::kAlloc) {
      device.allocated = true;
      ++allocs;
    }
    if (!touched[step.device]) {
      touched[step.device] = true;
      touched_order.push_back(step.device);
    }
    largest = std::max(largest, step.heap);
  });
  if (timestamp) flush();
}

}  // namespace tracedoc::analysis
