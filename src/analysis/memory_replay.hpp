// The one replay of a document's memory events (docs/analyses.md §5.3, §6.5): in timestamp order,
// keeping the live storages keyed by (device, storage id), and telling a visitor what each event
// does to them. The logical plane, the summary's peak and health's pairing check are visitors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "tracedoc/document.hpp"
#include "tracedoc/event.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::analysis {

/// String equality that settles the common case by address: a document stores each string
/// once, so equal ids are usually the same view, and comparing bytes is left to the rest.
inline bool SameString(std::string_view a, std::string_view b) noexcept {
  return a.size() == b.size() && (a.data() == b.data() || a == b);
}

/// A storage is (device, storage id): one id on two devices is two storages. Devices are
/// numbered in first-seen order.
struct StorageKey {
  std::uint32_t device = 0;
  std::string_view storage_id;
  friend bool operator==(const StorageKey& a, const StorageKey& b) noexcept {
    return a.device == b.device && SameString(a.storage_id, b.storage_id);
  }
};

/// Keyed (F3): storage ids come from the input, and std::hash's are easy to make collide.
struct StorageKeyHash {
  using is_avalanching = void;
  std::size_t operator()(const StorageKey& key) const noexcept {
    return util::SeededHash::Combine(util::HashBytes(key.storage_id), key.device);
  }
};

/// Numbers devices in first-seen order. A document stores each string once, so with the handful
/// of devices a run has, comparing views by address finds the device without hashing; equal
/// names at different addresses still meet in the hash map.
class DeviceNumbers {
 public:
  /// The device's number, and whether it is new.
  std::pair<std::uint32_t, bool> Of(std::string_view name) {
    if (names_.size() <= kScanned) {
      for (std::uint32_t d = 0; d < names_.size(); ++d) {
        if (names_[d].data() == name.data() && names_[d].size() == name.size()) return {d, false};
      }
    }
    const auto [it, inserted] = ids_.try_emplace(name, static_cast<std::uint32_t>(names_.size()));
    if (inserted) names_.push_back(name);
    return {it->second, inserted};
  }

 private:
  static constexpr std::size_t kScanned = 8;
  std::vector<std::string_view> names_;
  boost::unordered_flat_map<std::string_view, std::uint32_t, util::SeededHash> ids_;
};

/// The optional parts of a ReplayMemory visitor.
template <class Visitor>
concept SeesNewDevices = requires(Visitor& visitor, std::uint32_t device, std::string_view name) {
  visitor.NewDevice(device, name);
};
template <class Visitor>
concept SeesTimestampEnds = requires(Visitor& visitor, std::uint64_t timestamp) {
  visitor.EndTimestamp(timestamp);
};

/// The replay order: input positions stable-sorted by timestamp (equal timestamps keep input
/// order, whatever their action), or empty when the input is in that order already, as
/// producers usually emit it.
std::vector<std::uint32_t> TimestampOrder(RecordList<MemoryRecord> events);

/// Replays `events` in TimestampOrder. `Visitor::Storage` is what the visitor keeps per live
/// storage; the visitor is called, per event:
///   Allocate(event, device, Storage&)      an alloc of a storage not live: it is now, and the
///                                          visitor fills its (value-initialized) Storage
///   AllocateLive(event, device, Storage&)  an alloc of a live storage (an alias, or a conflict)
///   Free(event, device, const Storage&)    a free of a live storage, which then is not
///   FreeNotLive(event, device)             a free of a storage not live
/// and, when it has them, NewDevice(device, name) before an event on a device first seen, and
/// EndTimestamp(timestamp) after the last event of each timestamp. Returns the number of
/// storages live at the end. Time linear in the events (plus the sort when they are out of
/// order), memory linear in the live storages.
template <class Visitor>
std::size_t ReplayMemory(RecordList<MemoryRecord> events, Visitor& visitor) {
  if (events.empty()) return 0;
  const std::vector<std::uint32_t> order = TimestampOrder(events);
  const auto at = [&](std::size_t k) -> MemoryRecord {
    return events[order.empty() ? k : order[k]];
  };
  DeviceNumbers devices;
  boost::unordered_flat_map<StorageKey, typename Visitor::Storage, StorageKeyHash> live;
  std::uint64_t timestamp = at(0).timestamp_ns;
  for (std::size_t k = 0; k < events.size(); ++k) {
    const MemoryRecord& event = at(k);
    if (event.timestamp_ns != timestamp) {
      if constexpr (SeesTimestampEnds<Visitor>) visitor.EndTimestamp(timestamp);
      timestamp = event.timestamp_ns;
    }
    const auto [device, new_device] = devices.Of(event.device);
    if constexpr (SeesNewDevices<Visitor>) {
      if (new_device) visitor.NewDevice(device, event.device);
    }
    if (event.action == MemoryAction::kAlloc) {
      const auto [it, inserted] = live.try_emplace(StorageKey{device, event.storage_id});
      if (inserted) {
        visitor.Allocate(event, device, it->second);
      } else {
        visitor.AllocateLive(event, device, it->second);
      }
      continue;
    }
    const auto it = live.find(StorageKey{device, event.storage_id});
    if (it == live.end()) {
      visitor.FreeNotLive(event, device);
      continue;
    }
    visitor.Free(event, device, std::as_const(it->second));
    live.erase(it);
  }
  if constexpr (SeesTimestampEnds<Visitor>) visitor.EndTimestamp(timestamp);
  return live.size();
}

/// ReplayMemory over the document's memory events.
template <class Visitor>
std::size_t ReplayMemory(const TraceDocument& document, Visitor& visitor) {
  return ReplayMemory(document.memory(), visitor);
}

}  // namespace tracedoc::analysis
