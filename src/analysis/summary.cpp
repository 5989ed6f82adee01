// The summary (analyses.md §4). The memory peak comes from a replay that keeps only the live
// total, so summarizing never builds the memory timeline.
#include "tracedoc/summary.hpp"

#include "analysis/exact_sum.hpp"
#include "analysis/logical_memory.hpp"
#include "analysis/span_tree.hpp"

namespace tracedoc {

TraceSummary Summarize(const TraceDocument& document) {
  TraceSummary summary;
  summary.op_count = document.ops().size();
  summary.span_count = document.spans().size();
  for (const SpanRecord& span : document.spans()) {
    // An open span's duration_ns is 0, so it adds nothing.
    if (span.measured)
      summary.total_ns = analysis::SaturatingAdd(summary.total_ns, span.duration_ns);
    if (!span.parent_id) ++summary.root_span_count;
  }
  summary.max_depth = analysis::SpanTree(document.spans()).MaxDepth();
  const analysis::MemoryEventTally tally = analysis::TallyMemoryEvents(document.memory());
  summary.alloc_count = tally.alloc_events;
  summary.free_count = tally.free_events;
  summary.logical_peak_bytes = tally.peak_live_bytes;
  return summary;
}

}  // namespace tracedoc
