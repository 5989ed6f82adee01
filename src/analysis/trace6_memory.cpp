#include "analysis/trace6_memory.hpp"

#include <algorithm>
#include <string_view>

#include <boost/unordered/unordered_flat_map.hpp>

#include "util/saturating.hpp"
#include "util/seeded_hash.hpp"
#include "util/stable_order.hpp"

namespace tracedoc::analysis {
namespace {

struct DeviceState {
  Trace6DeviceMemory figures;
  std::uint32_t number = 0;
  std::uint64_t heap = 0;  // the live byte counter
  CategoryLiveBytes by_category;
};

// The events of spans whose step is `backward`, by position (§9.3 autograd_retained_bytes).
std::vector<bool> BackwardEvents(const TraceDocument& document) {
  std::vector<bool> backward(document.memory().size(), false);
  const SpanIndex index = document.span_index();
  for (SpanPosition span = 0; span < document.spans().size(); ++span) {
    if (document.spans()[span].step != ExecutionStep::kBackward) continue;
    for (const std::uint32_t event : index.memory(span)) backward[event] = true;
  }
  return backward;
}

void AddToCategory(CategoryLiveBytes& map, MemoryCategory category, std::uint64_t bytes) {
  map.Set(category, util::SaturatingAdd(map[category].value_or(0), bytes));
}

// A free takes bytes from an entry the device has; it never makes one.
void TakeFromCategory(CategoryLiveBytes& map, MemoryCategory category, std::uint64_t bytes) {
  if (const std::optional<std::uint64_t> value = map[category]) {
    map.Set(category, util::SaturatingSub(*value, bytes));
  }
}

}  // namespace

std::vector<std::uint32_t> Trace6ReplayOrder(RecordList<MemoryRecord> events) {
  return util::StableOrder<std::uint32_t>(events.size(), [&](std::uint32_t a, std::uint32_t b) {
    const MemoryRecord& x = events[a];
    const MemoryRecord& y = events[b];
    if (x.timestamp_ns != y.timestamp_ns) return x.timestamp_ns < y.timestamp_ns;
    if (x.action != y.action) return x.action == MemoryAction::kAlloc;
    return x.tensor_id < y.tensor_id;
  });
}

Trace6Replay ReplayTrace6Memory(const TraceDocument& document, const Trace6StepSink& on_step) {
  const RecordList<MemoryRecord> events = document.memory();
  Trace6Replay replay;
  Trace6MemoryReport& report = replay.report;
  replay.order = Trace6ReplayOrder(events);
  const std::vector<bool> backward = BackwardEvents(document);
  bool autograd_seen = false;
  // Keyed: device names and tensor ids come from the input. Live allocations are keyed by
  // tensor id alone, not by device (§9.3 step 2); each keeps its alloc's position.
  boost::unordered_flat_map<std::string_view, DeviceState, util::SeededHash> devices;
  boost::unordered_flat_map<std::string_view, std::uint32_t, util::SeededHash> live;
  for (std::size_t position = 0; position < replay.order.size(); ++position) {
    const std::uint32_t i = replay.order[position];
    const MemoryRecord& event = events[i];
    const auto [it, is_new] = devices.try_emplace(event.device);
    DeviceState& device = it->second;
    if (is_new) {
      device.figures.device = event.device;
      device.number = static_cast<std::uint32_t>(devices.size() - 1);
    }
    if (event.action == MemoryAction::kAlloc) {
      ++report.alloc_count;
      ++device.figures.alloc_count;
      report.total_alloc_bytes = util::SaturatingAdd(report.total_alloc_bytes, event.bytes);
      device.heap = util::SaturatingAdd(device.heap, event.bytes);
      AddToCategory(device.by_category, event.category, event.bytes);
      // A second alloc of a live tensor adds its bytes again and keeps one entry.
      live[event.tensor_id] = i;
    } else {
      ++report.free_count;
      ++device.figures.free_count;
      const auto allocation = live.find(event.tensor_id);
      if (allocation != live.end()) {
        // The allocation's bytes and category, taken from this event's device.
        const MemoryRecord& alloc = events[allocation->second];
        device.heap = util::SaturatingSub(device.heap, alloc.bytes);
        TakeFromCategory(device.by_category, alloc.category, alloc.bytes);
        live.erase(allocation);
      } else {
        device.heap = util::SaturatingSub(device.heap, event.bytes);
      }
    }
    if (device.heap > device.figures.peak_bytes) {
      device.figures.peak_bytes = device.heap;
      device.figures.peak_timestamp_ns = event.timestamp_ns;
    }
    if (device.heap > report.peak_bytes) {
      report.peak_bytes = device.heap;
      report.peak_timestamp_ns = event.timestamp_ns;
      report.peak_device = event.device;
      report.peak_by_category = device.by_category;
      replay.peak_position = position;
    }
    if (!autograd_seen && backward[i]) {
      autograd_seen = true;
      report.autograd_retained_bytes = device.by_category[MemoryCategory::kActivation].value_or(0);
    }
    if (on_step) on_step(Trace6Step{event, device.number, device.heap, device.by_category});
  }
  for (const DeviceMemoryRecord& sample : document.device_memory()) {
    const auto it = devices.find(sample.device);
    if (it == devices.end()) continue;  // by_device lists the devices of memory events
    const std::uint64_t capacity =
        util::SaturatingAdd(sample.used_bytes.value_or(0), sample.free_bytes.value_or(0));
    it->second.figures.capacity_bytes = std::max(it->second.figures.capacity_bytes, capacity);
  }
  report.by_device.reserve(devices.size());
  for (const auto& [name, state] : devices) report.by_device.push_back(state.figures);
  std::sort(report.by_device.begin(), report.by_device.end(),
            [](const Trace6DeviceMemory& a, const Trace6DeviceMemory& b) {
              return a.device < b.device;
            });
  return replay;
}

std::vector<Trace6LiveTensor> Trace6LiveTensorsAt(RecordList<MemoryRecord> events,
                                                  std::span<const std::uint32_t> order,
                                                  std::size_t peak_position) {
  boost::unordered_flat_map<std::string_view, std::uint32_t, util::SeededHash> live;
  for (std::size_t position = 0; position <= peak_position; ++position) {
    const MemoryRecord& event = events[order[position]];
    if (event.action == MemoryAction::kAlloc) {
      live[event.tensor_id] = order[position];
    } else {
      live.erase(event.tensor_id);
    }
  }
  std::vector<Trace6LiveTensor> tensors;
  tensors.reserve(live.size());
  for (const auto& [tensor_id, i] : live) {
    const MemoryRecord& alloc = events[i];
    tensors.push_back({alloc.tensor_id, alloc.device, alloc.span_id, alloc.bytes, alloc.category});
  }
  std::sort(tensors.begin(), tensors.end(), [](const Trace6LiveTensor& a, const Trace6LiveTensor& b) {
    if (a.bytes != b.bytes) return a.bytes > b.bytes;
    return a.tensor_id < b.tensor_id;
  });
  return tensors;
}

}  // namespace tracedoc::analysis
