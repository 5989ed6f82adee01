// The metadata validations of docs/analyses.md §6.9: run provenance, comparison identity, capture
// contract, gradient contract and manifest digest. Health and producers call them; reading never.
#ifndef TRACEDOC_VALIDATION_HPP_
#define TRACEDOC_VALIDATION_HPP_

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "tracedoc/enums.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc {

// Each Validate* function runs its rules in the order of §6.9 and stops at the first one that
// fails. Its result is that rule's message, exact and unprefixed (health uses it as an issue
// message), or std::nullopt when every rule passes. A message is a value, not an Error: these
// rules judge the contents of a document that read and folded successfully.

/// The domain string the manifest digest starts with (docs/trace-format.md §0).
inline constexpr std::string_view kGradientManifestSchema = "candle-graph/gradient-manifest/1";

/// Returns the first failing message of the TraceRunMeta rules (§6.9.1, rows 1–7: blank
/// run_id, correlation_id, entrypoint, timestamp or device; capture_step 0; warmup_steps not
/// below capture_step), then of ValidateComparisonIdentity when an identity is present;
/// std::nullopt when valid.
std::optional<std::string> ValidateRunProvenance(const TraceRunMeta& run);

/// Returns the first failing message of the ComparisonIdentity rules (§6.9.1, rows 8–18: blank
/// required strings, blank optional strings when declared, zero batch or accumulation steps);
/// std::nullopt when valid.
std::optional<std::string> ValidateComparisonIdentity(const ComparisonIdentity& identity);

/// Returns the first failing message of the CaptureContract rule (§6.9.2): complete gradient
/// coverage requires a valid gradient contract, and a contract requires complete coverage;
/// std::nullopt when valid. The semantic-label rules are health's (checks 19 and 20), not this.
std::optional<std::string> ValidateCaptureContract(const CaptureContract& contract);

/// Returns the first failing message of the GradientContract rules (§6.9.3: non-empty manifest
/// and families, matching digest, non-blank and unique manifest entries, well-formed and unique
/// family contracts, a contract for every family the manifest uses); std::nullopt when valid.
std::optional<std::string> ValidateGradientContract(const GradientContract& contract);

/// Returns `sha256:` and the lowercase hex SHA-256 of the manifest's framing (§6.9.3): the
/// domain string, a 0x00 byte, then per entry its root, key and family, each as a little-endian
/// u64 byte length followed by its UTF-8 bytes. This is what `manifest_sha256` must equal.
/// std::nullopt only when libsodium, which computes it, cannot start.
std::optional<std::string> GradientManifestSha256(std::span<const ExpectedGradient> expected);

/// Returns whether `norm` is consistent with `state` (docs/trace-format.md §1.11): present needs a
/// finite norm above 0, zero needs +0.0 exactly, missing and non_finite need no norm.
bool IsGradientNormConsistent(GradientState state, std::optional<double> norm) noexcept;

/// Returns the labels expected to run on a GPU (§6.9.4): every required label when neither
/// classification list is given, otherwise `gpu_expected_semantic_labels`. The views refer to
/// `contract`'s storage.
ArrayView<std::string_view> ResolvedGpuExpectedSemanticLabels(
    const CaptureContract& contract) noexcept;

}  // namespace tracedoc

#endif  // TRACEDOC_VALIDATION_HPP_
