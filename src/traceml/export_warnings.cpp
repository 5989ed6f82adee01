#include "traceml/export_warnings.hpp"

namespace tracedoc::traceml {

std::string ExportWarnings::BoundedField(std::string_view field) {
  constexpr std::size_t kMaxFieldBytes = 256;
  if (field.size() <= kMaxFieldBytes) return std::string(field);
  std::size_t end = kMaxFieldBytes;
  while (end > 0 && (static_cast<unsigned char>(field[end]) & 0xC0) == 0x80) --end;
  return std::string(field.substr(0, end)) + "…";
}

void ExportWarnings::UnknownMember(const format::DecodeContext& ctx, const std::string& field,
                                   std::uint32_t key_node) {
  Add(DiagnosticCode::kTraceMLUnknownField, field, Column(ctx.tape, key_node),
      [&] { return "unknown field " + QuoteName(field) + ", kept"; });
}

void ExportWarnings::OutOfOrder(const format::DecodeContext& ctx, const std::string& field,
                                const std::string& after, std::uint32_t key_node) {
  Add(DiagnosticCode::kTraceMLFieldOrder, field, Column(ctx.tape, key_node), [&] {
    return QuoteName(field) + " after " + QuoteName(after) + ", out of column order";
  });
}

}  // namespace tracedoc::traceml
