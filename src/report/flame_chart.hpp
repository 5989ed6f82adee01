// The flame chart as SVG: one `<g class="frame …">` per laid-out frame, its name written when it
// fits, everything about it in a `<title>` tooltip.
#ifndef TRACEDOC_SRC_REPORT_FLAME_CHART_HPP_
#define TRACEDOC_SRC_REPORT_FLAME_CHART_HPP_

#include <cstddef>
#include <ostream>

#include "tracedoc/document.hpp"

namespace tracedoc::report {

/// Lays out and writes the flame chart of `document` (see LayOutFlameChart for `max_frames`),
/// with a note when frames were merged or left out. Nothing but a sentence without spans.
void WriteFlameChart(std::ostream& out, const TraceDocument& document, std::size_t max_frames);

}  // namespace tracedoc::report

#endif  // TRACEDOC_SRC_REPORT_FLAME_CHART_HPP_
