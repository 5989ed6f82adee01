// The speedscope export (docs/speedscope.md): a TraceDocument in speedscope's own file format,
// one evented profile per timeline track, frames named by span, op or launching span alone so
// that speedscope's Left Heavy and Sandwich views aggregate every call of a name.
#ifndef TRACEDOC_SPEEDSCOPE_HPP_
#define TRACEDOC_SPEEDSCOPE_HPP_

#include <iosfwd>
#include <string>

#include "tracedoc/chrome_trace.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc {

/// What the export leaves out. Everything is in by default.
struct SpeedscopeOptions {
  /// Ops, inside their spans.
  bool ops = true;
  /// Device intervals, a profile per device stream track.
  bool device_intervals = true;
};

/// Writes the file (no trailing newline) to `write_chunk`: the profiles are the Chrome export's
/// thread tracks, in its order, each named `PROCESS: TRACK` as that export names them; times
/// are integer nanoseconds. Besides the document, the export holds a few bytes per begin or end
/// (a profile's events are written together) and a frame per distinct name, then writes in
/// 64 KiB chunks. No errors.
void ExportSpeedscope(const TraceDocument& document, const SpeedscopeOptions& options,
                      const ChunkWriter& write_chunk);

/// As above, written to `out`. A failing stream keeps its state (check `out` afterwards) and is
/// written to no further.
void ExportSpeedscope(const TraceDocument& document, const SpeedscopeOptions& options,
                      std::ostream& out);

/// As above, as one string.
std::string ExportSpeedscope(const TraceDocument& document, const SpeedscopeOptions& options = {});

}  // namespace tracedoc

#endif  // TRACEDOC_SPEEDSCOPE_HPP_
