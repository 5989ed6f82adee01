// Run provenance, comparison identity and capture contract validation (docs/analyses.md §6.9.1,
// §6.9.2). Each stops at the first failing rule; its message is the exact reference text.
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "health/message.hpp"
#include "text/utf8.hpp"
#include "tracedoc/validation.hpp"

namespace tracedoc {

std::optional<std::string> ValidateRunProvenance(const TraceRunMeta& run) {
  const std::pair<std::string_view, std::string_view> required[] = {
      {run.run_id, "run provenance run_id must not be empty"},
      {run.correlation_id, "run provenance correlation_id must not be empty"},
      {run.entrypoint, "run provenance entrypoint must not be empty"},
      {run.timestamp, "run provenance timestamp must not be empty"},
      {run.device, "run provenance device must not be empty"},
  };
  for (const auto& [value, message] : required) {
    if (text::IsBlank(value)) return std::string(message);
  }
  // With capture_step 0 this rule fires first, so the next one never prints `capture_step (0)`.
  if (run.capture_step == 0) return "capture_step must be one-based and greater than zero";
  if (run.warmup_steps >= run.capture_step) {
    return health::Message("warmup_steps (", health::Decimal{run.warmup_steps},
                           ") must be fewer than the one-based capture_step (",
                           health::Decimal{run.capture_step}, ")");
  }
  if (run.comparison_identity) return ValidateComparisonIdentity(*run.comparison_identity);
  return std::nullopt;
}

std::optional<std::string> ValidateComparisonIdentity(const ComparisonIdentity& identity) {
  const std::pair<std::string_view, std::string_view> required[] = {
      {identity.workload_id, "comparison identity workload_id must not be empty"},
      {identity.model_id, "comparison identity model_id must not be empty"},
      {identity.config_id, "comparison identity config_id must not be empty"},
      {identity.data_id, "comparison identity data_id must not be empty"},
      {identity.seed_policy, "comparison identity seed_policy must not be empty"},
      {identity.precision, "comparison identity precision must not be empty"},
      {identity.device_state, "comparison identity device_state must not be empty"},
  };
  for (const auto& [value, message] : required) {
    if (text::IsBlank(value)) return std::string(message);
  }
  if (identity.implementation_id && text::IsBlank(*identity.implementation_id)) {
    return "comparison identity implementation_id must not be empty when declared";
  }
  if (identity.pair_id && text::IsBlank(*identity.pair_id)) {
    return "comparison identity pair_id must not be empty when declared";
  }
  if (identity.physical_batch == 0) {
    return "comparison identity physical_batch must be greater than zero";
  }
  if (identity.accumulation_steps == 0) {
    return "comparison identity accumulation_steps must be greater than zero";
  }
  return std::nullopt;
}

std::optional<std::string> ValidateCaptureContract(const CaptureContract& contract) {
  const bool complete = contract.gradients == CoverageLevel::kComplete;
  if (complete) {
    if (!contract.gradient_contract) {
      return "complete gradient coverage requires an exact gradient contract";
    }
    return ValidateGradientContract(*contract.gradient_contract);
  }
  if (contract.gradient_contract) {
    return "an exact gradient contract requires complete declared gradient coverage";
  }
  return std::nullopt;
}

ArrayView<std::string_view> ResolvedGpuExpectedSemanticLabels(
    const CaptureContract& contract) noexcept {
  if (contract.gpu_expected_semantic_labels.empty() && contract.cpu_only_semantic_labels.empty()) {
    return contract.required_semantic_labels;
  }
  return contract.gpu_expected_semantic_labels;
}

}  // namespace tracedoc
