#include "report/trace6_peak_table.hpp"

#include <algorithm>
#include <cstdint>

#include "report/html_escape.hpp"
#include "report/units.hpp"
#include "util/saturating.hpp"

namespace tracedoc::report {

void WriteTrace6PeakTable(std::ostream& out, const Trace6MemoryReport& memory,
                          std::size_t max_rows) {
  const std::vector<Trace6LiveTensor>& rows = memory.peak_breakdown;
  out << "<h3>Live at the peak</h3>\n<p class=\"peak\">" << FormatBytes(memory.peak_bytes)
      << " (" << FormatCount(memory.peak_bytes) << " bytes) on <code>";
  WriteEscaped(out, memory.peak_device);
  out << "</code> at timestamp " << FormatCount(memory.peak_timestamp_ns) << " ns; "
      << FormatCount(rows.size()) << " tensor(s) live on any device.</p>\n";
  out << "<table class=\"live-at-peak\">\n<thead><tr><th>bytes</th><th>span</th>"
         "<th>category</th><th>device</th><th>tensor</th></tr></thead>\n<tbody>\n";
  const std::size_t shown = std::min(rows.size(), max_rows);
  for (std::size_t i = 0; i < shown; ++i) {
    const Trace6LiveTensor& live = rows[i];
    out << "<tr><td title=\"" << FormatCount(live.bytes) << " bytes\">" << FormatBytes(live.bytes)
        << "</td><td>";
    WriteEscaped(out, live.span_id);
    out << "</td><td>" << EnumName(live.category) << "</td><td>";
    WriteEscaped(out, live.device);
    out << "</td><td>";
    WriteEscaped(out, live.tensor_id);
    out << "</td></tr>\n";
  }
  out << "</tbody>\n</table>\n";
  if (shown < rows.size()) {
    std::uint64_t rest = 0;
    for (std::size_t i = shown; i < rows.size(); ++i) rest = util::SaturatingAdd(rest, rows[i].bytes);
    out << "<p class=\"note\">" << FormatCount(rows.size() - shown) << " smaller tensor(s) not "
        << "listed: " << FormatBytes(rest) << " in all.</p>\n";
  }
}

}  // namespace tracedoc::report
