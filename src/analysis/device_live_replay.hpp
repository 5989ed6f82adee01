// Each device's logical live bytes over time, for the pictures (the timeline's counters, the
// report's curves): a visitor of the one memory replay that keeps the live bytes per device as the
// logical plane does and reports, after each timestamp, only the devices whose storages changed.
// So the work is linear in the events however many devices are live, where a timeline point
// lists every device with a live storage.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/memory_replay.hpp"
#include "util/saturating.hpp"

namespace tracedoc::analysis {

/// One device's state after a timestamp in which a storage of it was allocated or freed.
struct DeviceLiveChange {
  /// The replay's device number (first-seen order) and the device's name.
  std::uint32_t device = 0;
  std::string_view name;
  /// Its live bytes, saturated (an alias adds nothing, a free takes away its alloc's bytes).
  std::uint64_t live_bytes = 0;
  /// Whether an alloc was ever applied on it (the plane's per-device peak needs one).
  bool allocated = false;
};

/// What `on_timestamp(timestamp, changes, total_live_bytes, applied_allocs)` hears after each
/// timestamp: the changed devices in first-seen order, the live bytes of all devices together
/// (saturated), and the number of allocs applied so far (the plane's peak needs one).
template <class OnTimestamp>
class DeviceLiveReplay {
 public:
  using Storage = std::uint64_t;  // the allocating event's bytes

    // OnTimestamp may be a reference (the caller keeps its sink).
  explicit DeviceLiveReplay(OnTimestamp on_timestamp)
      : on_timestamp_(std::forward<OnTimestamp>(on_timestamp)) {}

  void NewDevice(std::uint32_t, std::string_view name) { devices_.emplace_back().name = name; }
  void Allocate(const MemoryRecord& event, std::uint32_t device, Storage& bytes) {
    bytes = event.bytes;
    ++applied_allocs_;
    devices_[device].allocated = true;
    devices_[device].live.Add(bytes);
    total_.Add(bytes);
    Touch(device);
  }
  void AllocateLive(const MemoryRecord&, std::uint32_t, const Storage&) {}
  void Free(const MemoryRecord&, std::uint32_t device, const Storage& bytes) {
    devices_[device].live.Subtract(bytes);
    total_.Subtract(bytes);
    Touch(device);
  }
  void FreeNotLive(const MemoryRecord&, std::uint32_t) {}

  void EndTimestamp(std::uint64_t timestamp) {
    changes_.clear();
    for (const std::uint32_t d : touched_) {
      Device& device = devices_[d];
      device.touched = false;
      changes_.push_back({d, device.name, device.live.Value(), device.allocated});
    }
    touched_.clear();
    on_timestamp_(timestamp, std::span<const DeviceLiveChange>(changes_), total_.Value(),
                  applied_allocs_);
  }

 private:
  struct Device {
    std::string_view name;
    util::ExactSum live;
    bool allocated = false;
    bool touched = false;
  };

  void Touch(std::uint32_t d) {
    if (devices_[d].touched) return;
    devices_[d].touched = true;
    touched_.push_back(d);
  }

  OnTimestamp on_timestamp_;
  std::vector<Device> devices_;
  std::vector<std::uint32_t> touched_;
  std::vector<DeviceLiveChange> changes_;
  util::ExactSum total_;
  std::uint64_t applied_allocs_ = 0;
};

}  // namespace tracedoc::analysis
