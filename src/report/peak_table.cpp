#include "report/peak_table.hpp"

#include <algorithm>
#include <cstdint>

#include "report/html_escape.hpp"
#include "text/utf8.hpp"
#include "report/units.hpp"
#include "util/saturating.hpp"

namespace tracedoc::report {

// A name a table row repeats: each row may name the same long span.
constexpr std::size_t kMaxSpanNameBytes = 120;

namespace {

// The allocating span by name, linked to it on the timeline, its id beside it; an id the trace
// never opened stays a bare id.
void WriteSpanCell(std::ostream& out, const TraceDocument& document, const SpanIndex& spans,
                   std::string_view span_id) {
  const std::optional<SpanPosition> position = spans.Find(span_id);
  if (position) {
    out << "<a class=\"timeline-link\" href=\"#timeline\" data-kind=\"0\" data-ref=\"" << *position
        << "\">";
    WriteEscaped(out, text::Shortened(document.spans()[*position].name, kMaxSpanNameBytes));
    out << "</a> ";
  }
  out << "<code>";
  WriteEscaped(out, text::Shortened(span_id, kMaxSpanNameBytes));
  out << "</code>";
}

}  // namespace

std::vector<const LogicalStorageLifetime*> LargestFirst(const LogicalMemoryPeak& peak) {
  std::vector<const LogicalStorageLifetime*> rows;
  rows.reserve(peak.live_allocations.size());
  for (const LogicalStorageLifetime& live : peak.live_allocations) rows.push_back(&live);
  std::stable_sort(rows.begin(), rows.end(), [](const auto* a, const auto* b) {
    return a->bytes > b->bytes;
  });
  return rows;
}

std::string_view PeakDevice(const LogicalMemoryPeak& peak) {
  const DeviceLiveBytes* largest = nullptr;
  for (const DeviceLiveBytes& device : peak.live_bytes_by_device) {
    if (largest == nullptr || device.bytes > largest->bytes) largest = &device;
  }
  return largest == nullptr ? std::string_view() : largest->device;
}

void WritePeakTable(std::ostream& out, const TraceDocument& document,
                    const LogicalMemoryPeak& peak, std::size_t max_rows) {
  const SpanIndex spans = document.span_index();
  out << "<h3>Live at the peak</h3>\n<p class=\"peak\">" << FormatBytes(peak.live_bytes) << " ("
      << FormatCount(peak.live_bytes) << " bytes) in " << FormatCount(peak.live_allocations.size())
      << " storage(s) at timestamp " << FormatCount(peak.timestamp_ns) << " ns.</p>\n";
  out << "<table class=\"live-at-peak\">\n<thead><tr><th>bytes</th><th>op</th><th>span</th>"
         "<th>shape</th><th>dtype</th><th>category</th><th>device</th><th>storage</th></tr>"
         "</thead>\n<tbody>\n";
  const std::vector<const LogicalStorageLifetime*> rows = LargestFirst(peak);
  const std::size_t shown = std::min(rows.size(), max_rows);
  for (std::size_t i = 0; i < shown; ++i) {
    const LogicalStorageLifetime& live = *rows[i];
    out << "<tr><td title=\"" << FormatCount(live.bytes) << " bytes\">" << FormatBytes(live.bytes)
        << "</td><td>";
    if (live.op_name) {
      WriteEscaped(out, *live.op_name);
    } else {
      out << "<span class=\"none\" title=\"the alloc names no op\">(no op)</span>";
    }
    out << "</td><td>";
    WriteSpanCell(out, document, spans, live.allocation_span_id);
    out << "</td><td>" << FormatShape(live.shape) << "</td><td>";
    WriteEscaped(out, live.dtype);
    out << "</td><td>" << EnumName(live.category) << "</td><td>";
    WriteEscaped(out, live.device);
    out << "</td><td>";
    WriteEscaped(out, live.storage_id);
    out << "</td></tr>\n";
  }
  out << "</tbody>\n</table>\n";
  if (shown < rows.size()) {
    std::uint64_t rest = 0;
    for (std::size_t i = shown; i < rows.size(); ++i) {
      rest = util::SaturatingAdd(rest, rows[i]->bytes);
    }
    out << "<p class=\"note\">" << FormatCount(rows.size() - shown) << " smaller storage(s) not "
        << "listed: " << FormatBytes(rest) << " in all.</p>\n";
  }
}

}  // namespace tracedoc::report
