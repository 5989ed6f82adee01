// The trace summary (docs/analyses.md §4): record counts, measured time, span depth and the logical
// memory peak. An analysis: it reads a folded TraceDocument and returns a plain value.
#ifndef TRACEDOC_SUMMARY_HPP_
#define TRACEDOC_SUMMARY_HPP_

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "tracedoc/document.hpp"
#include "tracedoc/memory.hpp"
#include "tracedoc/write_options.hpp"

namespace tracedoc {

/// How big a trace is, at a glance. Fields in the reference's JSON key order.
struct TraceSummary {
  std::uint64_t op_count = 0;
  /// Sum of `duration_ns` over measured spans (an open span adds 0), saturating at 2^64 − 1
  /// where the reference wraps (a documented difference, docs/analyses.md §4).
  std::uint64_t total_ns = 0;
  std::uint64_t span_count = 0;
  /// Spans without a `parent_id`; a span whose parent is unknown is not a root.
  std::uint64_t root_span_count = 0;
  /// The longest parent walk, cycle-safe: an unknown parent counts one hop, a cycle stops the
  /// walk at the first repeated id. 0 without spans.
  std::uint64_t max_depth = 0;
  /// Raw `alloc` memory events, aliases and re-allocations included.
  std::uint64_t alloc_count = 0;
  /// Raw `free` memory events, matched or not.
  std::uint64_t free_count = 0;
  /// The logical plane's peak live bytes (docs/analyses.md §5.3); None without memory events or when
  /// no alloc was applied.
  std::optional<std::uint64_t> logical_peak_bytes;
  /// A trace/6 document's summary (docs/legacy-trace6.md §9.1) ends with `peak_bytes` instead:
  /// the peak of the trace/6 memory analysis (§9.3), always a number (0 without memory events).
  bool trace6 = false;
  std::uint64_t peak_bytes = 0;

  friend bool operator==(const TraceSummary&, const TraceSummary&) = default;
};

/// Summarizes a document in one pass over the spans and one over the memory events (a sort
/// first if those are not in timestamp order); the memory peak is found without building the
/// memory timeline. No errors.
TraceSummary Summarize(const TraceDocument& document);

/// A document's summary and memory profile, computed together (SummarizeWithMemory).
struct SummaryAndMemory {
  TraceSummary summary;
  MemoryProfile memory;
  friend bool operator==(const SummaryAndMemory&, const SummaryAndMemory&) = default;
};

/// Equal to {Summarize(document), AnalyzeMemory(document)}, but the memory events are replayed
/// once: the summary's counts and peak come from the replay that builds the logical plane. For
/// a caller that wants both. No errors.
SummaryAndMemory SummarizeWithMemory(const TraceDocument& document);

/// The summary as one JSON object in the reference's key order, `logical_peak_bytes` written as
/// `null` when None (a trace/6 summary: `peak_bytes` in its place); no trailing newline. No
/// errors.
std::string WriteSummaryJson(const TraceSummary& summary, const WriteOptions& options = {});

/// The same text written to `out`. No errors are reported: a failing stream keeps its state
/// (check `out` afterwards) and is written to no further.
void WriteSummaryJson(const TraceSummary& summary, std::ostream& out,
                      const WriteOptions& options = {});

}  // namespace tracedoc

#endif  // TRACEDOC_SUMMARY_HPP_
