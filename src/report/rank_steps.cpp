// docs/report.md, "Steps per rank". The page's style sheet is shared with every report, so this
// section carries its layout and colours as attributes instead of new CSS rules.
#include "report/rank_steps.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "analysis/traceml_ranks.hpp"
#include "report/units.hpp"
#include "util/saturating.hpp"

namespace tracedoc::report {
namespace {

constexpr std::size_t kMaxCharts = 8;
constexpr double kWidth = 300;
constexpr double kHeight = 170;
constexpr double kLeft = 56;
constexpr double kTop = 10;
constexpr double kPlotWidth = 230;
constexpr double kPlotHeight = 130;

// A rank's step durations, in start order.
struct RankSteps {
  std::uint64_t rank = 0;
  std::vector<std::uint64_t> durations_ns;
};

std::vector<RankSteps> CollectRankSteps(const TraceDocument& document) {
  std::vector<RankSteps> ranks;
  const SpanIndex index = document.span_index();
  const std::span<const SpanRecord> spans = document.spans();
  for (const analysis::RankSpan& rank : analysis::TraceMLRankSpans(document)) {
    std::vector<SpanPosition> steps(index.children(rank.span).begin(),
                                    index.children(rank.span).end());
    std::sort(steps.begin(), steps.end(), [&](SpanPosition a, SpanPosition b) {
      return spans[a].start_ns != spans[b].start_ns ? spans[a].start_ns < spans[b].start_ns
                                                    : a < b;
    });
    RankSteps& entry = ranks.emplace_back();
    entry.rank = rank.rank;
    for (const SpanPosition step : steps) entry.durations_ns.push_back(spans[step].duration_ns);
  }
  return ranks;
}

// The longest step of each pixel column: the steps themselves when they fit.
std::vector<std::uint64_t> Columns(const std::vector<std::uint64_t>& durations) {
  const std::size_t columns = static_cast<std::size_t>(kPlotWidth);
  if (durations.size() <= columns) return durations;
  std::vector<std::uint64_t> longest(columns, 0);
  for (std::size_t i = 0; i < durations.size(); ++i) {
    std::uint64_t& column = longest[i * columns / durations.size()];
    column = std::max(column, durations[i]);
  }
  return longest;
}

void WriteChart(std::ostream& out, const RankSteps& rank, const Axis& axis) {
  const double bottom = kTop + kPlotHeight;
  out << "<figure style=\"margin:0\"><figcaption>Rank " << rank.rank << "</figcaption>\n"
      << "<svg class=\"rank-steps-chart\" data-rank=\"" << rank.rank << "\" width=\"" << kWidth
      << "\" height=\"" << kHeight << "\" viewBox=\"0 0 " << kWidth << ' ' << kHeight
      << "\" role=\"img\" aria-label=\"step durations of rank " << rank.rank << "\">\n";
  for (std::size_t k = 0; k < axis.ticks.size(); ++k) {
    const std::string y = FormatPixels(bottom - axis.ticks[k] / axis.max * kPlotHeight);
    out << "<line stroke=\"#eee\" x1=\"" << FormatPixels(kLeft) << "\" y1=\"" << y << "\" x2=\""
        << FormatPixels(kLeft + kPlotWidth) << "\" y2=\"" << y << "\"/><text x=\""
        << FormatPixels(kLeft - 4) << "\" y=\"" << y << "\" dy=\"4\" text-anchor=\"end\">"
        << axis.labels[k] << ' ' << axis.unit << "</text>\n";
  }
  const std::vector<std::uint64_t> columns = Columns(rank.durations_ns);
  const double width = kPlotWidth / static_cast<double>(std::max<std::size_t>(columns.size(), 1));
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const double height = static_cast<double>(columns[i]) / axis.max * kPlotHeight;
    out << "<rect class=\"step-bar\" fill=\"#2f6fd6\" x=\""
        << FormatPixels(kLeft + width * static_cast<double>(i)) << "\" y=\""
        << FormatPixels(bottom - height) << "\" width=\"" << FormatPixels(width) << "\" height=\""
        << FormatPixels(height) << "\"/>\n";
  }
  out << "<line stroke=\"#333\" x1=\"" << FormatPixels(kLeft) << "\" y1=\"" << FormatPixels(bottom)
      << "\" x2=\"" << FormatPixels(kLeft + kPlotWidth) << "\" y2=\"" << FormatPixels(bottom)
      << "\"/>\n<text x=\"" << FormatPixels(kLeft + kPlotWidth / 2) << "\" y=\""
      << FormatPixels(kHeight - 8) << "\" text-anchor=\"middle\">" << FormatCount(rank.durations_ns.size())
      << " step(s), in start order</text>\n</svg>";
  if (columns.size() < rank.durations_ns.size()) {
    out << "<p class=\"note aggregated\">Each bar is the longest of its column's steps.</p>";
  }
  out << "</figure>\n";
}

// The nearest-rank median: the ceil(n/2)-th smallest.
std::uint64_t Median(std::vector<std::uint64_t> durations) {
  const std::size_t k = (durations.size() + 1) / 2 - 1;
  std::nth_element(durations.begin(), durations.begin() + static_cast<std::ptrdiff_t>(k),
                   durations.end());
  return durations[k];
}

void WriteTable(std::ostream& out, const std::vector<RankSteps>& ranks, std::size_t max_rows) {
  out << "<table class=\"rank-steps\">\n<thead><tr><th>rank</th><th>steps</th><th>shortest</th>"
         "<th>median</th><th>longest</th><th>total</th></tr></thead>\n<tbody>\n";
  for (std::size_t i = 0; i < std::min(ranks.size(), max_rows); ++i) {
    const RankSteps& rank = ranks[i];
    out << "<tr><td>" << rank.rank << "</td><td>" << FormatCount(rank.durations_ns.size())
        << "</td>";
    if (rank.durations_ns.empty()) {
      out << "<td></td><td></td><td></td><td></td></tr>\n";
      continue;
    }
    const auto [shortest, longest] =
        std::minmax_element(rank.durations_ns.begin(), rank.durations_ns.end());
    std::uint64_t total = 0;
    for (const std::uint64_t duration : rank.durations_ns) {
      total = util::SaturatingAdd(total, duration);
    }
    out << "<td>" << FormatDuration(*shortest) << "</td><td>"
        << FormatDuration(Median(rank.durations_ns)) << "</td><td>" << FormatDuration(*longest)
        << "</td><td>" << FormatDuration(total) << "</td></tr>\n";
  }
  out << "</tbody>\n</table>\n";
  if (ranks.size() > max_rows) {
    out << "<p class=\"note\">" << FormatCount(ranks.size() - max_rows)
        << " more rank(s) not listed.</p>\n";
  }
}

}  // namespace

std::optional<StragglerLine> FindStraggler(const TraceDocument& document) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> medians;  // (rank, median)
  for (const RankSteps& rank : CollectRankSteps(document)) {
    if (!rank.durations_ns.empty()) medians.emplace_back(rank.rank, Median(rank.durations_ns));
  }
  if (medians.size() < 2) return std::nullopt;
  const auto slowest = std::max_element(medians.begin(), medians.end(),
                                        [](const auto& a, const auto& b) {
                                          return a.second != b.second ? a.second < b.second
                                                                      : a.first > b.first;
                                        });
  std::vector<std::uint64_t> values;
  for (const auto& [rank, median] : medians) values.push_back(median);
  const std::uint64_t middle = Median(values);
  return StragglerLine{slowest->first, slowest->second, slowest->second - middle};
}

bool HasRankSteps(const TraceDocument& document) {
  return !analysis::TraceMLRankSpans(document).empty();
}

void WriteRankStepsSection(std::ostream& out, const TraceDocument& document,
                           std::size_t max_table_rows) {
  const std::vector<RankSteps> ranks = CollectRankSteps(document);
  if (ranks.empty()) return;
  std::uint64_t longest = 0;
  for (const RankSteps& rank : ranks) {
    for (const std::uint64_t duration : rank.durations_ns) longest = std::max(longest, duration);
  }
  // One scale for every rank, so bars compare across charts.
  const Axis axis = MakeAxis(Quantity::kNanoseconds, longest);
  out << "<section id=\"rank-steps\">\n<h2>Steps per rank</h2>\n"
         "<div style=\"display:flex;flex-wrap:wrap;gap:12px\">\n";
  for (std::size_t i = 0; i < std::min(ranks.size(), kMaxCharts); ++i) {
    WriteChart(out, ranks[i], axis);
  }
  out << "</div>\n";
  if (ranks.size() > kMaxCharts) {
    out << "<p class=\"note\">" << FormatCount(ranks.size() - kMaxCharts)
        << " more rank(s) not charted.</p>\n";
  }
  WriteTable(out, ranks, max_table_rows);
  out << "</section>\n";
}

}  // namespace tracedoc::report
