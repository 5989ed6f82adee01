// A TraceML export as a candle-graph/trace/10 document (docs/traceml-conversion.md): what marks a
// converted document, for the outputs that show its ranks. The conversion itself is
// ReadDocument (tracedoc/open.hpp), which converts an export record by record as it reads it.
#ifndef TRACEDOC_TRACEML_CONVERT_HPP_
#define TRACEDOC_TRACEML_CONVERT_HPP_

#include <string_view>

namespace tracedoc {

/// The meta tag that says a document was converted from a TraceML export, and its value. The
/// Chrome export and the HTML report show ranks only for such a document, so every other trace
/// keeps its output byte for byte.
inline constexpr std::string_view kTraceMLSourceTag = "source";
inline constexpr std::string_view kTraceMLSourceValue = "traceml-export";

/// The unknown key of a rank's span_start (`rank N`): the global rank, a JSON integer. The
/// timeline puts the span's subtree (its steps and phases) on the rank's own process.
inline constexpr std::string_view kTraceMLRankKey = "traceml_global_rank";

/// The unknown key of a device_memory sample from `system_gpu`: the GPU's utilisation in percent,
/// a JSON number. trace/10 has no utilisation record; the timeline draws it as a counter.
inline constexpr std::string_view kTraceMLGpuUtilKey = "traceml_gpu_util_percent";

}  // namespace tracedoc

#endif  // TRACEDOC_TRACEML_CONVERT_HPP_
