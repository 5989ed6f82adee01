// The run's own fields compared (docs/diff.md §2): the meta record's scalars, its capture
// contract's levels, its comparison identity, each tag, and the terminal's outcome and reason.
#pragma once

#include <vector>

#include "tracedoc/diff.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::diff {

/// The fields whose values differ, in the order of docs/diff.md §2 (tags by key, byte-wise).
std::vector<MetaFieldChange> CompareMeta(const TraceDocument& base, const TraceDocument& candidate);

}  // namespace tracedoc::diff
