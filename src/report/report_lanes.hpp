// The report's timeline rows (docs/report.md, "Timeline"): every span, op and device interval on
// the track the Chrome export puts it on (timeline::PlaceTimeline), and on that track at its
// nesting depth, so that no two frames of one row overlap in time. The static overview and the
// page's data block both draw from it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "timeline/timeline_output.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::report {

/// One row: a track of a process at one depth of its nesting (or one of its overflow rows).
struct Lane {
  std::uint32_t process = 0;  // index into ReportTimeline::processes
  std::string track;          // the track's name, as the Chrome export names the thread
  std::uint32_t depth = 0;
};

/// A span, op or device interval where the timeline draws it. 32 bytes: a page holds one per
/// slice of the trace.
struct LaneFrame {
  timeline::SliceRef ref;
  std::uint32_t row = 0;
  /// How many slices its track held open when it began (its row within the track, unless it
  /// had to move to an overflow row).
  std::uint32_t depth = 0;
  std::uint64_t start_ns = 0;  // absolute, as in the document
  std::uint64_t end_ns = 0;    // == start_ns for an instant
};

struct ReportTimeline {
  std::vector<std::string> processes;
  std::vector<Lane> lanes;
  /// By row, then by (start, end): within a row each frame ends before the next starts (an
  /// instant may sit on another frame's start or end).
  std::vector<LaneFrame> frames;
};

/// The rows of `document`'s spans, ops and device intervals. Time O(n log n), memory O(n).
ReportTimeline LayOutReportTimeline(const TraceDocument& document);

}  // namespace tracedoc::report
