#include "timeline/memory_counters.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "analysis/memory_replay.hpp"
#include "util/saturating.hpp"

namespace tracedoc::timeline {
namespace {

struct Peak {
  std::uint64_t timestamp_ns = 0;
  std::uint64_t live_bytes = 0;
};

void WritePeak(const Peak& peak, Track track, TraceEventWriter& events) {
  events.BeginProcessInstant("logical memory peak", track, peak.timestamp_ns);
  events.json().PlainKey("args").BeginObject();
  events.json().PlainMember("live_bytes", peak.live_bytes);
  events.json().EndObject();
  events.End();
}

// A ReplayMemory visitor. Only the devices whose live bytes an event of the timestamp changed
// get a counter then: a point listing every live device would be quadratic in the input.
class LogicalCounters {
 public:
  using Storage = std::uint64_t;  // the allocating event's bytes

  LogicalCounters(const DeviceProcesses& processes, TraceEventWriter& events)
      : processes_(processes), events_(events) {}

  void NewDevice(std::uint32_t device, std::string_view name) {
    devices_.resize(std::max<std::size_t>(devices_.size(), device + 1));
    devices_[device].track = processes_.Of(name);
  }
  void Allocate(const MemoryRecord& event, std::uint32_t device, Storage& bytes) {
    bytes = event.bytes;
    ++allocations_;
    devices_[device].allocated = true;
    Change(device, [&](util::ExactSum& sum) { sum.Add(bytes); });
  }
  // An alias, or a second alloc of a live storage: the first alloc's bytes stand.
  void AllocateLive(const MemoryRecord&, std::uint32_t, const Storage&) {}
  void Free(const MemoryRecord&, std::uint32_t device, const Storage& bytes) {
    Change(device, [&](util::ExactSum& sum) { sum.Subtract(bytes); });
  }
  // Ignored, as the analysis ignores it.
  void FreeNotLive(const MemoryRecord&, std::uint32_t) {}

  void EndTimestamp(std::uint64_t timestamp) {
    // Devices in pid order, so the output does not depend on which was touched first.
    std::sort(touched_.begin(), touched_.end(), [&](std::uint32_t a, std::uint32_t b) {
      return devices_[a].track.pid < devices_[b].track.pid;
    });
    for (const std::uint32_t d : touched_) {
      Device& device = devices_[d];
      device.touched = false;
      const std::uint64_t live = device.live.Value();
      events_.BeginCounter("logical memory", device.track, timestamp);
      events_.json().PlainKey("args").BeginObject();
      events_.json().PlainMember("live_bytes", live);
      events_.json().EndObject();
      events_.End();
      // The memory analysis's per-device peak: the earliest of the largest, once allocated.
      if (device.allocated && (!device.peak || live > device.peak->live_bytes)) {
        device.peak = Peak{timestamp, live};
      }
    }
    touched_.clear();
    const std::uint64_t live = total_.Value();
    if (allocations_ > 0 && (!peak_ || live > peak_->live_bytes)) peak_ = Peak{timestamp, live};
  }

  void WritePeaks(Track run) const {
    if (peak_) WritePeak(*peak_, run, events_);
    std::vector<const Device*> by_pid;
    for (const Device& device : devices_) {
      if (device.peak) by_pid.push_back(&device);
    }
    std::sort(by_pid.begin(), by_pid.end(),
              [](const Device* a, const Device* b) { return a->track.pid < b->track.pid; });
    for (const Device* device : by_pid) WritePeak(*device->peak, device->track, events_);
  }

 private:
  struct Device {
    Track track;
    util::ExactSum live;
    bool allocated = false;
    bool touched = false;
    std::optional<Peak> peak;
  };

  template <class Update>
  void Change(std::uint32_t d, Update update) {
    Device& device = devices_[d];
    update(device.live);
    update(total_);
    if (!device.touched) {
      device.touched = true;
      touched_.push_back(d);
    }
  }

  const DeviceProcesses& processes_;
  TraceEventWriter& events_;
  std::vector<Device> devices_;
  std::vector<std::uint32_t> touched_;
  util::ExactSum total_;
  std::uint64_t allocations_ = 0;
  std::optional<Peak> peak_;
};

void WritePhysicalCounters(const TraceDocument& document, const DeviceProcesses& processes,
                           TraceEventWriter& events) {
  for (const DeviceMemoryRecord& sample : document.device_memory()) {
    if (!sample.used_bytes && !sample.reserved_bytes && !sample.free_bytes &&
        !sample.capacity_bytes) {
      continue;  // a counter needs a value to plot
    }
    events.BeginCounter("physical memory", processes.Of(sample.device), sample.timestamp_ns);
    emit::JsonEmitter& json = events.json();
    json.PlainKey("args").BeginObject();
    if (sample.used_bytes) json.PlainMember("used_bytes", *sample.used_bytes);
    if (sample.reserved_bytes) json.PlainMember("reserved_bytes", *sample.reserved_bytes);
    if (sample.free_bytes) json.PlainMember("free_bytes", *sample.free_bytes);
    if (sample.capacity_bytes) json.PlainMember("capacity_bytes", *sample.capacity_bytes);
    json.EndObject();
    events.End();
  }
}

}  // namespace

void WriteMemoryCounters(const TraceDocument& document, const DeviceProcesses& processes,
                         Track run, TraceEventWriter& events) {
  LogicalCounters counters(processes, events);
  analysis::ReplayMemory(document, counters);
  counters.WritePeaks(run);
  WritePhysicalCounters(document, processes, events);
}

}  // namespace tracedoc::timeline
