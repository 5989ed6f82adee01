// Every generated stream folds (issue 6), into the document the generator's model predicts:
// record counts, spans, resolved dense bytes (docs/trace-format.md §2.3), doubles read back bit for
// bit, and summary counts (docs/analyses.md §4) equal to the generated ones.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "property/generated_trace_case.hpp"
#include "property/property_case_count.hpp"
#include "property/trace_generator.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/summary.hpp"

namespace tracedoc::property {
namespace {

std::size_t Count(const GeneratedTrace& trace, RecordKind kind) {
  return trace.records_by_kind[static_cast<std::size_t>(kind)];
}

bool SameDouble(double a, double b) { return a == b && std::signbit(a) == std::signbit(b); }

// The summary of docs/analyses.md §4, computed from the generator's spans.
TraceSummary ExpectedSummary(const GeneratedTrace& trace) {
  TraceSummary s;
  s.op_count = Count(trace, RecordKind::kOp);
  s.span_count = trace.spans.size();
  s.alloc_count = trace.alloc_count;
  s.free_count = trace.free_count;
  std::map<std::string, std::optional<std::string>> parents;
  for (const ExpectedSpan& span : trace.spans) parents[span.id] = span.parent_id;
  for (const ExpectedSpan& span : trace.spans) {
    if (!span.parent_id) ++s.root_span_count;
    if (span.measured) s.total_ns = SaturatingAdd(s.total_ns, span.duration_ns);
    // The depth walk: one hop per parent id, an unknown id ends it, a repeated one stops it.
    std::uint64_t depth = 0;
    std::set<std::string> visited;
    for (std::optional<std::string> parent = span.parent_id;
         parent && visited.insert(*parent).second;) {
      ++depth;
      const auto it = parents.find(*parent);
      parent = it == parents.end() ? std::nullopt : it->second;
    }
    s.max_depth = std::max(s.max_depth, depth);
  }
  return s;
}

RC_GTEST_PROP(TraceFoldProperty, EveryGeneratedStreamFoldsToTheModelledDocument, ()) {
  const GeneratedTrace trace = GenerateTraceCase();
  RC_TAG(trace.previous_schema ? "trace/9" : "trace/10");
  const std::string text = trace.Text();
  RC_LOG() << "stream:\n" << text << '\n';

  const Result<TraceDocument> read = ReadTrace(TraceInput::FromString(text));
  if (!read) RC_FAIL(FormatError("<generated>", read.error()));
  RC_ASSERT(ValidateTrace(TraceInput::FromString(text)).has_value());
  const TraceDocument& doc = read.value();

  RC_ASSERT(doc.schema() == std::string_view(trace.previous_schema ? kPreviousSchema : kSchema));
  RC_ASSERT(doc.ops().size() == Count(trace, RecordKind::kOp));
  RC_ASSERT(doc.tensors().size() == Count(trace, RecordKind::kTensor));
  RC_ASSERT(doc.tensor_stats().size() == Count(trace, RecordKind::kTensorStats));
  RC_ASSERT(doc.memory().size() == Count(trace, RecordKind::kMemory));
  RC_ASSERT(doc.device_memory().size() == Count(trace, RecordKind::kDeviceMemory));
  RC_ASSERT(doc.device_intervals().size() == Count(trace, RecordKind::kDeviceInterval));
  RC_ASSERT(doc.gradients().size() == Count(trace, RecordKind::kGradient));
  RC_ASSERT(doc.edges().size() == Count(trace, RecordKind::kEdge));
  RC_ASSERT(doc.terminal().outcome == (trace.failed ? RunOutcome::kFailed : RunOutcome::kComplete));
  RC_ASSERT(doc.terminal().timestamp_ns == trace.terminal_timestamp_ns);

  // Spans: one per span_start, in byte-wise id order, each as generated.
  RC_ASSERT(doc.spans().size() == trace.spans.size());
  RC_ASSERT(std::is_sorted(doc.spans().begin(), doc.spans().end(),
                           [](const SpanRecord& a, const SpanRecord& b) { return a.id < b.id; }));
  for (const ExpectedSpan& expected : trace.spans) {
    const auto it = std::lower_bound(
        doc.spans().begin(), doc.spans().end(), expected.id,
        [](const SpanRecord& span, const std::string& id) { return span.id < id; });
    RC_ASSERT(it != doc.spans().end());
    RC_ASSERT(it->id == expected.id);
    RC_ASSERT(it->parent_id.has_value() == expected.parent_id.has_value());
    if (expected.parent_id) RC_ASSERT(*it->parent_id == *expected.parent_id);
    RC_ASSERT(it->measured == expected.measured);
    RC_ASSERT(it->start_ns == expected.start_ns);
    RC_ASSERT(it->closed == expected.closed);
    RC_ASSERT(it->duration_ns == expected.duration_ns);
  }

  // Dense bytes resolve as §2.3 says: explicit, else saturated elements × dtype size, else None.
  for (std::size_t i = 0; i < doc.ops().size(); ++i) {
    RC_ASSERT(doc.ops()[i].output_dense_bytes == trace.op_dense_bytes[i]);
  }
  for (std::size_t i = 0; i < doc.tensors().size(); ++i) {
    RC_ASSERT(doc.tensors()[i].dense_bytes == trace.tensor_dense_bytes[i]);
  }
  // Doubles, however they were spelled, read back to the same bits.
  for (std::size_t i = 0; i < doc.tensor_stats().size(); ++i) {
    RC_ASSERT(SameDouble(doc.tensor_stats()[i].rms, trace.tensor_stats[i].rms));
    RC_ASSERT(SameDouble(doc.tensor_stats()[i].abs_max, trace.tensor_stats[i].abs_max));
    RC_ASSERT(SameDouble(doc.tensor_stats()[i].mean, trace.tensor_stats[i].mean));
  }
  for (std::size_t i = 0; i < doc.gradients().size(); ++i) {
    const std::optional<double>& norm = doc.gradients()[i].norm;
    RC_ASSERT(norm.has_value() == trace.gradient_norms[i].has_value());
    if (norm) RC_ASSERT(SameDouble(*norm, *trace.gradient_norms[i]));
  }

  // The summary's counts are the generated counts; the memory peak is the memory property's.
  TraceSummary summary = Summarize(doc);
  TraceSummary expected = ExpectedSummary(trace);
  expected.logical_peak_bytes = summary.logical_peak_bytes;
  RC_ASSERT(summary == expected);
}

}  // namespace
}  // namespace tracedoc::property
