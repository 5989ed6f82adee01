// The two "most expensive ops" tables (docs/report.md): op records grouped by op_name, by their
// total duration; and spans of kind `op` grouped by name, by their total self time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string_view>
#include <vector>

#include "tracedoc/document.hpp"

namespace tracedoc::report {

/// The rows of each table.
inline constexpr std::size_t kTopOps = 10;

/// The records of one name. Sums saturate.
struct OpGroup {
  std::string_view name;
  std::uint64_t count = 0;
  std::uint64_t total_ns = 0;
  std::uint64_t self_ns = 0;
  std::uint64_t longest_ns = 0;
};

/// Op records by op_name, the `kTopOps` largest total_ns first (then by name); self_ns is 0.
std::vector<OpGroup> TopOpsByTotal(const TraceDocument& document);

/// Spans of kind `op` by name (total_ns their durations, self_ns SpanIndex::self_time_ns), the
/// `kTopOps` largest self_ns first (then by name).
std::vector<OpGroup> TopOpSpansBySelf(const TraceDocument& document);

/// Writes both tables, each with a sentence in place of an empty one.
void WriteOpsTables(std::ostream& out, const TraceDocument& document);

}  // namespace tracedoc::report
