// The diff as text (docs/diff.md §6): the run's figures, then the largest changes of each kind as
// aligned columns, for a person reading a terminal. The JSON is the form to parse.
#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "text/terminal_text.hpp"
#include "tracedoc/diff.hpp"

namespace tracedoc {
namespace {

using Row = std::vector<std::string>;

std::string Number(const std::optional<std::uint64_t>& value) {
  return value ? std::to_string(*value) : "-";
}

std::string Signed(std::int64_t value) { return (value > 0 ? "+" : "") + std::to_string(value); }

// The relative change as a percentage: "+25.00%", "new" from nothing, "-" without either side.
std::string Change(const FigureChange& figure) {
  if (!figure.base || !figure.candidate) return "-";
  const std::optional<double> ratio = figure.ratio();
  if (!ratio) return *figure.candidate == 0 ? "+0.00%" : "new";
  char text[32];
  std::snprintf(text, sizeof text, "%+.2f%%", (*ratio - 1) * 100);
  return text;
}

Row FigureRow(std::string name, const FigureChange& figure) {
  return {std::move(name), Number(figure.base), Number(figure.candidate), Signed(figure.delta()),
          Change(figure)};
}

// Columns padded to their widest cell, the first left-aligned and the rest right-aligned. A cell
// holds names from the traces: they are written escaped (text/terminal_text.hpp).
void Table(std::ostream& out, std::vector<Row> rows) {
  for (Row& row : rows) {
    for (std::string& cell : row) {
      if (!text::IsTerminalSafe(cell)) cell = text::TerminalSafe(cell);
    }
  }
  std::vector<std::size_t> width;
  for (const Row& row : rows) {
    width.resize(std::max(width.size(), row.size()));
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  for (const Row& row : rows) {
    std::string line = "  ";
    for (std::size_t c = 0; c < row.size(); ++c) {
      const std::string pad(width[c] - row[c].size(), ' ');
      line += c == 0 ? row[c] + pad : "  " + pad + row[c];
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  }
}

// "NAME (largest N of M):", or "NAME (M):" when all are shown, and the table; nothing when the
// list is empty.
template <class T, class ToRow>
void Section(std::ostream& out, std::string_view name, Row header, const std::vector<T>& list,
             std::size_t top, ToRow to_row) {
  if (list.empty()) return;
  const std::size_t shown = top == 0 ? list.size() : std::min(top, list.size());
  out << '\n' << text::TerminalSafe(name) << " (";
  if (shown < list.size()) out << "largest " << shown << " of ";
  out << list.size() << "):\n";
  std::vector<Row> rows{std::move(header)};
  for (std::size_t i = 0; i < shown; ++i) rows.push_back(to_row(list[i]));
  Table(out, std::move(rows));
}

FigureChange Totals(const auto& change) {
  return {change.base.total_ns, change.candidate.total_ns};
}

// A span path's or op name's row: both runs' count and total, and the change of the total.
template <class T>
Row TimeRow(const std::string& name, const T& change) {
  return {name,
          std::to_string(change.base.count),
          std::to_string(change.base.total_ns),
          std::to_string(change.candidate.count),
          std::to_string(change.candidate.total_ns),
          Signed(change.delta_ns()),
          Change(Totals(change))};
}

void Sites(std::ostream& out, std::string_view device, const std::vector<PeakSiteChange>& sites,
           std::size_t top) {
  const std::string name = device.empty() ? std::string("storages live at the peak")
                                          : "storages live at " + std::string(device) + "'s peak";
  Section(out, name, {"path", "op", "base", "candidate", "delta"}, sites, top,
          [](const PeakSiteChange& site) -> Row {
            const FigureChange bytes{site.base.bytes, site.candidate.bytes};
            return {
                site.path.empty() ? "?" : site.path, site.op_name.value_or("-"),
                std::to_string(site.base.count) + " (" + std::to_string(site.base.bytes) + " B)",
                std::to_string(site.candidate.count) + " (" + std::to_string(site.candidate.bytes) +
                    " B)",
                Signed(bytes.delta())};
          });
}

void Paths(std::ostream& out, char sign, const std::vector<SpanPathChange>& spans,
           const std::vector<std::size_t>& positions, std::size_t top) {
  const std::size_t shown = top == 0 ? positions.size() : std::min(top, positions.size());
  for (std::size_t i = 0; i < shown; ++i) {
    out << "  " << sign << ' ' << text::TerminalSafe(spans[positions[i]].path) << '\n';
  }
  if (shown < positions.size()) {
    out << "  " << sign << " ... " << positions.size() - shown << " more\n";
  }
}

void Codes(std::ostream& out, std::string_view name, const std::vector<HealthCode>& codes) {
  if (codes.empty()) return;
  out << "  " << name << ':';
  for (const HealthCode code : codes) out << ' ' << HealthCodeName(code);
  out << '\n';
}

}  // namespace

void WriteTraceDiffText(const TraceDiff& diff, std::span<const Regression> regressions,
                        const DiffOutputOptions& options, std::ostream& out) {
  const std::size_t top = options.top;
  std::vector<Row> run{{"", "base", "candidate", "delta", "change"},
                       FigureRow("total_ns", diff.total_ns),
                       FigureRow("logical_peak_bytes", diff.logical_peak.live_bytes)};
  for (const PeakChange& peak : diff.device_peaks) {
    run.push_back(FigureRow("logical_peak_bytes " + peak.device, peak.live_bytes));
  }
  out << (diff.empty() ? "no differences\n" : "run:\n");
  Table(out, std::move(run));
  const Row time_header{"",         "base count", "base ns", "candidate count", "candidate ns",
                        "delta ns", "change"};
  Section(out, "ops", time_header, diff.ops, top,
          [](const OpChange& op) { return TimeRow(op.op_name, op); });
  Section(out, "spans", time_header, diff.spans, top,
          [](const SpanPathChange& span) { return TimeRow(span.path, span); });
  if (!diff.added_spans.empty() || !diff.removed_spans.empty()) {
    out << "\nstructure: " << diff.added_spans.size() << " paths added, "
        << diff.removed_spans.size() << " removed\n";
    Paths(out, '+', diff.spans, diff.added_spans, top);
    Paths(out, '-', diff.spans, diff.removed_spans, top);
  }
  Sites(out, "", diff.logical_peak.sites, top);
  for (const PeakChange& peak : diff.device_peaks) Sites(out, peak.device, peak.sites, top);
  if (!diff.new_issues.empty() || !diff.gone_issues.empty()) {
    out << "\nhealth:\n";
    Codes(out, "new", diff.new_issues);
    Codes(out, "gone", diff.gone_issues);
  }
  Section(out, "steps", {"rank", "step", "base ns", "candidate ns", "delta ns", "change"},
          diff.steps, top, [](const StepChange& step) -> Row {
            Row row = FigureRow(std::to_string(step.rank), step.duration_ns);
            row.insert(row.begin() + 1, std::to_string(step.step));
            return row;
          });
  Section(out, "run fields", {"field", "base", "candidate"}, diff.meta, 0,
          [](const MetaFieldChange& meta) -> Row {
            return {meta.field, meta.base.value_or("-"), meta.candidate.value_or("-")};
          });
  if (regressions.empty()) return;
  out << "\nregressions (" << regressions.size() << "):\n";
  // The table's rows are held to align its columns: at most `top` of them, as every section.
  const std::size_t shown = top == 0 ? regressions.size() : std::min(top, regressions.size());
  std::vector<Row> rows{{"kind", "subject", "base", "candidate", "delta", "change"}};
  for (std::size_t i = 0; i < shown; ++i) {
    const Regression& regression = regressions[i];
    Row row = FigureRow(std::string(RegressionKindName(regression.kind)), regression.figure);
    row.insert(row.begin() + 1,
               regression.subject.empty() ? std::string("-") : std::string(regression.subject));
    rows.push_back(std::move(row));
  }
  Table(out, std::move(rows));
  if (shown < regressions.size()) out << "  ... " << regressions.size() - shown << " more\n";
}

}  // namespace tracedoc
