#include "report/flame_layout.hpp"

#include <algorithm>
#include <limits>
#include <span>

#include "analysis/capture_end.hpp"
#include "util/saturating.hpp"

namespace tracedoc::report {
namespace {

struct Interval {
  std::uint64_t start = 0;
  std::uint64_t end = 0;
};

// Maps time onto [0, kFlameWidthPx], clipping what lies outside the roots' extent.
class TimeScale {
 public:
  TimeScale(std::uint64_t first, std::uint64_t last)
      : first_(first), last_(std::max(last, first + 1)) {}
  double X(std::uint64_t t) const {
    const std::uint64_t clipped = std::clamp(t, first_, last_);
    return static_cast<double>(clipped - first_) / static_cast<double>(last_ - first_) *
           kFlameWidthPx;
  }

 private:
  std::uint64_t first_;
  std::uint64_t last_;
};

Interval SpanInterval(const TraceDocument& document, const SpanRecord& span) {
  return {span.start_ns, SpanEndNs(document, span)};
}

Interval OpInterval(const OpRecord& op) {
  return {op.timestamp_ns, util::SaturatingAdd(op.timestamp_ns, op.duration_ns)};
}

class Layout {
 public:
  Layout(const TraceDocument& document, std::size_t max_frames)
      : document_(document),
        index_(document.span_index()),
        max_frames_(max_frames),
        scale_(Extent()) {
    result_.aggregated = document.spans().size() + document.ops().size() > max_frames;
  }

  FlameLayout Run() && {
    std::vector<Frame> row;
    AddFrames(kRoots, index_.roots(), {}, 0, row);
    std::uint64_t drawn_spans = 0;
    for (std::uint32_t depth = 0; !row.empty(); ++depth) {
      if (depth >= kMaxFlameRows || result_.frames.size() + row.size() > max_frames_) {
        result_.left_out = CountBelow(row);
        break;
      }
      std::vector<Frame> next;
      for (const Frame& frame : row) {
        result_.frames.push_back(frame);
        if (frame.kind != FrameKind::kSpan) continue;
        ++drawn_spans;
        AddFrames(frame.index, index_.children(frame.index), index_.ops(frame.index), depth + 1,
                  next);
      }
      result_.rows = depth + 1;
      row = std::move(next);
    }
    // Every span either was drawn, left out, or merged; what remains is out of the roots' reach.
    result_.unreachable_spans = document_.spans().size() - std::min<std::uint64_t>(
        document_.spans().size(), drawn_spans + spans_not_drawn_);
    return std::move(result_);
  }

 private:
  std::pair<std::uint64_t, std::uint64_t> ExtentPair() const {
    std::uint64_t first = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t last = 0;
    for (const SpanPosition root : index_.roots()) {
      const Interval interval = SpanInterval(document_, document_.spans()[root]);
      first = std::min(first, interval.start);
      last = std::max(last, interval.end);
    }
    return first <= last ? std::pair{first, last} : std::pair<std::uint64_t, std::uint64_t>{0, 1};
  }
  TimeScale Extent() const {
    const auto [first, last] = ExtentPair();
    return TimeScale(first, last);
  }

  Frame Place(FrameKind kind, std::uint32_t index, std::uint32_t row, Interval interval) const {
    const double x = scale_.X(interval.start);
    return Frame{.kind = kind,
                 .row = row,
                 .index = index,
                 .merged = 0,
                 .duration_ns = interval.end - interval.start,
                 .x_px = x,
                 .width_px = scale_.X(interval.end) - x};
  }
  Frame SpanFrame(SpanPosition span, std::uint32_t row) const {
    return Place(FrameKind::kSpan, span, row, SpanInterval(document_, document_.spans()[span]));
  }

  // The spans and ops under `span` (kRoots: the roots), onto `next`: in an aggregated chart,
  // those narrower than a pixel become one kMore frame, placed first.
  void AddFrames(SpanPosition span, std::span<const SpanPosition> spans,
                 std::span<const std::uint32_t> ops, std::uint32_t row, std::vector<Frame>& next) {
    const std::size_t first = next.size();
    Frame more;
    more.kind = FrameKind::kMore;
    more.row = row;
    more.index = span;
    double more_end = 0;
    auto add = [&](const Frame& frame, std::uint64_t subtree_spans) {
      if (!result_.aggregated || frame.width_px >= 1.0) {
        next.push_back(frame);
        return;
      }
      more.x_px = more.merged == 0 ? frame.x_px : std::min(more.x_px, frame.x_px);
      more_end = std::max(more_end, frame.x_px + frame.width_px);
      ++more.merged;
      more.duration_ns = util::SaturatingAdd(more.duration_ns, frame.duration_ns);
      spans_not_drawn_ += subtree_spans;
    };
    for (const SpanPosition child : spans) add(SpanFrame(child, row), SubtreeSpans(child));
    for (const std::uint32_t op : ops) {
      add(Place(FrameKind::kOp, op, row, OpInterval(document_.ops()[op])), 0);
    }
    if (more.merged == 0) return;
    more.width_px = std::max(more_end - more.x_px, 1.0);
    next.insert(next.begin() + static_cast<std::ptrdiff_t>(first), more);
  }

  // The spans in `span`'s subtree, itself included (iterative: trees can be deep).
  std::uint64_t SubtreeSpans(SpanPosition span) const {
    std::uint64_t count = 0;
    std::vector<SpanPosition> stack{span};
    while (!stack.empty()) {
      const SpanPosition top = stack.back();
      stack.pop_back();
      ++count;
      for (const SpanPosition child : index_.children(top)) stack.push_back(child);
    }
    return count;
  }

  // The frames of `row` and everything under them, which will not be drawn.
  std::uint64_t CountBelow(const std::vector<Frame>& row) {
    std::uint64_t count = 0;
    for (const Frame& frame : row) {
      if (frame.kind == FrameKind::kMore) {
        count += frame.merged;
      } else if (frame.kind == FrameKind::kOp) {
        ++count;
      } else {
        const std::uint64_t spans = SubtreeSpans(frame.index);
        spans_not_drawn_ += spans;
        count += spans;
      }
    }
    return count;
  }

  const TraceDocument& document_;
  SpanIndex index_;
  std::size_t max_frames_;
  TimeScale scale_;
  FlameLayout result_;
  std::uint64_t spans_not_drawn_ = 0;
};

}  // namespace

std::uint64_t SpanEndNs(const TraceDocument& document, const SpanRecord& span) {
  if (span.closed) return util::SaturatingAdd(span.start_ns, span.duration_ns);
  return std::max(span.start_ns, analysis::CaptureEndNs(document));
}

FlameLayout LayOutFlameChart(const TraceDocument& document, std::size_t max_frames) {
  return Layout(document, max_frames).Run();
}

}  // namespace tracedoc::report
