// One process per device in a timeline export: the device intervals' streams are its threads, the
// device's memory its counters.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "timeline/timeline_output.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::timeline {

class DeviceProcesses {
 public:
  /// A process for every device that a device interval (with `device_intervals`), a memory
  /// event or a sample (with `memory`) names, byte-wise in device order, pids from `first_pid`;
  /// each gets a tid of its own for its counters and instants, and its name (`device NAME`) is
  /// handed to `output`.
  DeviceProcesses(const TraceDocument& document, bool device_intervals, bool memory,
                  std::uint32_t first_pid, TimelineOutput& output);

  /// The process track of `device`, which must be one of them. O(log devices).
  Track Of(std::string_view device) const;

 private:
  struct Entry {
    std::string_view device;
    Track track;
  };
  std::vector<Entry> entries_;
};

}  // namespace tracedoc::timeline
