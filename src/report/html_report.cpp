// The page (tracedoc/html_report.hpp, docs/report.md): the sections in order, one inline style
// sheet, no script, nothing fetched. Each analysis runs once and nothing big is held twice: the
// memory timeline is replayed into the curves, never kept.
#include "tracedoc/html_report.hpp"

#include <optional>
#include <ostream>
#include <sstream>
#include <vector>

#include "analysis/logical_memory.hpp"
#include "report/flame_chart.hpp"
#include "report/health_section.hpp"
#include "report/html_escape.hpp"
#include "report/mark_chart.hpp"
#include "report/memory_chart.hpp"
#include "report/memory_curves.hpp"
#include "report/ops_table.hpp"
#include "report/peak_table.hpp"
#include "report/rank_steps.hpp"
#include "report/run_section.hpp"
#include "report/trace6_peak_table.hpp"
#include "tracedoc/health.hpp"
#include "tracedoc/memory.hpp"
#include "tracedoc/summary.hpp"
#include "tracedoc/trace6_health.hpp"
#include "tracedoc/trace6_memory.hpp"

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
.flame-chart .frame rect{stroke:#fff;stroke-width:.5}.flame-chart .more rect{fill:#ccc}
.span.c0 rect{fill:#f2b36b}.span.c1 rect{fill:#e8925a}.span.c2 rect{fill:#f0c674}.span.c3 rect{fill:#e59a7a}
.span.c4 rect{fill:#d9a441}.span.c5 rect{fill:#f4a582}.span.c6 rect{fill:#e7b98a}.span.c7 rect{fill:#efa35f}
.op.c0 rect{fill:#8fc9e8}.op.c1 rect{fill:#9bd3b0}.op.c2 rect{fill:#a9b8ef}.op.c3 rect{fill:#7fbfc4}
.op.c4 rect{fill:#b5d98f}.op.c5 rect{fill:#9cc1f0}.op.c6 rect{fill:#8ed1c6}.op.c7 rect{fill:#b3c7e6}
)";

void WriteHead(std::ostream& out, const TraceDocument& document,
               const HtmlReportOptions& options) {
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>";
  if (options.title.empty()) {
    out << "tracedoc report: ";
    report::WriteEscaped(out, document.run().run_id);
  } else {
    report::WriteEscaped(out, options.title);
  }
  out << "</title>\n<style>\n" << kStyle << "</style>\n</head>\n<body>\n<h1>";
  if (options.title.empty()) {
    out << "Run <code>";
    report::WriteEscaped(out, document.run().run_id);
    out << "</code>";
  } else {
    report::WriteEscaped(out, options.title);
  }
  out << "</h1>\n";
}

// Opens the memory section; false (the section closed with a note) when there is nothing to draw.
bool BeginMemorySection(std::ostream& out, const TraceDocument& document) {
  out << "<section id=\"memory\">\n<h2>Memory</h2>\n";
  if (!document.memory().empty() || !document.device_memory().empty()) return true;
  out << "<p class=\"empty\">The trace has no memory events and no device memory samples."
         "</p>\n</section>\n";
  return false;
}

void WriteMemorySection(std::ostream& out, const TraceDocument& document,
                        const HtmlReportOptions& options) {
  if (!BeginMemorySection(out, document)) return;
  const std::optional<LogicalMemoryProfile> logical =
      analysis::BuildLogicalPlaneWithoutTimeline(document.memory());
  const std::optional<PhysicalMemoryProfile> physical = AnalyzePhysicalMemory(document);
  std::vector<report::MemoryEventDevice> devices;
  if (logical) {
    for (const LogicalDeviceMemoryStats& stats : logical->by_device) {
      devices.push_back({stats.device, std::nullopt});
      if (stats.peak_live_bytes) {
        devices.back().peak = report::CurvePoint{*stats.peak_timestamp_ns, *stats.peak_live_bytes};
      }
    }
  }
  const report::MemoryCurves curves =
      report::CollectMemoryCurves(document, devices, physical, kMaxChartedDevices);
  const std::string_view peak_device =
      logical && logical->peak ? report::PeakDevice(*logical->peak) : std::string_view();
  report::WriteMemoryCharts(out, curves, options.max_chart_elements, peak_device);
  if (logical && logical->peak) {
    report::WritePeakTable(out, *logical->peak, options.max_table_rows);
  } else {
    out << "<p class=\"empty\">No logical memory peak: no alloc was applied.</p>\n";
  }
  out << "</section>\n";
}

// trace/6 (docs/legacy-trace6.md §9.3): the curves are the devices' counters, the peak the
// largest of them, with the tensors live then.
void WriteTrace6MemorySection(std::ostream& out, const TraceDocument& document,
                              const HtmlReportOptions& options) {
  if (!BeginMemorySection(out, document)) return;
  const Trace6MemoryReport memory = AnalyzeTrace6Memory(document);
  std::vector<report::MemoryEventDevice> devices;
  for (const Trace6DeviceMemory& device : memory.by_device) {
    devices.push_back({device.device, std::nullopt});
    if (device.peak_bytes > 0) {
      devices.back().peak = report::CurvePoint{device.peak_timestamp_ns, device.peak_bytes};
    }
  }
  const report::MemoryCurves curves = report::CollectMemoryCurves(
      document, devices, AnalyzePhysicalMemory(document), kMaxChartedDevices);
  report::WriteMemoryCharts(out, curves, options.max_chart_elements, memory.peak_device);
  if (memory.peak_bytes > 0) {
    report::WriteTrace6PeakTable(out, memory, options.max_table_rows);
  } else {
    out << "<p class=\"empty\">No memory peak: no device held live bytes.</p>\n";
  }
  out << "</section>\n";
}

}  // namespace

void WriteHtmlReport(const TraceDocument& document, std::ostream& out,
                     const HtmlReportOptions& options) {
  WriteHead(out, document, options);
  report::WriteRunSection(out, document, Summarize(document), options.max_table_rows);
  if (document.revision() == SchemaRevision::kTrace6) {
    report::WriteHealthSection(out, AnalyzeTrace6Health(document), options.max_table_rows);
    WriteTrace6MemorySection(out, document, options);
  } else {
    report::WriteHealthSection(out, AnalyzeHealth(document), options.max_table_rows);
    WriteMemorySection(out, document, options);
  }
  // Only a converted Cirron spool has marks; every other page is unchanged.
  report::WriteMarkCharts(out, report::CollectMarkSeries(document), options.max_chart_elements);
  // Only a converted TraceML export has ranks; every other page is unchanged.
  report::WriteRankStepsSection(out, document, options.max_table_rows);
  out << "<section id=\"spans\">\n<h2>Spans and ops</h2>\n";
  report::WriteFlameChart(out, document, options.max_chart_elements);
  out << "</section>\n<section id=\"ops\">\n<h2>Most expensive ops</h2>\n";
  report::WriteOpsTables(out, document);
  out << "</section>\n</body>\n</html>\n";
}

std::string WriteHtmlReport(const TraceDocument& document, const HtmlReportOptions& options) {
  std::ostringstream out;
  WriteHtmlReport(document, out, options);
  return std::move(out).str();
}

}  // namespace tracedoc
