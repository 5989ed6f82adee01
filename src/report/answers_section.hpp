// The top of the page (docs/report.md, "Answers first"): a table of contents, then what a person
// opens the report to learn, each with a link down to the section that shows it: how the run
// ended, whether the trace is sound, the memory peak, the costliest op and, for a distributed
// run, the straggler.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string_view>

#include "report/ops_table.hpp"
#include "report/rank_steps.hpp"
#include "report/shared_axis.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::report {

/// A section the contents link to.
struct PageSection {
  std::string_view id;
  std::string_view title;
};

/// `nav#contents`: one link per section, in page order.
void WriteContents(std::ostream& out, std::span<const PageSection> sections);

/// The health verdict in a line.
struct VerdictLine {
  bool sound = true;
  std::string_view text;  // "Structurally valid", "Trusted (trace/6)", …
  std::uint64_t errors = 0;
  std::uint64_t warnings = 0;
};

struct Answers {
  VerdictLine verdict;
  std::optional<PeakMark> peak;
  std::optional<OpGroup> costliest_op;
  std::uint64_t run_ns = 0;     // what the costliest op's share is of
  std::uint64_t origin_ns = 0;  // the page's time 0 (TimeWindow::origin_ns)
  std::optional<StragglerLine> straggler;
};

/// `section#answers`.
void WriteAnswersSection(std::ostream& out, const TraceDocument& document,
                         const Answers& answers);

}  // namespace tracedoc::report
