#include "cohort/run_facts.hpp"

#include "tracedoc/health.hpp"

namespace tracedoc::cohort {

RunFacts ReadRunFacts(const TraceDocument& document) {
  RunFacts facts;
  facts.document = &document;
  for (const SpanRecord& span : document.spans()) {
    if (!span.measured) continue;
    ++facts.measured_spans;
    facts.measured_closed = span.closed;
    facts.measured_ns = span.duration_ns;
  }
  if (facts.measured_spans != 1 || !facts.measured_closed) facts.measured_ns = 0;
  facts.complete =
      document.has_terminal() && document.terminal().outcome == RunOutcome::kComplete;
  facts.structurally_valid = AnalyzeHealth(document).structurally_valid;
  if (const std::optional<ComparisonIdentity>& identity = document.run().comparison_identity) {
    facts.pair_id = identity->pair_id;
  }
  return facts;
}

}  // namespace tracedoc::cohort
