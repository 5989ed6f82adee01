// The health report (docs/analyses.md §6): issues with codes and severities, and evidence coverage.
// An analysis: it reads a folded TraceDocument and says whether it is evidence a user can trust.
#ifndef TRACEDOC_HEALTH_HPP_
#define TRACEDOC_HEALTH_HPP_

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tracedoc/document.hpp"
#include "tracedoc/write_options.hpp"

namespace tracedoc {

/// How much a finding weighs: an error makes the trace structurally invalid, a warning does not.
enum class HealthSeverity : std::uint8_t { kError, kWarning };

/// Every issue code of docs/analyses.md §6.10, in the index's order (which is also the order of the
/// checks that raise them). Spellings come from HealthCodeName and never change.
enum class HealthCode : std::uint8_t {
  kRunProvenanceInvalid,
  kCompleteWithFailureReason,
  kFailedWithoutReason,
  kTerminalPrecedesEvidence,
  kCaptureFailed,
  kDuplicateSpanId,
  kRootCount,
  kMeasurementCount,
  kOpenSpan,
  kUnknownParent,
  kChildOutsideParent,
  kSpanCycle,
  kUnknownSpan,
  kEmptyDeviceInterval,
  kOperationOutsideSpan,
  kMemoryOutsideSpan,
  kEmptyDeviceMemorySample,
  kUnknownCallEdgeSpan,
  kCallEdgeHierarchyMismatch,
  kCallEdgeDurationMismatch,
  kEmptyDataEdgeEndpoint,
  kUnknownDataEdgeTensor,
  kAllocationSizeMismatch,
  kDuplicateAllocation,
  kUnpairedFree,
  kRetainedAllocations,
  kEmptyGradientEventId,
  kEmptyGradientParameterKey,
  kDuplicateGradientEventId,
  kGradientStateNormInconsistent,
  kGradientContractMissing,
  kGradientContractWithoutCompleteCoverage,
  kGradientContractInvalid,
  kGradientManifestDuplicateKey,
  kGradientManifestUndeclaredKey,
  kGradientManifestMissingKey,
  kGradientFamilyNonFinite,
  kGradientActiveFamilyBelowMinimum,
  kGradientInactiveFamilyLeakage,
  kGradientConditionalFamilyBelowMinimum,
  kOperationsAbsent,
  kTensorsAbsent,
  kLogicalMemoryAbsent,
  kPhysicalMemoryAbsent,
  kDeviceTimingAbsent,
  kGradientsAbsent,
  kForwardAbsent,
  kBackwardAbsent,
  kOptimizerAbsent,
  kEmptyRequiredSemanticLabel,
  kDuplicateRequiredSemanticLabel,
  kRequiredSemanticLabelCardinality,
  kEmptySemanticLabelClassification,
  kDuplicateSemanticLabelClassification,
  kUnrequiredSemanticLabelClassification,
  kOverlappingSemanticLabelClassification,
  kIncompleteSemanticLabelPartition,
  // The codes only the legacy trace/6 health gives (docs/legacy-trace6.md §9.4), appended so
  // the values above keep their numbers.
  kChildrenExceedParent,
  kUnknownEdgeSpan,
  kMemoryAbsent,
  kDeviceMemoryAbsent,
};

/// The number of health codes; codes run from 0 to kHealthCodeCount - 1.
inline constexpr int kHealthCodeCount = static_cast<int>(HealthCode::kDeviceMemoryAbsent) + 1;

/// Returns the code's JSON spelling, e.g. "open_span". No errors.
std::string_view HealthCodeName(HealthCode code) noexcept;
/// Returns the code spelled exactly `name`, or std::nullopt. No errors.
std::optional<HealthCode> HealthCodeFromName(std::string_view name) noexcept;
/// Returns the severity's JSON spelling, "error" or "warning". No errors.
std::string_view HealthSeverityName(HealthSeverity severity) noexcept;

/// One finding: its severity, its code and the reference's message text (docs/analyses.md §6.11).
struct HealthIssue {
  HealthSeverity severity = HealthSeverity::kError;
  HealthCode code = HealthCode::kRunProvenanceInvalid;
  /// A plain string, escaped only when written as JSON.
  std::string message;
  friend bool operator==(const HealthIssue&, const HealthIssue&) = default;
};

/// What the trace holds, by kind (check 17). Fields in the reference's JSON key order.
struct EvidenceCoverage {
  std::uint64_t spans = 0;
  std::uint64_t closed_spans = 0;
  /// Spans without a `parent_id`.
  std::uint64_t root_spans = 0;
  std::uint64_t measured_spans = 0;
  std::uint64_t operations = 0;
  std::uint64_t tensors = 0;
  std::uint64_t memory_events = 0;
  std::uint64_t device_memory_samples = 0;
  std::uint64_t device_intervals = 0;
  std::uint64_t gradients = 0;
  std::uint64_t call_edges = 0;
  std::uint64_t data_edges = 0;
  /// Spans whose `step` is forward, backward or optimizer.
  std::uint64_t forward_spans = 0;
  std::uint64_t backward_spans = 0;
  std::uint64_t optimizer_spans = 0;
  friend bool operator==(const EvidenceCoverage&, const EvidenceCoverage&) = default;
};

/// The health report of any document. Fields in the reference's JSON key order.
struct TraceHealth {
  /// True when no issue is an error. For trace/6 this is the report's `trusted`.
  bool structurally_valid = true;
  /// True when the terminal outcome is not `failed`; always true for trace/6, which has no
  /// terminal.
  bool capture_complete = true;
  /// In the order of the numbered checks of §6, and within a check in the order it states
  /// (for trace/6, in the order of docs/legacy-trace6.md §9.4).
  std::vector<HealthIssue> issues;
  /// Counted as for trace/10 whatever the revision; trace/6's JSON writes one `edges` count
  /// (`call_edges + data_edges`) and no `device_intervals`.
  EvidenceCoverage coverage;
  /// The revision whose checks made the report, which picks the JSON's shape: kTrace6 writes
  /// `{"trusted","issues","coverage"}` (docs/legacy-trace6.md §9.4); any other revision
  /// writes trace/10's.
  SchemaRevision revision = SchemaRevision::kTrace10;
  friend bool operator==(const TraceHealth&, const TraceHealth&) = default;
};

/// Runs the health checks of the document's revision and returns the report: docs/analyses.md
/// §6 for trace/10 and trace/9 (a failed capture turns some errors into warnings and skips the
/// measured-region count), docs/legacy-trace6.md §9.4 for trace/6 (no terminal or outcome
/// checks; trace/6's own child-duration, edge, memory-pairing and absence checks). Work is
/// O(n log n) in the number of records (hash lookups, one stable sort of the memory events when
/// they are out of timestamp order). No errors: findings are issues, not failures.
TraceHealth AnalyzeHealth(const TraceDocument& document);

/// Returns the report as one JSON object in the reference's key order ("Output shapes",
/// TraceHealth; for a trace/6 report the shape of docs/legacy-trace6.md §9.4), with no
/// trailing newline. No errors.
std::string WriteHealthJson(const TraceHealth& health, const WriteOptions& options = {});

/// The same text written to `out`. No errors are reported: a failing stream keeps its state
/// (check `out` afterwards) and is written to no further.
void WriteHealthJson(const TraceHealth& health, std::ostream& out,
                     const WriteOptions& options = {});

}  // namespace tracedoc

#endif  // TRACEDOC_HEALTH_HPP_
