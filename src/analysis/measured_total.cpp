#include "analysis/measured_total.hpp"

#include "util/saturating.hpp"

namespace tracedoc::analysis {

std::uint64_t MeasuredTotalNs(RecordList<SpanRecord> spans) noexcept {
  std::uint64_t total = 0;
  for (const SpanRecord& span : spans) {
    // An open span's duration_ns is 0, so it adds nothing.
    if (span.measured) total = util::SaturatingAdd(total, span.duration_ns);
  }
  return total;
}

}  // namespace tracedoc::analysis
