// The ranks of a document converted from a TraceML export (docs/traceml-conversion.md): the
// spans that carry a rank, found by the document's source tag and their unknown key, so the
// timeline and the report can show each rank apart. Every other document has none.
#ifndef TRACEDOC_SRC_ANALYSIS_TRACEML_RANKS_HPP_
#define TRACEDOC_SRC_ANALYSIS_TRACEML_RANKS_HPP_

#include <cstdint>
#include <optional>
#include <vector>

#include "tracedoc/document.hpp"

namespace tracedoc::analysis {

/// Whether the meta's tag `source` says the document was converted from a TraceML export.
bool IsTraceMLDocument(const TraceDocument& document);

/// A rank span: the rank and the span's position in document.spans().
struct RankSpan {
  std::uint64_t rank = 0;
  SpanPosition span = 0;
};

/// For a TraceML document, the spans whose span_start has `traceml_global_rank` (an integer),
/// by rank, then position; empty for any other document. Time linear in the spans (and a sort
/// of the ranks).
std::vector<RankSpan> TraceMLRankSpans(const TraceDocument& document);

/// The number in a JSON unknown value when it is a plain decimal integer that fits, else nothing.
std::optional<std::uint64_t> UnknownU64(std::string_view json);

}  // namespace tracedoc::analysis

#endif  // TRACEDOC_SRC_ANALYSIS_TRACEML_RANKS_HPP_
