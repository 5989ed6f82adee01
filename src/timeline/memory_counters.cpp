#include "timeline/device_counters.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <vector>

#include "analysis/trace6_device_live.hpp"

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

// The logical counters and peaks, from the shared per-device replay: a counter for each device a
// timestamp changed, devices in pid order so the output does not depend on which was touched first.
class LogicalCounters {
 public:
  LogicalCounters(const DeviceProcesses& processes, TraceEventWriter& events)
      : processes_(processes), events_(events) {}

  void operator()(std::uint64_t timestamp, std::span<const analysis::DeviceLiveChange> changes,
                  std::uint64_t total_live, std::uint64_t applied_allocs) {
    sorted_.assign(changes.begin(), changes.end());
    for (const analysis::DeviceLiveChange& change : sorted_) {
      if (change.device >= devices_.size()) devices_.resize(change.device + 1);
      if (devices_[change.device].track.pid == 0) {
        devices_[change.device].track = processes_.Of(change.name);
      }
    }
    std::sort(sorted_.begin(), sorted_.end(), [&](const auto& a, const auto& b) {
      return devices_[a.device].track.pid < devices_[b.device].track.pid;
    });
    for (const analysis::DeviceLiveChange& change : sorted_) {
      Device& device = devices_[change.device];
      events_.BeginCounter("logical memory", device.track, timestamp);
      events_.json().PlainKey("args").BeginObject();
      events_.json().PlainMember("live_bytes", change.live_bytes);
      events_.json().EndObject();
      events_.End();
      // The memory analysis's per-device peak: the earliest of the largest, once allocated.
      if (change.allocated && (!device.peak || change.live_bytes > device.peak->live_bytes)) {
        device.peak = Peak{timestamp, change.live_bytes};
      }
    }
    if (applied_allocs > 0 && (!peak_ || total_live > peak_->live_bytes)) {
      peak_ = Peak{timestamp, total_live};
    }
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
    std::optional<Peak> peak;
  };

  const DeviceProcesses& processes_;
  TraceEventWriter& events_;
  std::vector<Device> devices_;  // by the replay's device number
  std::vector<analysis::DeviceLiveChange> sorted_;
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
  analysis::ReplayDeviceLive(document, counters);
  counters.WritePeaks(run);
  WritePhysicalCounters(document, processes, events);
}

}  // namespace tracedoc::timeline
