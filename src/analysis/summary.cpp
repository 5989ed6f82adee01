// The summary (docs/analyses.md §4). On its own, the memory peak comes from a replay that keeps only
// the live total, so summarizing never builds the memory timeline; with the memory analysis,
// both share the replay that builds it.
#include "tracedoc/summary.hpp"

#include "analysis/logical_memory.hpp"
#include "analysis/measured_total.hpp"
#include "analysis/physical_memory.hpp"
#include "analysis/trace6_memory.hpp"
#include "format/revision_rules.hpp"

namespace tracedoc {
namespace {

// Everything but the memory counts and peak.
TraceSummary SummarizeSpansAndOps(const TraceDocument& document) {
  TraceSummary summary;
  summary.op_count = document.ops().size();
  summary.span_count = document.spans().size();
  summary.total_ns = analysis::MeasuredTotalNs(document.spans());
  for (const SpanRecord& span : document.spans()) {
    if (!span.parent_id) ++summary.root_span_count;
  }
  summary.max_depth = document.span_index().max_depth();
  return summary;
}

void AddMemoryTally(TraceSummary& summary, const analysis::MemoryEventTally& tally) {
  summary.alloc_count = tally.alloc_events;
  summary.free_count = tally.free_events;
  summary.logical_peak_bytes = tally.peak_live_bytes;
}

// A trace/6 summary's memory figures come from its own analysis (docs/legacy-trace6.md §9.3).
void AddTrace6Memory(TraceSummary& summary, const Trace6MemoryReport& memory) {
  summary.trace6 = true;
  summary.alloc_count = memory.alloc_count;
  summary.free_count = memory.free_count;
  summary.peak_bytes = memory.peak_bytes;
}

}  // namespace

TraceSummary Summarize(const TraceDocument& document) {
  TraceSummary summary = SummarizeSpansAndOps(document);
  if (format::RulesOf(document.revision()).legacy_analyses) {
    AddTrace6Memory(summary, analysis::ReplayTrace6Memory(document).report);
  } else {
    AddMemoryTally(summary, analysis::TallyMemoryEvents(document.memory()));
  }
  return summary;
}

SummaryAndMemory SummarizeWithMemory(const TraceDocument& document) {
  SummaryAndMemory result;
  if (format::RulesOf(document.revision()).legacy_analyses) {
    // The report's replay gives the summary's figures too.
    result.memory.trace6 = analysis::BuildTrace6Report(document);
    result.summary = SummarizeSpansAndOps(document);
    AddTrace6Memory(result.summary, *result.memory.trace6);
    return result;
  }
  analysis::MemoryEventTally tally;
  result.memory.logical = analysis::BuildLogicalPlane(document.memory(), &tally);
  result.memory.physical = analysis::BuildPhysicalPlane(document.device_memory());
  result.summary = SummarizeSpansAndOps(document);
  AddMemoryTally(result.summary, tally);
  return result;
}

}  // namespace tracedoc
