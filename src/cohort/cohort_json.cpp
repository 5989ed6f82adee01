// The CohortComparison's JSON (docs/compare.md, "Output"), and the names of its verdicts and
// rules. Every key is always present; what does not apply is `null` or `[]`.
#include <array>
#include <cmath>
#include <optional>
#include <ostream>
#include <string>

#include "emit/json_emitter.hpp"
#include "tracedoc/cohort.hpp"

namespace tracedoc {
namespace {

constexpr std::array<std::string_view, 4> kVerdictNames = {
    "ineligible", "inconclusive", "candidate_faster", "candidate_slower"};

constexpr std::array<std::string_view, 19> kRuleNames = {
    "too_few_baseline_runs",     "too_few_candidate_runs",
    "duplicate_run_id",          "different_entrypoint",
    "different_phase",           "different_device",
    "different_timing_mode",     "different_synchronization",
    "different_warmup",          "different_capture_step",
    "different_capture_contract", "capture_incomplete",
    "structurally_invalid",      "not_production_equivalent",
    "not_one_measured_span",     "measured_span_open",
    "missing_comparison_identity", "different_comparison_identity",
    "unmatched_pair_ids",
};
static_assert(kRuleNames.size() == static_cast<std::size_t>(CohortRule::kUnmatchedPairIds) + 1);

void EmitChange(emit::JsonEmitter& json, const DurationChange& change) {
  json.Key("baseline_median_ns").Double(change.baseline_median_ns);
  json.Key("candidate_median_ns").Double(change.candidate_median_ns);
  json.Key("median_delta_ns").Double(change.median_delta_ns);
  json.Key("shift_ns").Double(change.shift_ns);
  json.Key("relative_delta");
  if (change.relative_delta) {
    json.Double(*change.relative_delta);
  } else {
    json.Null();
  }
  json.Key("interval_ns").BeginArray();
  // An end the cohorts cannot bound (±∞) is null.
  for (const double end : {change.interval_low_ns, change.interval_high_ns}) {
    if (std::isfinite(end)) {
      json.Double(end);
    } else {
      json.Null();
    }
  }
  json.EndArray();
  json.Key("interval_confidence").Double(change.interval_confidence);
  json.Key("p_value").Double(change.p_value);
  json.Key("adjusted_p_value").Double(change.adjusted_p_value);
  json.Key("verdict").String(CohortVerdictName(change.verdict));
}

void EmitNamedChange(emit::JsonEmitter& json, std::string_view key, std::string_view name,
                     const DurationChange& change) {
  json.BeginObject();
  json.Key(key).String(name);
  EmitChange(json, change);
  json.EndObject();
}

void EmitReason(emit::JsonEmitter& json, const CohortReason& reason) {
  json.BeginObject();
  json.Key("rule").String(CohortRuleName(reason.rule));
  json.Key("side").String(reason.side == CohortSide::kBaseline ? "baseline" : "candidate");
  json.Key("first_run").U64(reason.first_run);
  json.Key("runs").U64(reason.runs);
  json.Key("message").String(reason.message);
  json.EndObject();
}

void EmitPower(emit::JsonEmitter& json, const std::optional<PartsPower>& power) {
  json.Key("parts_power");
  if (!power) {
    json.Null();
    return;
  }
  json.BeginObject();
  json.Key("smallest_adjusted_p_value").Double(power->smallest_adjusted_p_value);
  json.Key("reachable").Bool(power->reachable);
  json.Key("runs_a_side_needed").U64(power->runs_a_side_needed);
  json.EndObject();
}

void EmitComparison(emit::JsonEmitter& json, const CohortComparison& comparison) {
  json.BeginObject();
  json.Key("schema").String("tracedoc/comparison/1");
  json.Key("verdict").String(CohortVerdictName(comparison.verdict));
  json.Key("reasons").BeginArray();
  for (const CohortReason& reason : comparison.reasons) EmitReason(json, reason);
  json.EndArray();
  json.Key("baseline_runs").U64(comparison.baseline_runs);
  json.Key("candidate_runs").U64(comparison.candidate_runs);
  json.Key("paired").Bool(comparison.paired);
  json.Key("measured_region");
  if (comparison.measured_region) {
    json.BeginObject();
    EmitChange(json, *comparison.measured_region);
    json.EndObject();
  } else {
    json.Null();
  }
  json.Key("op_names").BeginArray();
  for (const OpNameEstimate& op : comparison.op_names) EmitNamedChange(json, "op_name", op.op_name, op.change);
  json.EndArray();
  json.Key("span_paths").BeginArray();
  for (const SpanPathEstimate& path : comparison.span_paths) {
    EmitNamedChange(json, "path", path.path, path.change);
  }
  json.EndArray();
  EmitPower(json, comparison.parts_power);
  json.EndObject();
}

}  // namespace

std::string_view CohortVerdictName(CohortVerdict verdict) noexcept {
  return kVerdictNames[static_cast<std::size_t>(verdict)];
}

std::string_view CohortRuleName(CohortRule rule) noexcept {
  return kRuleNames[static_cast<std::size_t>(rule)];
}

std::string WriteCohortComparisonJson(const CohortComparison& comparison,
                                      const WriteOptions& options) {
  return emit::EmitJsonString(options.pretty, EmitComparison, comparison);
}

void WriteCohortComparisonJson(const CohortComparison& comparison, std::ostream& out,
                               const WriteOptions& options) {
  emit::EmitJson(out, options.pretty, EmitComparison, comparison);
}

}  // namespace tracedoc
