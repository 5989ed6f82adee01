#include "timeline/device_processes.hpp"

#include <algorithm>
#include <string>

#include <boost/unordered/unordered_flat_set.hpp>

#include "util/seeded_hash.hpp"

namespace tracedoc::timeline {

DeviceProcesses::DeviceProcesses(const TraceDocument& document, bool device_intervals,
                                 bool memory, std::uint32_t first_pid, TimelineOutput& output) {
  // A document stores each string once, so the set sees a handful of devices however many
  // records name them; keyed, as device names come from the input.
  // Runs of one device (the usual case) are skipped by address.
  boost::unordered_flat_set<std::string_view, util::SeededHash> devices;
  const char* last = nullptr;
  const auto add = [&](std::string_view device) {
    if (device.data() == last) return;
    last = device.data();
    devices.insert(device);
  };
  if (device_intervals) {
    for (const DeviceIntervalRecord& interval : document.device_intervals()) add(interval.device);
  }
  if (memory) {
    for (const MemoryRecord& event : document.memory()) add(event.device);
    for (const DeviceMemoryRecord& sample : document.device_memory()) add(sample.device);
  }
  entries_.reserve(devices.size());
  for (const std::string_view device : devices) entries_.push_back({device, {}});
  std::sort(entries_.begin(), entries_.end(),
            [](const Entry& a, const Entry& b) { return a.device < b.device; });
  std::uint32_t pid = first_pid;
  for (Entry& entry : entries_) {
    entry.track = {pid++, output.NewTid()};
    output.ProcessName(entry.track, "device " + std::string(entry.device));
  }
}

Track DeviceProcesses::Of(std::string_view device) const {
  const auto it = std::lower_bound(
      entries_.begin(), entries_.end(), device,
      [](const Entry& entry, std::string_view name) { return entry.device < name; });
  return it != entries_.end() && it->device == device ? it->track : Track{};
}

}  // namespace tracedoc::timeline
