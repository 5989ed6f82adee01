#include "cohort/run_facts.hpp"

#include "format/record_traits.hpp"
#include "tracedoc/health.hpp"

namespace tracedoc::cohort {
namespace {

constexpr std::uint32_t Bit(CohortRule rule) { return 1u << static_cast<unsigned>(rule); }

// The comparison identity without implementation_id (what the candidate changes) and pair_id
// (which pairs the runs): the workload the two cohorts must share.
bool SameWorkload(const ComparisonIdentity& a, const ComparisonIdentity& b) {
  return a.workload_id == b.workload_id && a.model_id == b.model_id &&
         a.config_id == b.config_id && a.data_id == b.data_id &&
         a.seed_policy == b.seed_policy && a.physical_batch == b.physical_batch &&
         a.accumulation_steps == b.accumulation_steps && a.precision == b.precision &&
         a.device_state == b.device_state;
}

// The rules that every run must have the reference's value of.
std::uint32_t Differences(const TraceRunMeta& first, const TraceRunMeta& run) {
  std::uint32_t broken = 0;
  const auto differs = [&](bool same, CohortRule rule) { broken |= same ? 0 : Bit(rule); };
  differs(first.entrypoint == run.entrypoint, CohortRule::kDifferentEntrypoint);
  differs(first.phase == run.phase, CohortRule::kDifferentPhase);
  differs(first.device == run.device, CohortRule::kDifferentDevice);
  differs(first.timing_mode == run.timing_mode, CohortRule::kDifferentTimingMode);
  differs(first.measured_region_device_synchronized == run.measured_region_device_synchronized,
          CohortRule::kDifferentSynchronization);
  differs(first.warmup_steps == run.warmup_steps, CohortRule::kDifferentWarmup);
  differs(first.capture_step == run.capture_step, CohortRule::kDifferentCaptureStep);
  differs(first.capture_contract == run.capture_contract, CohortRule::kDifferentCaptureContract);
  return broken;
}

}  // namespace

RunFacts RunFactsReader::Read(const TraceDocument& document) {
  RunFacts facts;
  std::uint64_t measured_spans = 0;
  bool measured_closed = false;
  for (const SpanRecord& span : document.spans()) {
    if (!span.measured) continue;
    ++measured_spans;
    measured_closed = span.closed;
    facts.measured_ns = span.duration_ns;
  }
  if (measured_spans != 1 || !measured_closed) facts.measured_ns = 0;
  const auto breaks = [&](bool broken, CohortRule rule) { facts.broken |= broken ? Bit(rule) : 0; };
  breaks(measured_spans != 1, CohortRule::kNotOneMeasuredSpan);
  breaks(measured_spans == 1 && !measured_closed, CohortRule::kMeasuredSpanOpen);
  breaks(!document.has_terminal() || document.terminal().outcome != RunOutcome::kComplete,
         CohortRule::kCaptureIncomplete);
  breaks(!AnalyzeHealth(document).structurally_valid, CohortRule::kStructurallyInvalid);

  const TraceRunMeta& run = document.run();
  breaks(run.capture_contract.measurement_scope != MeasurementScope::kProductionEquivalent,
         CohortRule::kNotProductionEquivalent);
  const auto owned = [&] {
    MetaRecord meta{document.schema(), run};
    format::OwnRecord(pool_, meta);
    return meta;
  };
  if (!reference_) reference_ = owned();
  facts.broken |= Differences(reference_->run, run);
  if (const std::optional<ComparisonIdentity>& identity = run.comparison_identity) {
    if (!identity_reference_) identity_reference_ = owned();
    breaks(!SameWorkload(*identity_reference_->run.comparison_identity, *identity),
           CohortRule::kDifferentComparisonIdentity);
    if (identity->pair_id) facts.pair_id.emplace(*identity->pair_id);
  } else {
    breaks(true, CohortRule::kMissingComparisonIdentity);
  }
  if (run_ids_.contains(run.run_id)) {
    breaks(true, CohortRule::kDuplicateRunId);
  } else {
    run_ids_.insert(pool_.Intern(run.run_id));
  }
  return facts;
}

}  // namespace tracedoc::cohort
