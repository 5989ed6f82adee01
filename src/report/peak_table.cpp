#include "report/peak_table.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string_view>

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

// The cells both peak tables end with: what is live (a storage, or a trace/6 tensor) by its
// category, its device and its id.
void WriteCategoryDeviceAndId(std::ostream& out, MemoryCategory category, std::string_view device,
                              std::string_view id) {
  out << "<td>" << EnumName(category) << "</td><td>";
  WriteEscaped(out, device);
  out << "</td><td>";
  WriteEscaped(out, id);
  out << "</td>";
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

void WriteLiveAtPeak(std::ostream& out, std::uint64_t peak_bytes,
                     const std::function<void(std::ostream&)>& figures, std::string_view columns,
                     const PeakTableRows& rows, std::size_t max_rows) {
  out << "<h3>Live at the peak</h3>\n<p class=\"peak\">" << FormatBytes(peak_bytes) << " ("
      << FormatCount(peak_bytes) << " bytes)";
  figures(out);
  out << "</p>\n<table class=\"live-at-peak\">\n<thead><tr><th>bytes</th>" << columns
      << "</tr></thead>\n<tbody>\n";
  const std::size_t shown = std::min(rows.count, max_rows);
  for (std::size_t i = 0; i < shown; ++i) {
    const std::uint64_t bytes = rows.bytes(i);
    out << "<tr><td title=\"" << FormatCount(bytes) << " bytes\">" << FormatBytes(bytes)
        << "</td>";
    rows.cells(out, i);
    out << "</tr>\n";
  }
  out << "</tbody>\n</table>\n";
  if (shown < rows.count) {
    std::uint64_t rest = 0;
    for (std::size_t i = shown; i < rows.count; ++i) {
      rest = util::SaturatingAdd(rest, rows.bytes(i));
    }
    out << "<p class=\"note\">" << FormatCount(rows.count - shown) << " smaller " << rows.noun
        << "(s) not listed: " << FormatBytes(rest) << " in all.</p>\n";
  }
}

void WritePeakTable(std::ostream& out, const TraceDocument& document,
                    const LogicalMemoryPeak& peak, std::size_t max_rows) {
  const SpanIndex spans = document.span_index();
  const std::vector<const LogicalStorageLifetime*> rows = LargestFirst(peak);
  WriteLiveAtPeak(
      out, peak.live_bytes,
      [&](std::ostream& text) {
        text << " in " << FormatCount(peak.live_allocations.size()) << " storage(s) at timestamp "
             << FormatCount(peak.timestamp_ns) << " ns.";
      },
      "<th>op</th><th>span</th><th>shape</th><th>dtype</th><th>category</th><th>device</th>"
      "<th>storage</th>",
      PeakTableRows{
          .count = rows.size(),
          .noun = "storage",
          .bytes = [&](std::size_t i) { return rows[i]->bytes; },
          .cells =
              [&](std::ostream& text, std::size_t i) {
                const LogicalStorageLifetime& live = *rows[i];
                text << "<td>";
                if (live.op_name) {
                  WriteEscaped(text, *live.op_name);
                } else {
                  text << "<span class=\"none\" title=\"the alloc names no op\">(no op)</span>";
                }
                text << "</td><td>";
                WriteSpanCell(text, document, spans, live.allocation_span_id);
                text << "</td><td>" << FormatShape(live.shape) << "</td><td>";
                WriteEscaped(text, live.dtype);
                text << "</td>";
                WriteCategoryDeviceAndId(text, live.category, live.device, live.storage_id);
              },
      },
      max_rows);
}

void WritePeakTable(std::ostream& out, const Trace6MemoryReport& memory, std::size_t max_rows) {
  const std::vector<Trace6LiveTensor>& rows = memory.peak_breakdown;
  WriteLiveAtPeak(
      out, memory.peak_bytes,
      [&](std::ostream& text) {
        text << " on <code>";
        WriteEscaped(text, memory.peak_device);
        text << "</code> at timestamp " << FormatCount(memory.peak_timestamp_ns) << " ns; "
             << FormatCount(rows.size()) << " tensor(s) live on any device.";
      },
      "<th>span</th><th>category</th><th>device</th><th>tensor</th>",
      PeakTableRows{
          .count = rows.size(),
          .noun = "tensor",
          .bytes = [&](std::size_t i) { return rows[i].bytes; },
          .cells =
              [&](std::ostream& text, std::size_t i) {
                const Trace6LiveTensor& live = rows[i];
                text << "<td>";
                WriteEscaped(text, live.span_id);
                text << "</td>";
                WriteCategoryDeviceAndId(text, live.category, live.device, live.tensor_id);
              },
      },
      max_rows);
}

}  // namespace tracedoc::report
