// Summarize on any document that folds (inputs repaired by FoldLeniently). Invariants: the counts
// are the document's, recounted here; total_ns is the saturating sum of measured durations;
// max_depth is bounded by the spans and 0 only when all are roots; the peak equals the full memory
// analysis's peak (the summary finds it without the timeline); the JSON is strict JSON.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

#include "fuzz_check.hpp"
#include "lenient_fold.hpp"
#include "strict_json.hpp"
#include "tracedoc/memory.hpp"
#include "tracedoc/summary.hpp"

namespace {

std::uint64_t SaturatingAdd(std::uint64_t a, std::uint64_t b) {
  return b > std::numeric_limits<std::uint64_t>::max() - a
             ? std::numeric_limits<std::uint64_t>::max()
             : a + b;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::optional<tracedoc::TraceDocument> document =
      tracedoc::fuzz::FoldLeniently(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!document) return 0;
  const tracedoc::TraceSummary summary = tracedoc::Summarize(*document);

  TRACEDOC_FUZZ_CHECK(summary.op_count == document->ops().size());
  TRACEDOC_FUZZ_CHECK(summary.span_count == document->spans().size());
  std::uint64_t roots = 0;
  std::uint64_t total_ns = 0;
  for (const tracedoc::SpanRecord& span : document->spans()) {
    if (!span.parent_id) ++roots;
    if (span.measured) total_ns = SaturatingAdd(total_ns, span.duration_ns);
  }
  TRACEDOC_FUZZ_CHECK(summary.root_span_count == roots);
  TRACEDOC_FUZZ_CHECK(summary.total_ns == total_ns);
  // A root has depth 0; a walk counts each other span at most once, plus one unknown hop.
  TRACEDOC_FUZZ_CHECK(summary.max_depth <= summary.span_count);
  TRACEDOC_FUZZ_CHECK((summary.max_depth == 0) == (summary.root_span_count == summary.span_count));

  const auto allocs = std::count_if(
      document->memory().begin(), document->memory().end(),
      [](const tracedoc::MemoryRecord& m) { return m.action == tracedoc::MemoryAction::kAlloc; });
  TRACEDOC_FUZZ_CHECK(summary.alloc_count == static_cast<std::uint64_t>(allocs));
  TRACEDOC_FUZZ_CHECK(summary.alloc_count + summary.free_count == document->memory().size());

  if (summary.trace6) {
    // A trace/6 summary carries peak_bytes (docs/legacy-trace6.md §9.3) instead: one device's
    // counter, which never holds more than every alloc's bytes together.
    TRACEDOC_FUZZ_CHECK(!summary.logical_peak_bytes.has_value());
    std::uint64_t allocated = 0;
    for (const tracedoc::MemoryRecord& m : document->memory()) {
      if (m.action == tracedoc::MemoryAction::kAlloc) allocated = SaturatingAdd(allocated, m.bytes);
    }
    TRACEDOC_FUZZ_CHECK(summary.peak_bytes <= allocated);
    TRACEDOC_FUZZ_CHECK(tracedoc::fuzz::IsStrictJson(tracedoc::WriteSummaryJson(summary)));
    return 0;
  }
  const std::optional<tracedoc::LogicalMemoryProfile> logical =
      tracedoc::AnalyzeLogicalMemory(*document);
  const std::optional<std::uint64_t> timeline_peak =
      logical && logical->peak ? std::optional<std::uint64_t>(logical->peak->live_bytes)
                               : std::nullopt;
  TRACEDOC_FUZZ_CHECK(summary.logical_peak_bytes == timeline_peak);

  TRACEDOC_FUZZ_CHECK(tracedoc::fuzz::IsStrictJson(tracedoc::WriteSummaryJson(summary)));
  return 0;
}
