// The page (tracedoc/html_report.hpp, docs/report.md): the contents and the answers first, then
// the timeline and the memory on one time axis, the details after; one inline style sheet, the
// data block and one inline script; nothing fetched. Each analysis runs once and nothing big is
// held twice: the memory timeline is replayed into the curves, never kept.
#include "tracedoc/html_report.hpp"

#include <limits>
#include <optional>
#include <ostream>
#include <sstream>
#include <vector>

#include "analysis/logical_memory.hpp"
#include "report/answers_section.hpp"
#include "report/comparison_section.hpp"
#include "report/health_section.hpp"
#include "report/html_escape.hpp"
#include "report/mark_chart.hpp"
#include "report/memory_chart.hpp"
#include "report/memory_curves.hpp"
#include "report/ops_table.hpp"
#include "report/peak_table.hpp"
#include "report/rank_steps.hpp"
#include "report/report_data.hpp"
#include "report/report_lanes.hpp"
#include "report/report_script.hpp"
#include "report/run_section.hpp"
#include "report/timeline_overview.hpp"
#include "tracedoc/diff.hpp"
#include "tracedoc/health.hpp"
#include "tracedoc/memory.hpp"
#include "tracedoc/summary.hpp"

namespace tracedoc {
namespace {

// Devices charted; more would make a page of charts no one reads.
constexpr std::size_t kMaxChartedDevices = 8;

constexpr std::string_view kStyle = R"(body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1240px;padding:0 12px;color:#1b1b1b;background:#fff}
h1{font-size:22px;margin:0 0 12px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ddd}h3{font-size:15px;margin:18px 0 6px}
table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}
table.run th,table.summary th{background:#f4f4f4;font-weight:600}caption{text-align:left;font-weight:600;padding:4px 0}
table.top-ops td:not(:first-child),table.live-at-peak td:first-child{text-align:right;font-variant-numeric:tabular-nums}
tbody tr:hover td{background:#eef4ff}
.outcome-complete,.verdict-valid{color:#176b2c}.outcome-failed,.verdict-invalid{color:#b3261e}
.severity-error code{color:#b3261e}.severity-warning code{color:#8a5a00}.note,.empty{color:#555;font-style:italic}
svg{display:block;max-width:100%;height:auto}svg text{font:11px system-ui,sans-serif;fill:#222}
.memory-chart .grid{stroke:#eee}.memory-chart .axis,.memory-chart .tick-mark{stroke:#333}
.curve{fill:none;stroke-width:1.5}.curve.logical{stroke:#2f6fd6}.curve.used{stroke:#e07b00}.curve.reserved{stroke:#999;stroke-dasharray:4 3}
.peak-marker{fill:#d62f2f;stroke:#fff}.legend .key{display:inline-block;width:14px;height:4px;margin:0 4px 3px 10px}
.key.logical{background:#2f6fd6}.key.used{background:#e07b00}.key.reserved{background:#999}.key.peak{background:#d62f2f;height:8px;width:8px;border-radius:4px}
.timeline-overview .frame rect{stroke:#fff;stroke-width:.5}.timeline-overview .busy{fill:#bbb}.timeline-overview .grid{stroke:#eee}
.timeline-overview .lane{fill:#555}.device.c0 rect,.device.c1 rect,.device.c2 rect,.device.c3 rect,.device.c4 rect,.device.c5 rect,.device.c6 rect,.device.c7 rect{fill:#9fd49a}
.peak-line{stroke:#d62f2f;stroke-dasharray:3 3}.peak-marker.global-peak{fill:#8b0000}
nav#contents ul{list-style:none;padding:0;margin:0 0 8px;display:flex;flex-wrap:wrap;gap:4px 14px}
ul.answers{font-size:15px;padding-left:18px}ul.answers li{margin:3px 0}.hint{color:#555;font-size:13px}
table.step-phases .key{display:inline-block;width:10px;height:10px;margin-right:6px}.straggler{font-size:15px}
kbd{border:1px solid #bbb;border-radius:3px;padding:0 3px;font-size:12px}
.span.c0 rect{fill:#f2b36b}.span.c1 rect{fill:#e8925a}.span.c2 rect{fill:#f0c674}.span.c3 rect{fill:#e59a7a}
.span.c4 rect{fill:#d9a441}.span.c5 rect{fill:#f4a582}.span.c6 rect{fill:#e7b98a}.span.c7 rect{fill:#efa35f}
.op.c0 rect{fill:#8fc9e8}.op.c1 rect{fill:#9bd3b0}.op.c2 rect{fill:#a9b8ef}.op.c3 rect{fill:#7fbfc4}
.op.c4 rect{fill:#b5d98f}.op.c5 rect{fill:#9cc1f0}.op.c6 rect{fill:#8ed1c6}.op.c7 rect{fill:#b3c7e6}
)";

void WriteHead(std::ostream& out, const TraceDocument& document,
               const HtmlReportOptions& options, std::string_view extra_style) {
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>";
  if (options.title.empty()) {
    out << "tracedoc report: ";
    report::WriteEscaped(out, document.run().run_id);
  } else {
    report::WriteEscaped(out, options.title);
  }
  out << "</title>\n<style>\n" << kStyle << extra_style << "</style>\n</head>\n<body>\n<h1>";
  if (options.title.empty()) {
    out << "Run <code>";
    report::WriteEscaped(out, document.run().run_id);
    out << "</code>";
  } else {
    report::WriteEscaped(out, options.title);
  }
  out << "</h1>\n";
}

// Everything the page's sections share, computed once: the memory analysis (the logical plane
// without its timeline, or a trace/6 document's report), its curves, the timeline's rows, the
// window every chart is drawn over and the peak.
struct PageModel {
  MemoryProfile memory;
  report::MemoryCurves curves;
  report::ReportTimeline timeline;
  report::TimeWindow window;
  std::optional<report::PeakMark> peak;
};

PageModel BuildPageModel(const TraceDocument& document) {
  PageModel model;
  model.memory = analysis::AnalyzeMemoryWithoutTimelines(document);
  // The page draws the peak's live set and each device's figures, never every lifetime: one
  // per storage, they are the largest part of the analysis, and the curves and the timeline's
  // rows are built next.
  if (model.memory.logical) {
    std::vector<LogicalStorageLifetime>().swap(model.memory.logical->lifetimes);
  }
  std::vector<report::MemoryEventDevice> devices;
  if (const std::optional<Trace6MemoryReport>& trace6 = model.memory.trace6) {
    for (const Trace6DeviceMemory& device : trace6->by_device) {
      devices.push_back({device.device, std::nullopt});
      if (device.peak_bytes > 0) {
        devices.back().peak = report::CurvePoint{device.peak_timestamp_ns, device.peak_bytes};
      }
    }
    if (trace6->peak_bytes > 0) {
      model.peak = report::PeakMark{trace6->peak_timestamp_ns, trace6->peak_bytes,
                                    trace6->peak_device, trace6->peak_bytes};
    }
  } else if (const std::optional<LogicalMemoryProfile>& logical = model.memory.logical) {
    for (const LogicalDeviceMemoryStats& stats : logical->by_device) {
      devices.push_back({stats.device, std::nullopt});
      if (stats.peak_live_bytes) {
        devices.back().peak = report::CurvePoint{*stats.peak_timestamp_ns, *stats.peak_live_bytes};
      }
    }
    if (logical->peak) {
      const LogicalMemoryPeak& peak = *logical->peak;
      const std::string_view device = report::PeakDevice(peak);
      std::uint64_t device_bytes = 0;
      for (const DeviceLiveBytes& live : peak.live_bytes_by_device) {
        if (live.device == device) device_bytes = live.bytes;
      }
      model.peak = report::PeakMark{peak.timestamp_ns, peak.live_bytes, device, device_bytes};
    }
  }
  // Every device: the data block draws them all; the static charts stop at kMaxChartedDevices.
  model.curves = report::CollectMemoryCurves(document, devices, AnalyzePhysicalMemory(document),
                                             std::numeric_limits<std::size_t>::max());
  model.timeline = report::LayOutReportTimeline(document);
  model.window = report::ReportWindow(model.timeline, model.curves);
  return model;
}

void WriteTimelineSection(std::ostream& out, const TraceDocument& document,
                          const PageModel& model, const HtmlReportOptions& options) {
  out << "<section id=\"timeline\">\n<h2>Timeline</h2>\n"
         "<p class=\"hint\">Spans, ops and device intervals on the rows of the Chrome export's "
         "tracks: no two frames of a row overlap. With JavaScript: wheel or <kbd>w</kbd>/<kbd>s</kbd> "
         "zoom, drag or <kbd>a</kbd>/<kbd>d</kbd> pan, <kbd>0</kbd> resets; the memory curves "
         "below the rows follow the zoom.</p>\n";
  report::WriteTimelineOverview(out, document, model.timeline, model.window, model.peak,
                                options.max_chart_elements);
  out << "<div id=\"timeline-app\"></div>\n</section>\n";
}

void WriteMemorySection(std::ostream& out, const TraceDocument& document,
                        const PageModel& model, const HtmlReportOptions& options) {
  out << "<section id=\"memory\">\n<h2>Memory</h2>\n";
  if (document.memory().empty() && document.device_memory().empty()) {
    out << "<p class=\"empty\">The trace has no memory events and no device memory samples."
           "</p>\n</section>\n";
    return;
  }
  report::WriteMemoryCharts(out, model.curves, model.window, options.max_chart_elements,
                            model.peak, kMaxChartedDevices);
  if (const std::optional<Trace6MemoryReport>& trace6 = model.memory.trace6) {
    // trace/6 (docs/legacy-trace6.md §9.3): the peak is the largest device counter, with the
    // tensors live then.
    if (trace6->peak_bytes > 0) {
      report::WritePeakTable(out, *trace6, options.max_table_rows);
    } else {
      out << "<p class=\"empty\">No memory peak: no device held live bytes.</p>\n";
    }
  } else if (model.memory.logical && model.memory.logical->peak) {
    report::WritePeakTable(out, document, *model.memory.logical->peak, options.max_table_rows);
  } else {
    out << "<p class=\"empty\">No logical memory peak: no alloc was applied.</p>\n";
  }
  out << "</section>\n";
}

report::VerdictLine Verdict(const report::HealthDigest& health) {
  return {health.structurally_valid, report::VerdictText(health), health.errors, health.warnings};
}

// The page of `document`, with the comparison section after the answers when `baseline` is
// given.
void WritePage(const TraceDocument& document, const TraceDocument* baseline, std::ostream& out,
               const HtmlReportOptions& options) {
  // The analyses with small results run first, so that their working memory is gone before
  // the page model (a frame per slice, every device's curves) is built.
  const TraceSummary summary = Summarize(document);
  const report::HealthDigest health =
      report::DigestHealth(AnalyzeHealth(document), options.max_table_rows);
  report::Answers answers;
  answers.verdict = Verdict(health);
  const std::vector<report::OpGroup> top_ops = report::TopOpsByTotal(document);
  if (!top_ops.empty()) answers.costliest_op = top_ops.front();
  answers.straggler = report::FindStraggler(document);
  const std::vector<report::MarkSeries> marks = report::CollectMarkSeries(document);

  WriteHead(out, document, options, baseline != nullptr ? report::kComparisonStyle : "");
  std::vector<report::PageSection> sections{{"answers", "At a glance"}};
  if (baseline != nullptr) sections.push_back({"comparison", "Compared with the baseline"});
  sections.insert(sections.end(), {{"timeline", "Timeline"}, {"memory", "Memory"}});
  if (!marks.empty()) sections.push_back({"marks", "Marks"});
  if (answers.straggler || report::HasRankSteps(document)) {
    sections.push_back({"rank-steps", "Steps per rank"});
  }
  sections.insert(sections.end(), {{"ops", "Most expensive ops"},
                                   {"health", "Health"},
                                   {"run", "Run"}});
  report::WriteContents(out, sections);
  // The comparison is made before the page model: the diff of two large runs and the model are
  // the page's two largest working sets, and the section they leave is small (bounded rows and
  // curves).
  std::string comparison;
  if (baseline != nullptr) {
    std::ostringstream section;
    report::WriteComparisonSection(section, DiffTraces(*baseline, document),
                                   report::LiveBytesFromStart(*baseline),
                                   report::LiveBytesFromStart(document),
                                   options.max_chart_elements, options.max_table_rows);
    comparison = std::move(section).str();
  }
  report::TimeWindow window;
  {
    // The page model lives only while the sections that draw it and the data block are
    // written: its frames and curves are the page's largest memory, and the sections after it
    // build their own.
    const PageModel model = BuildPageModel(document);
    window = model.window;
    answers.peak = model.peak;
    answers.run_ns = model.window.span_ns();
    answers.origin_ns = model.window.origin_ns;
    report::WriteAnswersSection(out, document, answers);
    out << comparison;
    WriteTimelineSection(out, document, model, options);
    WriteMemorySection(out, document, model, options);
    report::WriteReportData(out, document, model.timeline, model.curves, model.peak,
                            model.window, options.max_timeline_frames);
  }
  // Only a converted Cirron spool has marks; only a converted TraceML export has ranks.
  report::WriteMarkCharts(out, marks, window, options.max_chart_elements);
  report::WriteRankStepsSection(out, document, answers.straggler, options.max_table_rows);
  out << "<section id=\"ops\">\n<h2>Most expensive ops</h2>\n";
  report::WriteOpsTables(out, document);
  out << "</section>\n";
  report::WriteHealthSection(out, health);
  report::WriteRunSection(out, document, summary, options.max_table_rows);
  out << "<script>" << report::kReportScript << "</script>\n</body>\n</html>\n";
}

}  // namespace

void WriteHtmlReport(const TraceDocument& document, std::ostream& out,
                     const HtmlReportOptions& options) {
  WritePage(document, nullptr, out, options);
}

std::string WriteHtmlReport(const TraceDocument& document, const HtmlReportOptions& options) {
  std::ostringstream out;
  WriteHtmlReport(document, out, options);
  return std::move(out).str();
}

void WriteHtmlComparisonReport(const TraceDocument& baseline, const TraceDocument& candidate,
                               std::ostream& out, const HtmlReportOptions& options) {
  WritePage(candidate, &baseline, out, options);
}

std::string WriteHtmlComparisonReport(const TraceDocument& baseline,
                                      const TraceDocument& candidate,
                                      const HtmlReportOptions& options) {
  std::ostringstream out;
  WriteHtmlComparisonReport(baseline, candidate, out, options);
  return std::move(out).str();
}

}  // namespace tracedoc
