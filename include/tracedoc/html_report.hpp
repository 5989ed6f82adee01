// The HTML report (issue 14, docs/report.md): one self-contained page that shows a folded trace
// to a person: run, health, memory curves, a flame chart of spans and ops, the costliest ops.
#ifndef TRACEDOC_HTML_REPORT_HPP_
#define TRACEDOC_HTML_REPORT_HPP_

#include <cstddef>
#include <iosfwd>
#include <string>

#include "tracedoc/document.hpp"

namespace tracedoc {

/// How the report is drawn. The defaults keep the page of a 10^6-event trace at a few MiB.
struct HtmlReportOptions {
  /// Above this many points in a memory curve, or spans and ops in the flame chart, the chart
  /// aggregates: a curve keeps the minimum and maximum of each pixel column (so its peak
  /// survives), and flame chart frames narrower than one pixel merge into one "N more" frame
  /// per parent. The flame chart never draws more frames than this. Default 10,000.
  std::size_t max_chart_elements = 10'000;
  /// Rows of each table (live allocations at the peak, health issues of one severity) before
  /// the rest is summed up in one line. The ops tables always hold ten rows at most.
  std::size_t max_table_rows = 100;
  /// The page's title and heading; empty: `tracedoc report: RUN_ID`.
  std::string title = {};
};

/// The report of `document` as one HTML page. Deterministic: the same document and options
/// always give the same bytes. No errors.
std::string WriteHtmlReport(const TraceDocument& document, const HtmlReportOptions& options = {});

/// The same page written to `out` as it is made, never held whole. No errors are reported: a
/// failing stream keeps its state (check `out` afterwards).
void WriteHtmlReport(const TraceDocument& document, std::ostream& out,
                     const HtmlReportOptions& options = {});

}  // namespace tracedoc

#endif  // TRACEDOC_HTML_REPORT_HPP_
