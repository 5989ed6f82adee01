// The spans of a document, with their ops, as slices on the thread tracks of one process, placed
// so that the slices of each track nest strictly (docs/chrome-trace.md §2).
#pragma once

#include <cstdint>
#include <span>

#include "timeline/timeline_output.hpp"
#include "tracedoc/converted_facts.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::timeline {

/// Writes every span (and, with `with_ops`, every op) of `document` on tracks of process `pid`,
/// naming each track as it is opened; but the subtree of the i-th of `ranks` (a TraceML
/// document's rank spans) on a process of its own, pid + 1 + i, named `rank N`, written first.
/// Time O(n log n) for n spans and ops; memory a few bytes per span and op.
void WriteSpanTracks(const TraceDocument& document, bool with_ops, std::uint32_t pid,
                     std::span<const RankSpan> ranks, TimelineOutput& output);

}  // namespace tracedoc::timeline
