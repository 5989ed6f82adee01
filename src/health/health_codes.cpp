// The spellings of the health codes and severities: one table, indexed by the enumerator, and a
// test (health_test.cpp) that walks every code, so names and enum cannot drift apart.
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

#include "tracedoc/health.hpp"
#include "util/enum_names.hpp"

namespace tracedoc {
namespace {

constexpr std::array<std::string_view, kHealthCodeCount> kHealthCodeNames = {
    "run_provenance_invalid",
    "complete_with_failure_reason",
    "failed_without_reason",
    "terminal_precedes_evidence",
    "capture_failed",
    "duplicate_span_id",
    "root_count",
    "measurement_count",
    "open_span",
    "unknown_parent",
    "child_outside_parent",
    "span_cycle",
    "unknown_span",
    "empty_device_interval",
    "operation_outside_span",
    "memory_outside_span",
    "empty_device_memory_sample",
    "unknown_call_edge_span",
    "call_edge_hierarchy_mismatch",
    "call_edge_duration_mismatch",
    "empty_data_edge_endpoint",
    "unknown_data_edge_tensor",
    "allocation_size_mismatch",
    "duplicate_allocation",
    "unpaired_free",
    "retained_allocations",
    "empty_gradient_event_id",
    "empty_gradient_parameter_key",
    "duplicate_gradient_event_id",
    "gradient_state_norm_inconsistent",
    "gradient_contract_missing",
    "gradient_contract_without_complete_coverage",
    "gradient_contract_invalid",
    "gradient_manifest_duplicate_key",
    "gradient_manifest_undeclared_key",
    "gradient_manifest_missing_key",
    "gradient_family_non_finite",
    "gradient_active_family_below_minimum",
    "gradient_inactive_family_leakage",
    "gradient_conditional_family_below_minimum",
    "operations_absent",
    "tensors_absent",
    "logical_memory_absent",
    "physical_memory_absent",
    "device_timing_absent",
    "gradients_absent",
    "forward_absent",
    "backward_absent",
    "optimizer_absent",
    "empty_required_semantic_label",
    "duplicate_required_semantic_label",
    "required_semantic_label_cardinality",
    "empty_semantic_label_classification",
    "duplicate_semantic_label_classification",
    "unrequired_semantic_label_classification",
    "overlapping_semantic_label_classification",
    "incomplete_semantic_label_partition",
    "children_exceed_parent",
    "unknown_edge_span",
    "memory_absent",
    "device_memory_absent",
};

// A missing or extra name would shift every later code's spelling.
static_assert(!kHealthCodeNames.back().empty(), "one name per HealthCode");

}  // namespace

std::string_view HealthCodeName(HealthCode code) noexcept {
  return kHealthCodeNames[static_cast<std::size_t>(code)];
}

std::optional<HealthCode> HealthCodeFromName(std::string_view name) noexcept {
  return util::EnumFromNames<HealthCode>(kHealthCodeNames, name);
}

std::string_view HealthSeverityName(HealthSeverity severity) noexcept {
  return severity == HealthSeverity::kError ? "error" : "warning";
}

}  // namespace tracedoc
