#include "report/run_section.hpp"

#include <string>
#include <string_view>

#include "document/latest_host_evidence.hpp"
#include "report/html_escape.hpp"
#include "report/units.hpp"

namespace tracedoc::report {
namespace {

// One row of a two-column table; `value` is escaped, so it may come from the trace.
void Row(std::ostream& out, std::string_view key, std::string_view value) {
  out << "<tr><th>" << key << "</th><td>";
  WriteEscaped(out, value);
  out << "</td></tr>\n";
}

void WriteOutcome(std::ostream& out, const TerminalRecord& terminal) {
  const bool complete = terminal.outcome == RunOutcome::kComplete;
  out << "<p class=\"outcome " << (complete ? "outcome-complete" : "outcome-failed")
      << "\">Outcome: <strong>" << EnumName(terminal.outcome) << "</strong> at timestamp "
      << FormatCount(terminal.timestamp_ns) << " ns";
  if (terminal.reason) {
    out << ": ";
    WriteEscaped(out, *terminal.reason);
  }
  out << "</p>\n";
}

}  // namespace

void WriteRunSection(std::ostream& out, const TraceDocument& document,
                     const TraceSummary& summary, std::size_t max_rows) {
  const TraceRunMeta& run = document.run();
  out << "<section id=\"run\">\n<h2>Run</h2>\n";
  if (document.has_terminal()) {
    WriteOutcome(out, document.terminal());
  } else {
    // trace/6 has no terminal (docs/legacy-trace6.md): say where the pictures end instead.
    out << "<p class=\"outcome\">No outcome: a candle-graph/trace/6 capture has no terminal "
           "record; open spans are drawn to the latest evidence, at timestamp "
        << FormatCount(detail::CaptureEndNs(document)) << " ns.</p>\n";
  }
  out << "<table class=\"run\">\n";
  Row(out, "run_id", run.run_id);
  Row(out, "schema", document.schema());
  Row(out, "correlation_id", run.correlation_id);
  Row(out, "entrypoint", run.entrypoint);
  Row(out, "phase", EnumName(run.phase));
  Row(out, "device", run.device);
  Row(out, "timestamp", run.timestamp);
  Row(out, "capture_step", std::to_string(run.capture_step));
  Row(out, "warmup_steps", std::to_string(run.warmup_steps));
  Row(out, "timing_mode", EnumName(run.timing_mode));
  if (run.candle_version) Row(out, "candle_version", *run.candle_version);
  // The tags stop where every table of the page does.
  for (std::size_t i = 0; i < run.tags.size() && i < max_rows; ++i) {
    out << "<tr><th>tag <code>";
    WriteEscaped(out, run.tags[i].key);
    out << "</code></th><td>";
    WriteEscaped(out, run.tags[i].value);
    out << "</td></tr>\n";
  }
  out << "</table>\n";
  if (run.tags.size() > max_rows) {
    out << "<p class=\"note\">" << FormatCount(run.tags.size() - max_rows)
        << " more tag(s) not listed: `tracedoc document` prints them all.</p>\n";
  }
  out << "<h3>Summary</h3>\n<table class=\"summary\">\n";
  Row(out, "spans", FormatCount(summary.span_count));
  Row(out, "root spans", FormatCount(summary.root_span_count));
  Row(out, "deepest nesting", FormatCount(summary.max_depth));
  Row(out, "measured time", FormatDuration(summary.total_ns));
  Row(out, "ops", FormatCount(summary.op_count));
  Row(out, "allocs / frees", FormatCount(summary.alloc_count) + " / " + FormatCount(summary.free_count));
  if (summary.trace6) {
    Row(out, "peak", FormatBytes(summary.peak_bytes));
  } else {
    Row(out, "logical peak",
        summary.logical_peak_bytes ? FormatBytes(*summary.logical_peak_bytes) : "none");
  }
  out << "</table>\n</section>\n";
}

}  // namespace tracedoc::report
