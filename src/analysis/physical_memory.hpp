// The physical memory plane (docs/analyses.md §5.4): device_memory samples as a sorted timeline and
// per-device statistics. Nothing is derived from the samples' values.
#pragma once

#include <optional>
#include <span>

#include "tracedoc/event.hpp"
#include "tracedoc/memory.hpp"

namespace tracedoc::analysis {

/// The plane built from `samples` (in input order); None when there are none. O(n log n).
std::optional<PhysicalMemoryProfile> BuildPhysicalPlane(
    RecordList<DeviceMemoryRecord> samples);

}  // namespace tracedoc::analysis
