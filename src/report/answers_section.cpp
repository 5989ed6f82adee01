#include "report/answers_section.hpp"

#include <algorithm>

#include "report/html_escape.hpp"
#include "report/units.hpp"
#include "tracedoc/enums.hpp"

namespace tracedoc::report {
namespace {

void WriteOutcomeAnswer(std::ostream& out, const TraceDocument& document) {
  out << "<li class=\"answer outcome\">";
  if (!document.has_terminal()) {
    out << "<strong>No outcome recorded</strong> (a legacy trace/6 file has no terminal).";
  } else {
    const TerminalRecord& terminal = document.terminal();
    const bool complete = terminal.outcome == RunOutcome::kComplete;
    out << "The run <strong class=\"" << (complete ? "outcome-complete" : "outcome-failed")
        << "\">" << (complete ? "completed" : "failed") << "</strong>";
    if (terminal.reason) {
      out << ": ";
      WriteEscaped(out, *terminal.reason);
    }
    out << '.';
  }
  out << " <a href=\"#run\">Run details</a></li>\n";
}

void WriteVerdictAnswer(std::ostream& out, const VerdictLine& verdict) {
  out << "<li class=\"answer verdict\"><strong class=\""
      << (verdict.sound ? "verdict-valid" : "verdict-invalid") << "\">" << verdict.text
      << "</strong>: " << FormatCount(verdict.errors) << " error(s), "
      << FormatCount(verdict.warnings) << " warning(s). <a href=\"#health\">Health</a></li>\n";
}

void WritePeakAnswer(std::ostream& out, const std::optional<PeakMark>& peak,
                     std::uint64_t origin_ns) {
  out << "<li class=\"answer peak\">";
  if (!peak) {
    out << "No memory peak: no allocation was recorded.</li>\n";
    return;
  }
  out << "Memory peak <strong>" << FormatBytes(peak->bytes) << "</strong> ("
      << FormatCount(peak->bytes) << " bytes) at "
      << FormatDuration(peak->timestamp_ns - std::min(peak->timestamp_ns, origin_ns))
      << " (timestamp " << FormatCount(peak->timestamp_ns) << " ns), most of it on <code>";
  WriteEscaped(out, peak->device);
  out << "</code>. <a href=\"#memory\">Memory</a></li>\n";
}

void WriteOpAnswer(std::ostream& out, const std::optional<OpGroup>& op, std::uint64_t run_ns) {
  out << "<li class=\"answer costliest-op\">";
  if (!op) {
    out << "No op records.</li>\n";
    return;
  }
  out << "Costliest op <code>";
  WriteEscaped(out, op->name);
  out << "</code>: " << FormatDuration(op->total_ns) << " in " << FormatCount(op->count)
      << " call(s)";
  if (run_ns > 0) {
    const double share = 100.0 * static_cast<double>(op->total_ns) / static_cast<double>(run_ns);
    out << ", " << FormatPercent(share) << " of the run";
  }
  out << ". <a href=\"#ops\">Ops</a></li>\n";
}

void WriteStragglerAnswer(std::ostream& out, const StragglerLine& straggler) {
  out << "<li class=\"answer straggler\">Straggler: <strong>rank " << straggler.rank
      << "</strong>, median step " << FormatDuration(straggler.median_step_ns) << ", "
      << FormatDuration(straggler.lag_ns) << " slower than the ranks' median. "
      << "<a href=\"#rank-steps\">Steps per rank</a></li>\n";
}

}  // namespace

void WriteContents(std::ostream& out, std::span<const PageSection> sections) {
  out << "<nav id=\"contents\" aria-label=\"contents\"><ul>";
  for (const PageSection& section : sections) {
    out << "<li><a href=\"#" << section.id << "\">" << section.title << "</a></li>";
  }
  out << "</ul></nav>\n";
}

void WriteAnswersSection(std::ostream& out, const TraceDocument& document,
                         const Answers& answers) {
  out << "<section id=\"answers\">\n<h2>At a glance</h2>\n<ul class=\"answers\">\n";
  WriteOutcomeAnswer(out, document);
  WriteVerdictAnswer(out, answers.verdict);
  WritePeakAnswer(out, answers.peak, answers.origin_ns);
  WriteOpAnswer(out, answers.costliest_op, answers.run_ns);
  if (answers.straggler) WriteStragglerAnswer(out, *answers.straggler);
  out << "</ul>\n</section>\n";
}

}  // namespace tracedoc::report
