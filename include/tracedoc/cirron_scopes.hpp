// Health findings on a Cirron spool's scope tree: the canonical shape (cirron.session → epoch[n]
// → step[n] → phases; request for inference) checked after ReadCirronSpool. Not read errors.
#ifndef TRACEDOC_CIRRON_SCOPES_HPP_
#define TRACEDOC_CIRRON_SCOPES_HPP_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tracedoc/cirron_spool.hpp"

namespace tracedoc {

enum class CirronFindingSeverity : std::uint8_t { kError, kWarning };

/// A scope that departs from the canonical shape (docs/cirron-spool.md, "Scope shape").
struct CirronScopeFinding {
  CirronFindingSeverity severity = CirronFindingSeverity::kWarning;
  /// cirron_no_session, cirron_nested_epoch, cirron_epoch_not_under_session,
  /// cirron_step_not_under_epoch, cirron_phase_not_under_step, cirron_request_not_under_session,
  /// cirron_missing_index.
  std::string code;
  std::string message;
  /// The span the finding is about; empty for cirron_no_session.
  std::string span_id;
  friend bool operator==(const CirronScopeFinding&, const CirronScopeFinding&) = default;
};

/// The findings of `spool`, span by span in batch and record order (cirron_no_session first). A
/// span whose parent is not in the spool (an evicted batch) is not judged by its parent.
std::vector<CirronScopeFinding> AnalyzeCirronScopes(const CirronSpool& spool);

}  // namespace tracedoc

#endif  // TRACEDOC_CIRRON_SCOPES_HPP_
