// A TraceML export as a candle-graph/trace/10 document (docs/traceml-conversion.md): the records
// a trace would hold, synthesized from ReadTraceMLExport's typed records and folded by ReadTrace's
// rules, so the document is exactly what a trace file would give.
#ifndef TRACEDOC_TRACEML_CONVERT_HPP_
#define TRACEDOC_TRACEML_CONVERT_HPP_

#include <string_view>

#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/traceml_export.hpp"

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

/// The export as a trace/10 document: a `traceml` root span (the measured region) holding one
/// `rank N` span per rank, each holding a `step S` span per placed (rank, step) with a span per
/// phase (per device when a phase ran on several); the step_memory peaks, the process's GPU
/// memory and system_gpu memory as device_memory samples on `rankN/DEVICE`; everything else
/// (other streams, records that cannot be placed, duplicates, the closing line) kept as
/// `traceml_*` unknown keys, so writing the document loses no record. The records are written as
/// trace lines and read back with ReadTrace. An export without records is an empty run (a meta
/// and a complete terminal). Errors: only a fold error (a bug of the conversion), as ReadTrace
/// gives it. Never throws.
Result<TraceDocument> ToTraceDocument(const TraceMLExport& source);

}  // namespace tracedoc

#endif  // TRACEDOC_TRACEML_CONVERT_HPP_
