// The HTML report (docs/report.md): one self-contained page that shows a folded trace to a
// person: the answers first, a timeline with lanes and the memory curves on one time axis, the
// costliest ops, health and the run. It reads without JavaScript; its one inline script adds
// zoom, pan and search over the page's JSON data block.
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
  /// survives). The static timeline picture never draws more shapes than this (frames narrower
  /// than a pixel merge into busy runs). Default 10,000.
  std::size_t max_chart_elements = 10'000;
  /// Frames (spans, ops, device intervals) the page's data block holds one by one, the longest
  /// first; the others are summed per timeline row and time bucket. Default 100,000: about
  /// 4 MiB, which keeps the page of a 10^6-event trace under 10 MiB.
  std::size_t max_timeline_frames = 100'000;
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

/// The report of `candidate` with a section that compares it with `baseline` (docs/report.md,
/// "Compared with a baseline"; the figures of DiffTraces(baseline, candidate)): the largest
/// changes, both runs' live bytes on one chart, span paths added and removed, health codes new
/// and gone. Without that section the page is WriteHtmlReport(candidate)'s, byte for byte.
void WriteHtmlComparisonReport(const TraceDocument& baseline, const TraceDocument& candidate,
                               std::ostream& out, const HtmlReportOptions& options = {});
std::string WriteHtmlComparisonReport(const TraceDocument& baseline,
                                      const TraceDocument& candidate,
                                      const HtmlReportOptions& options = {});

}  // namespace tracedoc

#endif  // TRACEDOC_HTML_REPORT_HPP_
