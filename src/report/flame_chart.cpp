#include "report/flame_chart.hpp"

#include <cstdint>
#include <string_view>

#include "report/flame_layout.hpp"
#include "report/html_escape.hpp"
#include "report/units.hpp"

namespace tracedoc::report {
namespace {

constexpr double kRowPitchPx = 20;
constexpr double kFrameHeightPx = 18;
constexpr double kCharWidthPx = 6.5;  // an average glyph of the chart's 11px sans-serif
constexpr double kTextPaddingPx = 4;
constexpr int kColours = 8;

// A colour class from the name, so one name has one colour everywhere (FNV-1a: stable across
// runs and machines, which the golden files need; nothing is keyed by it).
int ColourOf(std::string_view name) {
  std::uint32_t hash = 2166136261u;
  for (const char c : name) hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
  return static_cast<int>(hash % kColours);
}

// Code points, for the width of a name in glyphs.
std::size_t GlyphCount(std::string_view text) {
  std::size_t count = 0;
  for (const char c : text) count += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return count;
}

void WriteFrame(std::ostream& out, const TraceDocument& document, const Frame& frame) {
  std::string_view name;
  std::string_view kind_class;
  switch (frame.kind) {
    case FrameKind::kSpan:
      name = document.spans()[frame.index].name;
      kind_class = "span";
      break;
    case FrameKind::kOp:
      name = document.ops()[frame.index].op_name;
      kind_class = "op";
      break;
    case FrameKind::kMore:
      kind_class = "more";
      break;
  }
  const double y = frame.row * kRowPitchPx;
  out << "<g class=\"frame " << kind_class;
  if (frame.kind != FrameKind::kMore) out << " c" << ColourOf(name);
  out << "\"><rect x=\"" << FormatPixels(frame.x_px) << "\" y=\"" << FormatPixels(y)
      << "\" width=\"" << FormatPixels(frame.width_px) << "\" height=\"" << kFrameHeightPx
      << "\"/>";
  const std::string more_label = FormatCount(frame.merged) + " more";
  const std::string_view label = frame.kind == FrameKind::kMore ? std::string_view(more_label) : name;
  bool cut = false;
  const std::size_t glyphs = GlyphCount(ShownPrefix(label, kMaxShownBytes, cut));
  if (static_cast<double>(glyphs) * kCharWidthPx + 2 * kTextPaddingPx <= frame.width_px) {
    out << "<text x=\"" << FormatPixels(frame.x_px + kTextPaddingPx) << "\" y=\""
        << FormatPixels(y + 13) << "\">";
    WriteEscaped(out, label);
    out << "</text>";
  }
  out << "<title>";
  if (frame.kind == FrameKind::kSpan) {
    const SpanRecord& span = document.spans()[frame.index];
    WriteEscaped(out, span.name);
    out << "\nspan ";
    WriteEscaped(out, span.id);
    out << " (" << EnumName(span.kind) << "): " << FormatDuration(frame.duration_ns)
        << (span.closed ? "" : ", open until the terminal") << ", self "
        << FormatDuration(document.span_index().self_time_ns(frame.index));
  } else if (frame.kind == FrameKind::kOp) {
    const OpRecord& op = document.ops()[frame.index];
    WriteEscaped(out, op.op_name);
    out << "\nop: " << FormatDuration(op.duration_ns) << ", " << FormatShape(op.shape) << ' ';
    WriteEscaped(out, op.dtype);
    out << " on ";
    WriteEscaped(out, op.device);
  } else {
    if (frame.index == kRoots) {
      out << more_label << " root spans";
    } else {
      out << more_label << " spans and ops of ";
      WriteEscaped(out, document.spans()[frame.index].id);
    }
    out << ", each narrower than one pixel: " << FormatDuration(frame.duration_ns) << " in all";
  }
  out << "</title></g>\n";
}

}  // namespace

void WriteFlameChart(std::ostream& out, const TraceDocument& document, std::size_t max_frames) {
  const FlameLayout layout = LayOutFlameChart(document, max_frames);
  if (layout.frames.empty()) {
    out << "<p class=\"empty\">The trace has no spans under a root.</p>\n";
  } else {
    const double height = layout.rows * kRowPitchPx;
    out << "<svg class=\"flame-chart\" width=\"" << kFlameWidthPx << "\" height=\""
        << FormatPixels(height) << "\" viewBox=\"0 0 " << kFlameWidthPx << ' '
        << FormatPixels(height) << "\" role=\"img\" aria-label=\"spans and ops over time\">\n";
    for (const Frame& frame : layout.frames) WriteFrame(out, document, frame);
    out << "</svg>\n";
  }
  if (layout.aggregated) {
    out << "<p class=\"note aggregated\">More than " << FormatCount(max_frames)
        << " spans and ops: those narrower than one pixel are merged into one grey frame per "
           "parent.</p>\n";
  }
  if (layout.left_out != 0) {
    out << "<p class=\"note\">Rows below row " << layout.rows << " are not drawn ("
        << FormatCount(layout.left_out) << " more spans and ops).</p>\n";
  }
  if (layout.unreachable_spans != 0) {
    out << "<p class=\"note\">" << FormatCount(layout.unreachable_spans)
        << " span(s) under an unknown parent or a parent cycle are not drawn.</p>\n";
  }
}

}  // namespace tracedoc::report
