#include "report/timeline_overview.hpp"

#include <algorithm>
#include <string>

#include "report/html_escape.hpp"
#include "report/units.hpp"
#include "text/utf8.hpp"
#include "timeline/slice_names.hpp"

namespace tracedoc::report {
namespace {

constexpr double kLabelPx = 200;
constexpr double kAxisPx = 26;
constexpr double kRowPx = 16;
// An 11 px system-ui digit or letter is about this wide: enough to decide what fits.
constexpr double kCharPx = 6.4;
constexpr std::size_t kMaxLabelBytes = 96;

std::string_view KindClass(timeline::SliceKind kind) {
  switch (kind) {
    case timeline::SliceKind::kSpan:
      return "span";
    case timeline::SliceKind::kOp:
      return "op";
    case timeline::SliceKind::kDeviceInterval:
      break;
  }
  return "device";
}

// A colour of eight, the same for a name wherever it is drawn (not a table's hash: no table).
unsigned ColourOf(std::string_view name) {
  std::uint32_t hash = 2166136261u;
  for (unsigned char c : name) hash = (hash ^ c) * 16777619u;
  return hash % 8;
}

// As much of `name` as fits in `width` pixels, cut with an ellipsis; empty when not even a
// few characters fit.
std::string FittingLabel(std::string_view name, double width) {
  const double chars = (width - 4) / kCharPx;
  if (chars < 3) return {};
  const auto fits = static_cast<std::size_t>(chars);
  if (name.size() <= fits) return std::string(name);
  // Bytes, not characters: a non-ASCII name is cut earlier than it needs to be, never later.
  return text::Shortened(name, std::min(fits - 1, kMaxLabelBytes));
}

class OverviewWriter {
 public:
  OverviewWriter(std::ostream& out, const TraceDocument& document, const TimeWindow& window,
                 std::size_t max_elements)
      : out_(out), names_(document), window_(window),
        max_elements_(max_elements) {}

  double X(std::uint64_t at) const {
    const double span = static_cast<double>(std::max<std::uint64_t>(window_.span_ns(), 1));
    const double after = at > window_.origin_ns ? static_cast<double>(at - window_.origin_ns) : 0;
    return kLabelPx + std::min(after / span, 1.0) * kOverviewPlotPx;
  }
  bool full() const { return elements_ >= max_elements_; }

  // One row's frames (sorted by start); false when the shape budget ran out in it.
  bool WriteRow(std::size_t row, const LaneFrame* first, const LaneFrame* last) {
    const double y = kAxisPx + static_cast<double>(row) * kRowPx;
    for (const LaneFrame* frame = first; frame != last; ++frame) {
      const double x0 = X(frame->start_ns);
      const double x1 = X(frame->end_ns);
      if (x1 - x0 >= 1) {
        FlushRun(y);
        if (full()) return false;
        WriteFrame(*frame, x0, x1, y);
      } else if (run_count_ != 0 && x0 <= run_end_ + 1) {
        run_end_ = std::max(run_end_, x1);
        ++run_count_;
      } else {
        FlushRun(y);
        if (full()) return false;
        run_start_ = x0;
        run_end_ = x1;
        run_count_ = 1;
      }
    }
    FlushRun(y);
    return true;
  }

 private:
  void WriteFrame(const LaneFrame& frame, double x0, double x1, double y) {
    const std::string_view name = names_.Name(frame.ref, buffer_);
    const std::uint64_t duration = frame.end_ns - frame.start_ns;
    out_ << "<g class=\"frame " << KindClass(frame.ref.kind) << " c" << ColourOf(name)
         << "\"><rect x=\"" << FormatPixels(x0) << "\" y=\"" << FormatPixels(y) << "\" width=\""
         << FormatPixels(x1 - x0) << "\" height=\"" << FormatPixels(kRowPx - 1) << "\"/>";
    const std::string label = FittingLabel(name, x1 - x0);
    if (!label.empty()) {
      out_ << "<text x=\"" << FormatPixels(x0 + 2) << "\" y=\"" << FormatPixels(y + 11.5)
           << "\">";
      WriteEscaped(out_, label);
      out_ << "</text>";
    }
    out_ << "<title>";
    WriteEscaped(out_, text::Shortened(name, kMaxLabelBytes * 2));
    out_ << " (" << KindClass(frame.ref.kind) << "): " << FormatDuration(duration)
         << " from " << FormatDuration(frame.start_ns - window_.origin_ns) << "</title></g>\n";
    ++elements_;
  }
  void FlushRun(double y) {
    if (run_count_ == 0) return;
    out_ << "<rect class=\"busy\" x=\"" << FormatPixels(run_start_) << "\" y=\""
         << FormatPixels(y) << "\" width=\"" << FormatPixels(std::max(1.0, run_end_ - run_start_))
         << "\" height=\"" << FormatPixels(kRowPx - 1) << "\"><title>" << FormatCount(run_count_)
         << " frame(s) narrower than a pixel</title></rect>\n";
    run_count_ = 0;
    ++elements_;
  }

  std::ostream& out_;
  const timeline::SliceNames names_;
  const TimeWindow& window_;
  const std::size_t max_elements_;
  std::size_t elements_ = 0;
  std::string buffer_;
  double run_start_ = 0;
  double run_end_ = 0;
  std::uint64_t run_count_ = 0;
};

void WriteAxis(std::ostream& out, const TimeWindow& window, double height) {
  const Axis axis = MakeExactAxis(Quantity::kNanoseconds, window.span_ns());
  for (std::size_t k = 0; k < axis.ticks.size(); ++k) {
    const double x = kLabelPx + (axis.max > 0 ? axis.ticks[k] / axis.max : 0) * kOverviewPlotPx;
    out << "<line class=\"grid\" x1=\"" << FormatPixels(x) << "\" y1=\"" << FormatPixels(kAxisPx - 4)
        << "\" x2=\"" << FormatPixels(x) << "\" y2=\"" << FormatPixels(height) << "\"/>"
        << "<text class=\"tick\" x=\"" << FormatPixels(x) << "\" y=\"14\" text-anchor=\""
        << (k == 0 ? "start" : "middle") << "\">" << axis.labels[k] << ' ' << axis.unit
        << "</text>\n";
  }
}

}  // namespace

void WriteTimelineOverview(std::ostream& out, const TraceDocument& document,
                           const ReportTimeline& timeline, const TimeWindow& window,
                           const std::optional<PeakMark>& peak, std::size_t max_elements) {
  if (timeline.frames.empty()) {
    out << "<p class=\"empty\">The trace has no spans, ops or device intervals.</p>\n";
    return;
  }
  const std::size_t rows = std::min(timeline.lanes.size(), kMaxOverviewRows);
  const double height = kAxisPx + static_cast<double>(rows) * kRowPx + 4;
  const double width = kLabelPx + kOverviewPlotPx + 10;
  out << "<svg class=\"timeline-overview\" width=\"" << FormatPixels(width) << "\" height=\""
      << FormatPixels(height) << "\" viewBox=\"0 0 " << FormatPixels(width) << ' '
      << FormatPixels(height) << "\" role=\"img\" aria-label=\"spans, ops and device intervals "
      << "over time\">\n";
  WriteAxis(out, window, height);
  OverviewWriter writer(out, document, window, max_elements);
  std::size_t frame = 0;
  std::size_t drawn_rows = 0;
  for (std::size_t row = 0; row < rows; ++row) {
    const Lane& lane = timeline.lanes[row];
    if (lane.depth == 0) {
      out << "<text class=\"lane\" x=\"4\" y=\""
          << FormatPixels(kAxisPx + static_cast<double>(row) * kRowPx + 11.5) << "\">";
      WriteEscaped(out, text::Shortened(timeline.processes[lane.process] + " · " + lane.track, 30));
      out << "</text>\n";
    }
    const std::size_t first = frame;
    while (frame < timeline.frames.size() && timeline.frames[frame].row == row) ++frame;
    if (!writer.WriteRow(row, timeline.frames.data() + first, timeline.frames.data() + frame)) {
      break;
    }
    drawn_rows = row + 1;
  }
  if (peak) {
    const std::string x = FormatPixels(writer.X(peak->timestamp_ns));
    out << "<line class=\"peak-line\" x1=\"" << x << "\" y1=\"" << FormatPixels(kAxisPx - 4)
        << "\" x2=\"" << x << "\" y2=\"" << FormatPixels(height) << "\"><title>logical memory "
        << "peak: " << FormatBytes(peak->bytes) << " at "
        << FormatDuration(peak->timestamp_ns - std::min(peak->timestamp_ns, window.origin_ns))
        << "</title></line>\n";
  }
  out << "</svg>\n<p class=\"note\">Time from timestamp " << FormatCount(window.origin_ns)
      << " ns. " << FormatCount(timeline.frames.size()) << " frame(s) on "
      << FormatCount(timeline.lanes.size()) << " row(s)";
  if (drawn_rows < timeline.lanes.size()) {
    out << "; this picture shows the first " << FormatCount(drawn_rows)
        << " row(s), the interactive timeline shows them all";
  }
  out << ".</p>\n";
}

}  // namespace tracedoc::report
