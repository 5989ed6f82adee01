#include "traceml/export_warnings.hpp"

#include <optional>
#include <vector>

namespace tracedoc::traceml {
namespace {

// The most of a path a diagnostic's field keeps.
constexpr std::size_t kMaxFieldBytes = 256;

// `text` cut to at most `room` bytes at the start of a character.
std::string_view Fitted(std::string_view text, std::size_t room) {
  if (text.size() <= room) return text;
  std::size_t end = room;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

}  // namespace

ExportWarnings::Path ExportWarnings::PathOf(const format::PathStep* object, std::string_view key) {
  // The steps from the root: an events sample's member is four deep.
  std::vector<const format::PathStep*> steps;
  for (const format::PathStep* step = object; step != nullptr; step = step->parent) {
    steps.push_back(step);
  }
  Path path;
  const auto append = [&](std::string_view piece) {
    path.total += piece.size();
    if (path.cut) return;
    const std::size_t room = kMaxFieldBytes - path.text.size();
    const std::string_view fitted = Fitted(piece, room);
    path.text.append(fitted);
    path.cut = fitted.size() < piece.size();
  };
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
    if ((*it)->index >= 0) {
      append("[" + std::to_string((*it)->index) + "]");
    } else {
      if (path.total != 0) append(".");
      append((*it)->key);
    }
  }
  if (path.total != 0) append(".");
  append(key);
  return path;
}

std::string ExportWarnings::Path::Field() const { return cut ? text + "…" : text; }

std::string ExportWarnings::Path::Quoted() const {
  if (!cut) return QuoteName(text);
  // QuoteName of the kept part, with the length of the whole path.
  std::string quoted = QuoteName(text);
  const std::string kept_length = " (" + std::to_string(text.size()) + " bytes)";
  if (quoted.size() >= kept_length.size() &&
      quoted.compare(quoted.size() - kept_length.size(), kept_length.size(), kept_length) == 0) {
    quoted.resize(quoted.size() - kept_length.size());
  }
  return quoted + " (" + std::to_string(total) + " bytes)";
}

void ExportWarnings::UnknownMember(const format::DecodeContext& ctx,
                                   const format::PathStep* object, std::string_view key,
                                   std::uint32_t key_node) {
  std::optional<Path> path;  // built once, and only for a warning that is kept
  Add(
      DiagnosticCode::kTraceMLUnknownField,
      [&] { return path.emplace(PathOf(object, key)).Field(); }, Column(ctx.tape, key_node),
      [&] { return "unknown field " + path->Quoted() + ", kept"; });
}

void ExportWarnings::OutOfOrder(const format::DecodeContext& ctx, const format::PathStep* object,
                                std::string_view key, std::string_view after,
                                std::uint32_t key_node) {
  std::optional<Path> path;
  Add(
      DiagnosticCode::kTraceMLFieldOrder,
      [&] { return path.emplace(PathOf(object, key)).Field(); }, Column(ctx.tape, key_node),
      [&] {
        return path->Quoted() + " after " + PathOf(object, after).Quoted() +
               ", out of column order";
      });
}

void ExportWarnings::Keep(DiagnosticCode code, std::string field, std::uint64_t column,
                          std::string message) {
  Diagnostic diagnostic;
  diagnostic.severity = Severity::kWarning;
  diagnostic.code = code;
  diagnostic.line = line_;
  diagnostic.column = column;
  diagnostic.field = std::move(field);
  diagnostic.message = std::move(message);
  log_.Add(std::move(diagnostic));
}

}  // namespace tracedoc::traceml
