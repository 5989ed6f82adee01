// GradientContract validation (docs/analyses.md §6.9.3) and the gradient norm rule
// (docs/trace-format.md §1.11). Names and keys compare as exact strings; blank trims.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include "health/message.hpp"
#include "text/utf8.hpp"
#include "tracedoc/validation.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc {

using health::Debug;
using health::DebugPair;
using health::Decimal;
using health::Message;

std::optional<std::string> ValidateGradientContract(const GradientContract& contract) {
  if (contract.expected.empty()) return "gradient manifest must not be empty";
  if (contract.families.empty()) return "gradient families must not be empty";
  const std::optional<std::string> digest =
      GradientManifestSha256({contract.expected.data(), contract.expected.size()});
  if (!digest) return "gradient manifest SHA-256 could not be computed (libsodium failed)";
  // A plain string comparison: upper-case hex or a missing prefix does not match.
  if (contract.manifest_sha256 != *digest) {
    return "gradient manifest SHA-256 does not match its ordered parameter manifest";
  }

  boost::unordered_flat_set<std::pair<std::string_view, std::string_view>, util::SeededHash> pairs;
  boost::unordered_flat_map<std::string_view, std::uint64_t, util::SeededHash> members_by_family;
  for (const ExpectedGradient& entry : contract.expected) {
    if (text::IsBlank(entry.root) || text::IsBlank(entry.key) || text::IsBlank(entry.family)) {
      return "gradient manifest root, key, and family must not be empty";
    }
    if (!pairs.emplace(entry.root, entry.key).second) {
      return Message("gradient manifest declares ", DebugPair{entry.root, entry.key},
                     " more than once");
    }
    ++members_by_family[entry.family];
  }

  boost::unordered_flat_set<std::string_view, util::SeededHash> declared;
  for (const GradientFamilyContract& family : contract.families) {
    if (text::IsBlank(family.family)) return "gradient family name must not be empty";
    if (!declared.insert(family.family).second) {
      return Message("gradient family ", Debug{family.family}, " is declared more than once");
    }
    const auto it = members_by_family.find(family.family);
    const std::uint64_t member_count = it == members_by_family.end() ? 0 : it->second;
    if (member_count == 0) {
      return Message("gradient family ", Debug{family.family}, " has no manifest members");
    }
    if (family.expectation == GradientFamilyExpectation::kInactive) {
      if (family.min_present != 0) {
        return Message("inactive gradient family ", Debug{family.family},
                       " must have min_present=0");
      }
    } else if (family.min_present == 0 || family.min_present > member_count) {
      return Message("active or data-conditional gradient family ", Debug{family.family},
                     " needs min_present in 1..=", Decimal{member_count});
    }
  }

  // Byte-wise name order, not manifest order, so the first message does not depend on layout.
  std::vector<std::string_view> families;
  families.reserve(members_by_family.size());
  for (const auto& [name, count] : members_by_family) families.push_back(name);
  std::sort(families.begin(), families.end());
  for (const std::string_view name : families) {
    if (!declared.contains(name)) {
      return Message("gradient manifest family ", Debug{name}, " has no family contract");
    }
  }
  return std::nullopt;
}

bool IsGradientNormConsistent(GradientState state, std::optional<double> norm) noexcept {
  switch (state) {
    case GradientState::kPresent:
      return norm && std::isfinite(*norm) && *norm > 0.0;
    case GradientState::kZero:
      // -0.0 == 0.0, so the sign bit decides: a negative zero is not a zero gradient.
      return norm && *norm == 0.0 && !std::signbit(*norm);
    case GradientState::kMissing:
    case GradientState::kNonFinite:
      return !norm;
  }
  return false;
}

}  // namespace tracedoc
