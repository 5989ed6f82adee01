// Check 16 (docs/analyses.md §6.6): gradient events on their own (a), the contract gating (b), then,
// under a valid contract, the observed keys against the manifest (c, d) and the families (e).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include "health/checks.hpp"
#include "health/message.hpp"
#include "text/utf8.hpp"
#include "tracedoc/validation.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::health {
namespace {

using ParameterKey = std::pair<std::string_view, std::string_view>;  // (root, key)

struct Observed {
  std::uint64_t count = 0;
  // The state of the first event for the key: it alone represents the key in the family checks.
  GradientState first_state = GradientState::kPresent;
};

using ObservedKeys = boost::unordered_flat_map<ParameterKey, Observed, util::SeededHash>;

// Check 16 a. Returns the events per (root, key), blank ones included.
ObservedKeys CheckGradientEvents(HealthContext& context) {
  const RecordList<GradientRecord> events = context.document().gradients();
  ObservedKeys observed;
  observed.reserve(events.size());
  boost::unordered_flat_set<std::string_view, util::SeededHash> event_ids;
  event_ids.reserve(events.size());
  for (const GradientRecord& event : events) {
    if (text::IsBlank(event.event_id)) {
      context.AddError(HealthCode::kEmptyGradientEventId, "gradient event IDs must not be empty");
    }
    if (text::IsBlank(event.root) || text::IsBlank(event.key)) {
      context.AddError(HealthCode::kEmptyGradientParameterKey,
                       "gradient roots and parameter keys must not be empty");
    }
    // Exact strings: " g1" and "g1" are different ids.
    if (!event_ids.insert(event.event_id).second) {
      context.AddError(
          HealthCode::kDuplicateGradientEventId,
          Message("gradient event ID ", Debug{event.event_id}, " occurs more than once"));
    }
    if (!IsGradientNormConsistent(event.state, event.norm)) {
      context.AddError(
          HealthCode::kGradientStateNormInconsistent,
          Message("gradient ", DebugPair{event.root, event.key}, " state `", EnumName(event.state),
                  "` is inconsistent with norm ", DebugNorm{event.norm}));
    }
    Observed& entry = observed[ParameterKey{event.root, event.key}];
    if (entry.count++ == 0) entry.first_state = event.state;
  }
  return observed;
}

// Check 16 b. Returns the contract when the manifest checks should run.
const GradientContract* GateContract(HealthContext& context) {
  const CaptureContract& capture = context.document().run().capture_contract;
  const bool complete = capture.gradients == CoverageLevel::kComplete;
  const std::optional<GradientContract>& contract = capture.gradient_contract;
  if (complete && !contract) {
    context.AddError(HealthCode::kGradientContractMissing,
                     "complete gradient coverage requires an exact gradient contract");
    return nullptr;
  }
  if (contract && !complete) {
    context.AddError(HealthCode::kGradientContractWithoutCompleteCoverage,
                     "an exact gradient contract requires complete declared gradient coverage");
    return nullptr;
  }
  if (!contract) return nullptr;
  if (std::optional<std::string> message = ValidateGradientContract(*contract)) {
    context.AddError(HealthCode::kGradientContractInvalid, std::move(*message));
    return nullptr;
  }
  return &*contract;
}

// Check 16 c: every observed key once, in byte-wise (root, key) order rather than document
// order, so the report does not depend on how the events were interleaved.
void CheckObservedKeys(HealthContext& context, const ObservedKeys& observed,
                       const boost::unordered_flat_set<ParameterKey, util::SeededHash>& manifest) {
  std::vector<std::pair<ParameterKey, std::uint64_t>> keys;
  keys.reserve(observed.size());
  for (const auto& [key, entry] : observed) keys.emplace_back(key, entry.count);
  std::sort(keys.begin(), keys.end());
  for (const auto& [key, count] : keys) {
    if (count != 1) {
      context.AddError(HealthCode::kGradientManifestDuplicateKey,
                       Message("gradient ", DebugPair{key.first, key.second}, " occurs ",
                               Decimal{count}, " times; expected exactly once"));
    }
    if (!manifest.contains(key)) {
      context.AddError(
          HealthCode::kGradientManifestUndeclaredKey,
          Message("gradient ", DebugPair{key.first, key.second}, " is absent from the manifest"));
    }
  }
}

// What the family checks count over one family's manifest members.
struct FamilyTally {
  std::uint64_t members = 0;
  std::uint64_t observed = 0;
  std::uint64_t present = 0;
  // Every state but `missing`.
  std::uint64_t attached = 0;
  std::uint64_t non_finite = 0;
};

// Check 16 e.
void CheckFamilies(HealthContext& context, const GradientContract& contract,
                   const ObservedKeys& observed) {
  boost::unordered_flat_map<std::string_view, FamilyTally, util::SeededHash> tallies;
  for (const ExpectedGradient& entry : contract.expected) {
    FamilyTally& tally = tallies[entry.family];
    ++tally.members;
    const auto it = observed.find(ParameterKey{entry.root, entry.key});
    if (it == observed.end()) continue;
    ++tally.observed;
    const GradientState state = it->second.first_state;
    tally.present += state == GradientState::kPresent ? 1 : 0;
    tally.attached += state != GradientState::kMissing ? 1 : 0;
    tally.non_finite += state == GradientState::kNonFinite ? 1 : 0;
  }
  for (const GradientFamilyContract& family : contract.families) {
    // The contract is valid, so every family has manifest members.
    const FamilyTally tally = tallies[family.family];
    const bool complete = tally.observed == tally.members;
    // A failed capture is judged on a family's minimum only once all its members arrived.
    const bool judge_minimum = !context.failed() || complete;
    if (tally.non_finite > 0) {
      context.AddError(HealthCode::kGradientFamilyNonFinite,
                       Message("gradient family ", Debug{family.family}, " contains ",
                               Decimal{tally.non_finite}, " non-finite gradients"));
    }
    switch (family.expectation) {
      case GradientFamilyExpectation::kActive:
        if (judge_minimum && tally.present < family.min_present) {
          context.AddError(HealthCode::kGradientActiveFamilyBelowMinimum,
                           Message("active gradient family ", Debug{family.family}, " has ",
                                   Decimal{tally.present}, " present gradients; requires at least ",
                                   Decimal{family.min_present}));
        }
        break;
      case GradientFamilyExpectation::kInactive:
        if (tally.attached > 0) {
          context.AddError(HealthCode::kGradientInactiveFamilyLeakage,
                           Message("inactive gradient family ", Debug{family.family}, " has ",
                                   Decimal{tally.attached}, " attached gradients"));
        }
        break;
      case GradientFamilyExpectation::kDataConditional:
        // All-zero or all-missing is fine: the data may not have reached the family.
        if (judge_minimum && tally.present > 0 && tally.present < family.min_present) {
          context.AddError(
              HealthCode::kGradientConditionalFamilyBelowMinimum,
              Message("data-conditional gradient family ", Debug{family.family},
                      " was attached but has ", Decimal{tally.present},
                      " present gradients; requires at least ", Decimal{family.min_present}));
        }
        break;
    }
  }
}

}  // namespace

void CheckGradients(HealthContext& context) {
  const ObservedKeys observed = CheckGradientEvents(context);
  const GradientContract* contract = GateContract(context);
  if (contract == nullptr) return;

  boost::unordered_flat_set<ParameterKey, util::SeededHash> manifest;
  manifest.reserve(contract->expected.size());
  for (const ExpectedGradient& entry : contract->expected) manifest.emplace(entry.root, entry.key);

  CheckObservedKeys(context, observed, manifest);

  // Check 16 d, in manifest order.
  for (const ExpectedGradient& entry : contract->expected) {
    if (!observed.contains(ParameterKey{entry.root, entry.key})) {
      context.AddErrorUnlessFailed(
          HealthCode::kGradientManifestMissingKey,
          Message("manifest gradient ", DebugPair{entry.root, entry.key}, " was not captured"));
    }
  }

  CheckFamilies(context, *contract, observed);
}

}  // namespace tracedoc::health
