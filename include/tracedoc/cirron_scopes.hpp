// Health findings on a Cirron spool's scope tree: the canonical shape (cirron.session → epoch[n]
// → step[n] → phases; request for inference) checked after ReadCirronSpool. Not read errors.
#ifndef TRACEDOC_CIRRON_SCOPES_HPP_
#define TRACEDOC_CIRRON_SCOPES_HPP_

#include <vector>

#include "tracedoc/cirron_spool.hpp"
#include "tracedoc/diagnostic.hpp"

namespace tracedoc {

/// The findings of `spool` (docs/cirron-spool.md, "Scope shape"): cirron_no_session first, then
/// span by span in batch and record order, each naming its batch file and the span's path
/// (`spans[3]`); codes cirron_nested_epoch (severity error), cirron_epoch_not_under_session,
/// cirron_step_not_under_epoch, cirron_phase_not_under_step, cirron_request_not_under_session,
/// cirron_missing_index (warnings). A span whose parent is not in the spool (an evicted batch) is
/// not judged by it. Reading a spool into a document (tracedoc/open.hpp) gives the same findings,
/// with each span's line and column.
std::vector<Diagnostic> AnalyzeCirronScopes(const CirronSpool& spool);

}  // namespace tracedoc

#endif  // TRACEDOC_CIRRON_SCOPES_HPP_
