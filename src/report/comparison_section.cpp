#include "report/comparison_section.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "analysis/logical_memory.hpp"
#include "report/chart_frame.hpp"
#include "report/html_escape.hpp"
#include "report/units.hpp"
#include "tracedoc/health.hpp"

namespace tracedoc::report {
namespace {

// Rows of op names and of span paths in the changes table: the largest changes, as the
// command line's table shows them.
constexpr std::size_t kChangeRows = 10;
constexpr double kWidth = kTimeChartWidth;
constexpr double kHeight = kTimeChartHeight;

std::string Ratio(std::optional<double> ratio) {
  if (!ratio) return "n/a";
  char text[32];
  const int n = std::snprintf(text, sizeof text, "%+.1f %%", (*ratio - 1) * 100);
  return n > 0 ? std::string(text, static_cast<std::size_t>(std::min(n, 31))) : "n/a";
}

void WriteChangeRow(std::ostream& out, std::string_view kind, std::string_view name,
                    std::string base, std::string candidate, std::string delta,
                    std::optional<double> ratio) {
  out << "<tr><td>" << kind << "</td><td><code>";
  WriteEscaped(out, name);
  out << "</code></td><td>" << base << "</td><td>" << candidate << "</td><td>" << delta
      << "</td><td>" << Ratio(ratio) << "</td></tr>\n";
}

std::string SignedBytes(std::int64_t delta) {
  const std::uint64_t magnitude =
      delta < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(delta) : static_cast<std::uint64_t>(delta);
  return (delta < 0 ? "-" : "+") + FormatBytes(magnitude);
}

void WriteChangesTable(std::ostream& out, const TraceDiff& diff) {
  out << "<table class=\"changes\"><thead><tr><th>what</th><th>name</th><th>baseline</th>"
         "<th>candidate</th><th>change</th><th>relative</th></tr></thead><tbody>\n";
  const FigureChange& total = diff.total_ns;
  WriteChangeRow(out, "run", "measured spans", FormatDuration(total.base.value_or(0)),
                 FormatDuration(total.candidate.value_or(0)),
                 FormatSignedDuration(static_cast<double>(total.delta())), total.ratio());
  const FigureChange& peak = diff.logical_peak.live_bytes;
  WriteChangeRow(out, "memory", "logical peak",
                 peak.base ? FormatBytes(*peak.base) : "none",
                 peak.candidate ? FormatBytes(*peak.candidate) : "none", SignedBytes(peak.delta()),
                 peak.ratio());
  for (std::size_t i = 0; i < std::min(kChangeRows, diff.ops.size()); ++i) {
    const OpChange& op = diff.ops[i];
    WriteChangeRow(out, "op", op.op_name, FormatDuration(op.base.total_ns),
                   FormatDuration(op.candidate.total_ns),
                   FormatSignedDuration(static_cast<double>(op.delta_ns())), op.ratio());
  }
  for (std::size_t i = 0; i < std::min(kChangeRows, diff.spans.size()); ++i) {
    const SpanPathChange& span = diff.spans[i];
    WriteChangeRow(out, "span", span.path, FormatDuration(span.base.total_ns),
                   FormatDuration(span.candidate.total_ns),
                   FormatSignedDuration(static_cast<double>(span.delta_ns())), span.ratio());
  }
  out << "</tbody></table>\n";
  const std::size_t more = diff.ops.size() - std::min(kChangeRows, diff.ops.size()) +
                           diff.spans.size() - std::min(kChangeRows, diff.spans.size());
  if (more != 0) {
    out << "<p class=\"note\">" << FormatCount(more)
        << " smaller change(s) not listed: <code>tracedoc diff --json --top 0</code> lists them "
           "all.</p>\n";
  }
}

void WriteCurvesChart(std::ostream& out, std::span<const CurvePoint> baseline,
                      std::span<const CurvePoint> candidate, std::size_t max_points) {
  if (baseline.empty() && candidate.empty()) {
    out << "<p class=\"empty\">Neither run has memory events.</p>\n";
    return;
  }
  std::uint64_t last_ns = 1;
  std::uint64_t largest = 0;
  for (const std::span<const CurvePoint> curve : {baseline, candidate}) {
    for (const CurvePoint& point : curve) largest = std::max(largest, point.bytes);
    if (!curve.empty()) last_ns = std::max(last_ns, curve.back().timestamp_ns);
  }
  const Axis time = MakeExactAxis(Quantity::kNanoseconds, last_ns);
  const Axis bytes = MakeAxis(Quantity::kBytes, largest);
  PlotArea area = TimeChartPlotArea();
  area.span_ns = time.max;
  area.max_bytes = bytes.max;
  out << "<svg class=\"memory-chart comparison-chart\" width=\"" << kWidth << "\" height=\""
      << kHeight << "\" viewBox=\"0 0 " << kWidth << ' ' << kHeight
      << "\" role=\"img\" aria-label=\"live bytes of both runs\">\n";
  WriteChartAxes(out, area, time, bytes, 0, kHeight);
  bool reduced = WriteCurve(out, "baseline", baseline, area, max_points, true);
  reduced |= WriteCurve(out, "logical candidate", candidate, area, max_points, true);
  out << "</svg>\n<p class=\"legend\"><span class=\"key baseline\"></span>baseline "
         "<span class=\"key logical\"></span>candidate: live bytes (logical, every device), "
         "time from each run's start</p>\n";
  if (reduced) {
    out << "<p class=\"note aggregated\">More than " << FormatCount(max_points)
        << " points: each pixel column shows the lowest and highest value in it.</p>\n";
  }
}

template <class Item, class Write>
void WriteList(std::ostream& out, std::string_view heading, std::span<const Item> items,
               std::size_t max_rows, const Write& write) {
  out << "<h3>" << heading << " (" << FormatCount(items.size()) << ")</h3>\n";
  if (items.empty()) {
    out << "<p class=\"empty\">None.</p>\n";
    return;
  }
  out << "<ul>\n";
  for (std::size_t i = 0; i < std::min(max_rows, items.size()); ++i) {
    out << "<li><code>";
    write(items[i]);
    out << "</code></li>\n";
  }
  out << "</ul>\n";
  if (items.size() > max_rows) {
    out << "<p class=\"note\">and " << FormatCount(items.size() - max_rows) << " more.</p>\n";
  }
}

}  // namespace

std::vector<CurvePoint> LiveBytesFromStart(const TraceDocument& document) {
  std::optional<std::uint64_t> start;
  for (const SpanRecord& span : document.spans()) {
    start = std::min(start.value_or(span.start_ns), span.start_ns);
  }
  for (const MemoryRecord& event : document.memory()) {
    start = std::min(start.value_or(event.timestamp_ns), event.timestamp_ns);
  }
  std::vector<CurvePoint> curve;
  analysis::ReplayLogicalTimeline(document.memory(), [&](const LogicalMemoryTimelinePoint& point) {
    if (!curve.empty() && curve.back().bytes == point.live_bytes) return;
    curve.push_back({point.timestamp_ns - start.value_or(0), point.live_bytes});
  });
  return curve;
}

void WriteComparisonSection(std::ostream& out, const TraceDiff& diff,
                            const std::vector<CurvePoint>& baseline_curve,
                            const std::vector<CurvePoint>& candidate_curve,
                            std::size_t max_points, std::size_t max_rows) {
  out << "<section id=\"comparison\">\n<h2>Compared with the baseline</h2>\n";
  if (diff.empty()) {
    out << "<p class=\"empty\">No differences: the two runs have the same figures "
           "(docs/diff.md).</p>\n";
  }
  out << "<h3>Largest changes</h3>\n";
  WriteChangesTable(out, diff);
  out << "<h3>Live bytes</h3>\n";
  WriteCurvesChart(out, baseline_curve, candidate_curve, max_points);
  const auto path = [&](std::size_t at) { WriteEscaped(out, diff.spans[at].path); };
  WriteList(out, "Span paths added", std::span<const std::size_t>(diff.added_spans), max_rows, path);
  WriteList(out, "Span paths removed", std::span<const std::size_t>(diff.removed_spans), max_rows,
            path);
  const auto code = [&out](HealthCode c) { out << HealthCodeName(c); };
  WriteList(out, "Health issues new", std::span<const HealthCode>(diff.new_issues), max_rows, code);
  WriteList(out, "Health issues gone", std::span<const HealthCode>(diff.gone_issues), max_rows,
            code);
  out << "</section>\n";
}

}  // namespace tracedoc::report
