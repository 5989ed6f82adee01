// The Chrome Trace Event export (docs/chrome-trace.md): a TraceDocument as one JSON object that
// Perfetto UI, chrome://tracing and speedscope load, so a trace can be looked at on a timeline.
#ifndef TRACEDOC_CHROME_TRACE_HPP_
#define TRACEDOC_CHROME_TRACE_HPP_

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

#include "tracedoc/document.hpp"

namespace tracedoc {

/// What the export leaves out. Everything is in by default.
struct ChromeTraceOptions {
  /// Ops as complete events inside their spans. A trace with millions of ops loads faster in a
  /// viewer without them.
  bool ops = true;
  /// Device intervals, on one process per device.
  bool device_intervals = true;
  /// Logical and physical memory as counters, and the logical peaks as instants.
  bool memory = true;
};

/// Receives the export's text piece by piece, in order (say a file's fwrite). It keeps or
/// reports its own failures.
using ChunkWriter = std::function<void(std::string_view chunk)>;

/// Writes `{"traceEvents":[…],"displayTimeUnit":"ns","metadata":{…}}` (no trailing newline), one
/// event per line, to `write_chunk` as it is made: besides the document, the export holds a
/// 64 KiB chunk and a few bytes per span, op and device interval for the track placement.
/// Timestamps and durations are microseconds with exactly three decimals, so every nanosecond
/// survives. The events of one (pid, tid) nest strictly. No errors.
void ExportChromeTrace(const TraceDocument& document, const ChromeTraceOptions& options,
                       const ChunkWriter& write_chunk);

/// As above, written to `out`. A failing stream keeps its state (check `out` afterwards) and is
/// written to no further.
void ExportChromeTrace(const TraceDocument& document, const ChromeTraceOptions& options,
                       std::ostream& out);

/// As above, as one string.
std::string ExportChromeTrace(const TraceDocument& document,
                              const ChromeTraceOptions& options = {});

}  // namespace tracedoc

#endif  // TRACEDOC_CHROME_TRACE_HPP_
