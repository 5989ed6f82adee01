// docs/report.md, "Steps per rank". The page's style sheet is shared with every report, so this
// section carries its layout and colours as attributes instead of new CSS rules.
#include "report/rank_steps.hpp"

#include <algorithm>
#include <array>
#include <deque>
#include <span>
#include <string>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "report/chart_frame.hpp"
#include "report/html_escape.hpp"
#include "report/units.hpp"
#include "text/utf8.hpp"
#include "tracedoc/converted_facts.hpp"
#include "util/saturating.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::report {
namespace {

constexpr std::size_t kMaxCharts = 8;
constexpr ChartBox kBox{
    .width = 300, .height = 170, .left = 56, .top = 10, .plot_width = 230, .plot_height = 130};

// Phases get one of these colours by name, in order of first appearance; the ninth name on
// shares the last ("other"). A step without phases, or the part its phases do not cover, is
// drawn in kStepColour.
constexpr std::array<std::string_view, 9> kPhaseColours = {
    "#2f6fd6", "#e07b00", "#3aa655", "#c4473a", "#8e5cc2", "#8c6d31", "#d462a6", "#5fb3c4",
    "#999999"};
constexpr std::string_view kStepColour = "#b8c7e0";
constexpr std::size_t kOtherPhase = kPhaseColours.size() - 1;

// One step of a rank: its number (from the converter's span id `rR.sS`, else its place in start
// order), its duration and span.
struct StepBar {
  std::uint64_t number = 0;
  std::uint64_t duration_ns = 0;
  SpanPosition span = 0;
};

struct RankSteps {
  std::uint64_t rank = 0;
  std::vector<StepBar> steps;  // by number
  std::vector<std::uint64_t> durations_ns;
};

struct RankStepsSet {
  std::vector<RankSteps> ranks;
  /// Whether every step had a number (else all are placed in start order).
  bool numbered = true;
};

// Each rank span's steps, from the document's converted facts (steps come in ranks' order).
RankStepsSet CollectRankSteps(const TraceDocument& document) {
  RankStepsSet set;
  const ConvertedFacts facts = document.converted_facts();
  set.numbered = facts.steps_numbered;
  const SpanIndex index = document.span_index();
  const RecordList<SpanRecord> spans = document.spans();
  std::size_t next = 0;
  for (const RankSpan& rank : facts.ranks) {
    RankSteps& entry = set.ranks.emplace_back();
    entry.rank = rank.rank;
    for (; next < facts.steps.size() && index.parent(facts.steps[next].span) == rank.span; ++next) {
      const RankStep& step = facts.steps[next];
      entry.steps.push_back({step.number, spans[step.span].duration_ns, step.span});
      entry.durations_ns.push_back(spans[step.span].duration_ns);
    }
  }
  return set;
}

// The phase names' colours, and each phase group's time over every step of every rank.
class PhasePalette {
 public:
  std::size_t ColourOf(std::string_view name) {
    const auto found = index_.find(name);
    if (found != index_.end()) return found->second;
    if (names_.size() == kOtherPhase) return kOtherPhase;
    names_.emplace_back(name);
    index_.emplace(names_.back(), names_.size() - 1);
    return names_.size() - 1;
  }
  const std::deque<std::string>& names() const { return names_; }

 private:
  std::deque<std::string> names_;  // keys below view into it
  boost::unordered_flat_map<std::string_view, std::size_t, util::SeededHash> index_;
};

// Each phase group's time in one step: its child spans by colour.
std::array<std::uint64_t, kPhaseColours.size()> PhaseTimes(const TraceDocument& document,
                                                            const SpanIndex& index,
                                                            SpanPosition step,
                                                            PhasePalette& palette) {
  std::array<std::uint64_t, kPhaseColours.size()> times{};
  for (const SpanPosition phase : index.children(step)) {
    const SpanRecord& span = document.spans()[phase];
    std::uint64_t& time = times[palette.ColourOf(span.name)];
    time = util::SaturatingAdd(time, span.duration_ns);
  }
  return times;
}

struct StepRange {
  std::uint64_t first = 0;
  std::uint64_t last = 0;
  std::size_t columns = 1;
  std::size_t Column(std::uint64_t number) const {
    const double width = static_cast<double>(last - first) + 1;
    return std::min(columns - 1, static_cast<std::size_t>(static_cast<double>(number - first) /
                                                          width * static_cast<double>(columns)));
  }
};

void WriteChart(std::ostream& out, const TraceDocument& document, const RankSteps& rank,
                const Axis& axis, const StepRange& range, PhasePalette& palette) {
  const double bottom = kBox.bottom();
  out << "<figure style=\"margin:0\"><figcaption>Rank " << rank.rank << "</figcaption>\n"
      << "<svg class=\"rank-steps-chart\" data-rank=\"" << rank.rank << '"';
  WriteSvgSize(out, kBox);
  out << " role=\"img\" aria-label=\"step durations of rank " << rank.rank << "\">\n";
  for (std::size_t k = 0; k < axis.ticks.size(); ++k) {
    WriteGridLine(out, kBox, FormatPixels(bottom - axis.ticks[k] / axis.max * kBox.plot_height), 4,
                  axis.labels[k] + ' ' + std::string(axis.unit));
  }
  // The longest step of each column (its steps by number), drawn as its phases stacked.
  std::vector<const StepBar*> longest(range.columns, nullptr);
  for (const StepBar& step : rank.steps) {
    const StepBar*& column = longest[range.Column(step.number)];
    if (column == nullptr || step.duration_ns > column->duration_ns) column = &step;
  }
  const double width = kBox.plot_width / static_cast<double>(range.columns);
  const SpanIndex index = document.span_index();
  for (std::size_t c = 0; c < range.columns; ++c) {
    if (longest[c] == nullptr) continue;  // a gap: no step of those numbers
    const StepBar& step = *longest[c];
    const double x = kBox.left + width * static_cast<double>(c);
    double top = bottom;
    const auto bar = [&](std::uint64_t ns, std::string_view colour) {
      if (ns == 0) return;
      const double height = static_cast<double>(ns) / axis.max * kBox.plot_height;
      top -= height;
      out << "<rect class=\"step-bar\" fill=\"" << colour << "\" x=\"" << FormatPixels(x)
          << "\" y=\"" << FormatPixels(top) << "\" width=\"" << FormatPixels(width)
          << "\" height=\"" << FormatPixels(height) << "\"/>";
    };
    out << "<g class=\"step\" data-step=\"" << step.number << "\">";
    std::uint64_t phased = 0;
    const auto times = PhaseTimes(document, index, step.span, palette);
    for (std::size_t k = 0; k < times.size(); ++k) {
      const std::uint64_t shown = std::min(times[k], step.duration_ns - phased);
      bar(shown, kPhaseColours[k]);
      phased += shown;
    }
    bar(step.duration_ns - phased, kStepColour);
    out << "<title>step " << step.number << ": " << FormatDuration(step.duration_ns)
        << "</title></g>\n";
  }
  WriteBaseline(out, kBox);
  out << "<text x=\"" << FormatPixels(kBox.left) << "\" y=\"" << FormatPixels(kBox.height - 8)
      << "\">" << range.first << "</text><text x=\"" << FormatPixels(kBox.left + kBox.plot_width)
      << "\" y=\"" << FormatPixels(kBox.height - 8) << "\" text-anchor=\"end\">" << range.last
      << "</text><text x=\"" << FormatPixels(kBox.left + kBox.plot_width / 2) << "\" y=\""
      << FormatPixels(kBox.height - 8) << "\" text-anchor=\"middle\">"
      << FormatCount(rank.steps.size()) << " step(s)</text>\n</svg>";
  if (range.columns < range.last - range.first + 1) {
    out << "<p class=\"note aggregated\">Each bar is the longest of its column's steps.</p>";
  }
  out << "</figure>\n";
}

// Each phase name's time over every step of every rank, and its share of the steps' time.
void WritePhaseTable(std::ostream& out, const TraceDocument& document,
                     const std::vector<RankSteps>& ranks, PhasePalette& palette) {
  std::array<std::uint64_t, kPhaseColours.size()> totals{};
  std::uint64_t steps = 0;
  std::uint64_t step_time = 0;
  const SpanIndex index = document.span_index();
  for (const RankSteps& rank : ranks) {
    for (const StepBar& step : rank.steps) {
      ++steps;
      step_time = util::SaturatingAdd(step_time, step.duration_ns);
      const auto times = PhaseTimes(document, index, step.span, palette);
      for (std::size_t k = 0; k < times.size(); ++k) {
        totals[k] = util::SaturatingAdd(totals[k], times[k]);
      }
    }
  }
  if (palette.names().empty() || steps == 0) return;
  out << "<table class=\"step-phases\">\n<caption>Phases of a step, over every step of every "
         "rank</caption>\n<thead><tr><th>phase</th><th>mean per step</th><th>share of step time"
         "</th></tr></thead>\n<tbody>\n";
  for (std::size_t k = 0; k < kPhaseColours.size(); ++k) {
    if (k >= palette.names().size() && k != kOtherPhase) continue;
    if (k == kOtherPhase && totals[k] == 0) continue;
    out << "<tr><td><span class=\"key\" style=\"background:" << kPhaseColours[k]
        << "\"></span>";
    if (k == kOtherPhase) {
      out << "(other phases)";
    } else {
      WriteEscaped(out, text::Shortened(palette.names()[k], 80));
    }
    out << "</td><td>" << FormatDuration(totals[k] / steps) << "</td><td>"
        << (step_time > 0 ? FormatPercent(100.0 * static_cast<double>(totals[k]) /
                                          static_cast<double>(step_time))
                          : std::string("-"))
        << "</td></tr>\n";
  }
  out << "</tbody>\n</table>\n";
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
  for (const RankSteps& rank : CollectRankSteps(document).ranks) {
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
  return !document.converted_facts().ranks.empty();
}

void WriteRankStepsSection(std::ostream& out, const TraceDocument& document,
                           const std::optional<StragglerLine>& straggler,
                           std::size_t max_table_rows) {
  const RankStepsSet set = CollectRankSteps(document);
  if (set.ranks.empty()) return;
  std::uint64_t longest = 0;
  StepRange range{UINT64_MAX, 0, 1};
  for (const RankSteps& rank : set.ranks) {
    for (const StepBar& step : rank.steps) {
      longest = std::max(longest, step.duration_ns);
      range.first = std::min(range.first, step.number);
      range.last = std::max(range.last, step.number);
    }
  }
  if (range.first > range.last) range = StepRange{0, 0, 1};
  // A column per step number while they fit; the same columns in every chart.
  range.columns = static_cast<std::size_t>(std::min<std::uint64_t>(
      range.last - range.first + 1, static_cast<std::uint64_t>(kBox.plot_width)));
  // One scale for every rank, so bars compare across charts.
  const Axis axis = MakeAxis(Quantity::kNanoseconds, longest);
  PhasePalette palette;
  out << "<section id=\"rank-steps\">\n<h2>Steps per rank</h2>\n";
  if (straggler) {
    out << "<p class=\"straggler\">Straggler: <strong>rank " << straggler->rank
        << "</strong>, median step " << FormatDuration(straggler->median_step_ns) << ", "
        << FormatDuration(straggler->lag_ns) << " over the median of the ranks' medians.</p>\n";
  }
  out << "<p class=\"note\">Bars by step " << (set.numbered ? "number" : "start order")
      << " on one axis for every rank (a missing step is a gap), each split into its phases.</p>\n"
         "<div style=\"display:flex;flex-wrap:wrap;gap:12px\">\n";
  for (std::size_t i = 0; i < std::min(set.ranks.size(), kMaxCharts); ++i) {
    WriteChart(out, document, set.ranks[i], axis, range, palette);
  }
  out << "</div>\n";
  if (set.ranks.size() > kMaxCharts) {
    out << "<p class=\"note\">" << FormatCount(set.ranks.size() - kMaxCharts)
        << " more rank(s) not charted here (the timeline shows every rank).</p>\n";
  }
  WritePhaseTable(out, document, set.ranks, palette);
  WriteTable(out, set.ranks, max_table_rows);
  out << "</section>\n";
}

}  // namespace tracedoc::report
