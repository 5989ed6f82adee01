// A Cirron spool as a candle-graph/trace/10 document (docs/cirron-conversion.md): the records a
// trace would hold, synthesized from ReadCirronSpool's batches and folded by ReadTrace's rules.
#ifndef TRACEDOC_CIRRON_CONVERT_HPP_
#define TRACEDOC_CIRRON_CONVERT_HPP_

#include <string_view>

#include "tracedoc/cirron_spool.hpp"
#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"

namespace tracedoc {

/// The unknown key that holds a span's marks on its span_start (and, on the meta, the marks of
/// no span of the spool): an array of the marks as the spool wrote them. The HTML report charts
/// the numeric ones from there, so a converted trace shows its loss curve after `import` too.
inline constexpr std::string_view kCirronMarksKey = "cirron_marks";

/// The spool as a trace/10 document: a meta, each span as a span_start/span_end pair (and a
/// device_interval for its gpu_ns), each snapshot with finite stats as a tensor_stats, a
/// complete terminal; everything else kept as `cirron_*` unknown keys, so writing the document
/// loses nothing of the spool. The records are written as trace lines and read back with
/// ReadTrace, so the document obeys every rule a trace does. Errors: cirron_empty_spool for a
/// spool without batches; a fold error (which would be a bug of the conversion) as ReadTrace
/// gives it. Never throws.
Result<TraceDocument> ToTraceDocument(const CirronSpool& spool);

}  // namespace tracedoc

#endif  // TRACEDOC_CIRRON_CONVERT_HPP_
