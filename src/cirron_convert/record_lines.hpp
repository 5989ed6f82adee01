// One trace/10 line per synthesized record (docs/cirron-conversion.md, field by field), each
// written by the canonical record writer (AppendEventJson) and ended with a newline.
#ifndef TRACEDOC_CIRRON_CONVERT_RECORD_LINES_HPP_
#define TRACEDOC_CIRRON_CONVERT_RECORD_LINES_HPP_

#include <string>

#include "cirron_convert/spool_index.hpp"
#include "tracedoc/cirron_spool.hpp"

namespace tracedoc::cirron_convert {

void AppendMetaLine(std::string& text, const CirronSpool& spool, const SpoolIndex& index);
void AppendSpanStartLine(std::string& text, const CirronSpan& span,
                         const AttachedRecords& attached, const SpoolIndex& index);
void AppendSpanEndLine(std::string& text, const CirronSpan& span);
/// Only for a span with a gpu_ns above 0 (HasDeviceInterval).
void AppendDeviceIntervalLine(std::string& text, const CirronSpan& span, const SpoolIndex& index);
void AppendTensorStatsLine(std::string& text, const ConvertedSnapshot& converted);
void AppendTerminalLine(std::string& text, const SpoolIndex& index);

/// Whether the span's gpu_ns becomes a device_interval: set and above 0 (a zero-length interval
/// is a health error; a gpu_ns of 0 stays an unknown key).
bool HasDeviceInterval(const CirronSpan& span);

}  // namespace tracedoc::cirron_convert

#endif  // TRACEDOC_CIRRON_CONVERT_RECORD_LINES_HPP_
