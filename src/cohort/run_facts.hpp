// What the cohort rules and estimates read of one run (docs/compare.md): its measured region,
// whether it is evidence to compare, and the keys every run must share.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "tracedoc/document.hpp"

namespace tracedoc::cohort {

struct RunFacts {
  const TraceDocument* document = nullptr;
  /// Spans with `measured` set, and whether the one (when there is one) is closed.
  std::uint64_t measured_spans = 0;
  bool measured_closed = false;
  /// The measured span's duration; 0 unless there is exactly one, closed.
  std::uint64_t measured_ns = 0;
  /// The terminal is `complete` (trace/6 has none: never complete here).
  bool complete = false;
  /// AnalyzeHealth found no error.
  bool structurally_valid = false;
  /// comparison_identity.pair_id, when declared.
  std::optional<std::string_view> pair_id;
};

/// Reads the facts of `document` (one pass over its spans, and its health).
RunFacts ReadRunFacts(const TraceDocument& document);

}  // namespace tracedoc::cohort
