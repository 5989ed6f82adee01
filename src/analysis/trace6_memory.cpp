#include "analysis/trace6_memory.hpp"

#include <algorithm>
#include <numeric>

#include <boost/unordered/unordered_flat_map.hpp>

#include "util/saturating.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::analysis {
namespace {

struct DeviceState {
  Trace6DeviceMemory figures;
  bool has_peak = false;
  std::uint64_t heap = 0;  // the live byte counter
};

}  // namespace

Trace6MemorySummary AnalyzeTrace6Memory(std::span<const MemoryRecord> events,
                                        std::span<const DeviceMemoryRecord> samples) {
  Trace6MemorySummary summary;
  std::vector<std::uint32_t> order(events.size());
  std::iota(order.begin(), order.end(), std::uint32_t{0});
  // Stable: events equal in all three keys keep their input order.
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    const MemoryRecord& x = events[a];
    const MemoryRecord& y = events[b];
    if (x.timestamp_ns != y.timestamp_ns) return x.timestamp_ns < y.timestamp_ns;
    if (x.action != y.action) return x.action == MemoryAction::kAlloc;
    return x.tensor_id < y.tensor_id;
  });
  // Keyed: device names and tensor ids come from the input. Live allocations are keyed by
  // tensor id alone, not by device (§9.3 step 2).
  boost::unordered_flat_map<std::string_view, DeviceState, util::SeededHash> devices;
  boost::unordered_flat_map<std::string_view, std::uint64_t, util::SeededHash> live_bytes;
  for (const std::uint32_t i : order) {
    const MemoryRecord& event = events[i];
    DeviceState& device = devices[event.device];
    device.figures.device = event.device;
    if (event.action == MemoryAction::kAlloc) {
      ++summary.alloc_count;
      ++device.figures.alloc_count;
      summary.total_alloc_bytes = util::SaturatingAdd(summary.total_alloc_bytes, event.bytes);
      device.heap = util::SaturatingAdd(device.heap, event.bytes);
      // A second alloc of a live tensor adds its bytes again and keeps one entry.
      live_bytes[event.tensor_id] = event.bytes;
    } else {
      ++summary.free_count;
      ++device.figures.free_count;
      const auto it = live_bytes.find(event.tensor_id);
      if (it != live_bytes.end()) {
        device.heap = util::SaturatingSub(device.heap, it->second);
        live_bytes.erase(it);
      } else {
        device.heap = util::SaturatingSub(device.heap, event.bytes);
      }
    }
    if (!device.has_peak || device.heap > device.figures.peak_bytes) {
      device.has_peak = true;
      device.figures.peak_bytes = device.heap;
      device.figures.peak_timestamp_ns = event.timestamp_ns;
    }
    if (device.heap > summary.peak_bytes) {
      summary.peak_bytes = device.heap;
      summary.peak_timestamp_ns = event.timestamp_ns;
      summary.peak_device = event.device;
    }
  }
  for (const DeviceMemoryRecord& sample : samples) {
    const auto it = devices.find(sample.device);
    if (it == devices.end()) continue;  // by_device lists the devices of memory events
    const std::uint64_t capacity =
        util::SaturatingAdd(sample.used_bytes.value_or(0), sample.free_bytes.value_or(0));
    it->second.figures.capacity_bytes = std::max(it->second.figures.capacity_bytes, capacity);
  }
  summary.by_device.reserve(devices.size());
  for (const auto& [name, state] : devices) summary.by_device.push_back(state.figures);
  std::sort(summary.by_device.begin(), summary.by_device.end(),
            [](const Trace6DeviceMemory& a, const Trace6DeviceMemory& b) {
              return a.device < b.device;
            });
  return summary;
}

}  // namespace tracedoc::analysis
