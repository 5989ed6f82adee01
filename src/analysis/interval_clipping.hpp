// The clipping procedure of docs/analyses.md §5.5: the peak and the residual of a set of storage
// lifetimes seen through one span's [start, end] interval. Used by the node memory metrics.
#pragma once

#include <cstdint>
#include <span>

#include "tracedoc/memory.hpp"

namespace tracedoc::analysis {

struct ClippedMemory {
  /// The most bytes live at once within the interval.
  std::uint64_t peak_live_bytes = 0;
  /// The bytes of lifetimes still live when the interval ends.
  std::uint64_t residual_bytes = 0;
  friend bool operator==(const ClippedMemory&, const ClippedMemory&) = default;
};

/// Clips `lifetimes` to [start_ns, end_ns]: (0, 0) when end_ns <= start_ns; a lifetime without
/// an end lasts to 2^64 − 1. Sums saturate, the running value clamps at 0, and at one change
/// point frees apply before allocations. O(k log k).
ClippedMemory ClipToInterval(std::uint64_t start_ns, std::uint64_t end_ns,
                             std::span<const LogicalStorageLifetime* const> lifetimes);

}  // namespace tracedoc::analysis
