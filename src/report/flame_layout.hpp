// The flame chart's layout (an icicle: roots on top, children below): where each span and op of
// the span tree goes, widths proportional to duration, frames too narrow to see merged when the
// tree is large. Pure geometry; flame_chart.cpp draws it.
#ifndef TRACEDOC_SRC_REPORT_FLAME_LAYOUT_HPP_
#define TRACEDOC_SRC_REPORT_FLAME_LAYOUT_HPP_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "tracedoc/document.hpp"

namespace tracedoc::report {

/// The chart's width in pixels, which frame widths are measured against.
inline constexpr double kFlameWidthPx = 1200;
/// Rows beyond this many are not drawn (a chain of a million nested spans must not make a page
/// a million rows tall).
inline constexpr std::uint32_t kMaxFlameRows = 200;

enum class FrameKind : std::uint8_t {
  kSpan,  // `index` is a SpanPosition
  kOp,    // `index` is a position in TraceDocument::ops()
  kMore,  // `merged` children of the span `index` (kRoots: roots), each narrower than a pixel
};

/// The `index` of a kMore frame that stands for roots.
inline constexpr std::uint32_t kRoots = 0xFFFFFFFF;

struct Frame {
  FrameKind kind = FrameKind::kSpan;
  std::uint32_t row = 0;
  std::uint32_t index = 0;
  std::uint64_t merged = 0;
  /// Summed duration of the merged frames (kMore); the frame's own otherwise.
  std::uint64_t duration_ns = 0;
  double x_px = 0;
  double width_px = 0;
};

struct FlameLayout {
  /// Row by row; within a row, a parent's merged frame before its other children.
  std::vector<Frame> frames;
  std::uint32_t rows = 0;
  /// Whether frames narrower than a pixel were merged (the tree had more than the budget).
  bool aggregated = false;
  /// Frames not drawn: rows beyond kMaxFlameRows or beyond the budget.
  std::uint64_t left_out = 0;
  /// Spans not under a root (an unknown parent, or a parent cycle): never drawn.
  std::uint64_t unreachable_spans = 0;
};

/// Lays out the span tree of `document` from its roots (SpanIndex order: children by start),
/// each span's ops beside its child spans on the row below it. An open span ends at the
/// terminal. With more spans and ops than `max_frames`, children (and roots) narrower than one
/// pixel merge into one kMore frame per parent, and no more than `max_frames` frames are laid out.
FlameLayout LayOutFlameChart(const TraceDocument& document, std::size_t max_frames);

/// The end of a span as the chart draws it: start + duration, or for an open span the terminal
/// (trace/6, without one: the latest host evidence).
std::uint64_t SpanEndNs(const TraceDocument& document, const SpanRecord& span);

}  // namespace tracedoc::report

#endif  // TRACEDOC_SRC_REPORT_FLAME_LAYOUT_HPP_
