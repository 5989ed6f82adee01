// The memory curves of the report: per device, the logical live bytes after each timestamp and
// the physical samples, gathered from one replay of the memory events (no timeline is built).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "tracedoc/document.hpp"
#include "tracedoc/memory.hpp"

namespace tracedoc::report {

/// A value from `timestamp_ns` on, until the next point (a step curve).
struct CurvePoint {
  std::uint64_t timestamp_ns = 0;
  std::uint64_t bytes = 0;
  friend bool operator==(const CurvePoint&, const CurvePoint&) = default;
};

/// What one device's chart shows.
struct DeviceCurves {
  std::string_view device;
  /// Live bytes on the device, a point where the value changes; empty without memory events.
  std::vector<CurvePoint> logical;
  /// The device's own logical peak (earliest on ties), when it had an applied alloc.
  std::optional<CurvePoint> peak;
  /// Physical samples that carry the value.
  std::vector<CurvePoint> used;
  std::vector<CurvePoint> reserved;
};

/// A device of the memory events, with its own peak (earliest on ties) when it had one.
struct MemoryEventDevice {
  std::string_view device;
  std::optional<CurvePoint> peak;
};

/// Every device's curves, ascending byte-wise, at most `max_devices` of them (the rest are
/// counted in `devices_left_out`), and the time they are drawn over: from the first span start
/// or memory point to the terminal (trace/6: the latest host evidence).
struct MemoryCurves {
  std::vector<DeviceCurves> devices;
  std::size_t devices_left_out = 0;
  std::uint64_t first_ns = 0;
  std::uint64_t last_ns = 0;
};

/// Gathers the curves from one replay of the memory events (the replay of the document's
/// revision). `memory_devices` are the devices of the memory events with their peaks, from the
/// logical plane (trace/6: its memory report). Time and memory linear in the events and samples.
MemoryCurves CollectMemoryCurves(const TraceDocument& document,
                                 std::span<const MemoryEventDevice> memory_devices,
                                 const std::optional<PhysicalMemoryProfile>& physical,
                                 std::size_t max_devices);

}  // namespace tracedoc::report
