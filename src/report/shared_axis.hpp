// What every chart of the page shares (docs/report.md, "One time axis"): the time window they
// are drawn over, and the global logical peak they mark at the same instant.
#pragma once

#include <cstdint>
#include <string_view>

namespace tracedoc::report {

/// The time every chart of the page is drawn over, in the document's absolute ns.
struct TimeWindow {
  std::uint64_t origin_ns = 0;
  std::uint64_t end_ns = 0;
  std::uint64_t span_ns() const { return end_ns - origin_ns; }
};

/// The global logical peak (trace/6: the largest device counter) as the page marks it.
struct PeakMark {
  std::uint64_t timestamp_ns = 0;
  /// Live bytes at the peak, every device together.
  std::uint64_t bytes = 0;
  /// The device holding the most of them, and how much it holds then.
  std::string_view device;
  std::uint64_t device_bytes = 0;
};

}  // namespace tracedoc::report
