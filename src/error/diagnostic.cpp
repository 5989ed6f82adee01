// The diagnostic codes' spellings, the bounded log, and how a diagnostic prints.
#include "tracedoc/diagnostic.hpp"

#include <array>

#include "text/terminal_text.hpp"
#include "util/enum_names.hpp"

namespace tracedoc {
namespace {

constexpr std::array<std::string_view, kDiagnosticCodeCount> kNames = {
    "cirron_missing_parent",
    "cirron_missing_mark",
    "cirron_missing_span",
    "cirron_no_session",
    "cirron_nested_epoch",
    "cirron_epoch_not_under_session",
    "cirron_step_not_under_epoch",
    "cirron_phase_not_under_step",
    "cirron_request_not_under_session",
    "cirron_missing_index",
    "cirron_outside_session",
    "traceml_unknown_field",
    "traceml_field_order",
    "traceml_duplicate_key",
    "traceml_dropped_batches",
};

// Where a UTF-8 text may be cut: not inside a character.
std::size_t CharacterBoundary(std::string_view text, std::size_t at) {
  while (at > 0 && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) --at;
  return at;
}

}  // namespace

std::string_view DiagnosticCodeName(DiagnosticCode code) noexcept {
  return util::EnumNameOr(kNames, code, "unknown_diagnostic");
}

std::optional<DiagnosticCode> DiagnosticCodeFromName(std::string_view name) noexcept {
  return util::EnumFromNames<DiagnosticCode>(kNames, name);
}

std::string_view SeverityName(Severity severity) noexcept {
  return severity == Severity::kError ? "error" : "warning";
}

void DiagnosticLog::Append(DiagnosticLog&& other) {
  std::uint64_t kept_errors = 0;
  for (Diagnostic& diagnostic : other.kept) {
    if (diagnostic.severity == Severity::kError) ++kept_errors;
    Add(std::move(diagnostic));
  }
  // Those `other` only counted: its errors first, their order being unknown.
  const std::uint64_t unkept = other.total - other.kept.size();
  const std::uint64_t unkept_errors = other.errors - kept_errors;
  for (std::uint64_t i = 0; i < unkept; ++i) {
    Count(i < unkept_errors ? Severity::kError : Severity::kWarning);
  }
}

void DiagnosticLog::Add(Diagnostic diagnostic) {
  Count(diagnostic.severity);
  if (WillKeep()) kept.push_back(std::move(diagnostic));
}

std::string FormatDiagnostic(std::string_view input, const Diagnostic& diagnostic) {
  std::string out;
  text::AppendTerminalSafe(out, diagnostic.file.empty() ? input : std::string_view(diagnostic.file));
  if (diagnostic.line != 0) {
    out += ':';
    out += std::to_string(diagnostic.line);
    if (diagnostic.column) {
      out += ':';
      out += std::to_string(*diagnostic.column);
    }
  }
  out += ": ";
  out += SeverityName(diagnostic.severity);
  out += '[';
  out += DiagnosticCodeName(diagnostic.code);
  out += "]: ";
  text::AppendTerminalSafe(out, diagnostic.message);
  return out;
}

std::string QuoteName(std::string_view text, std::size_t max_bytes) {
  std::string out = "`";
  if (text.size() <= max_bytes) {
    text::AppendTerminalSafe(out, text);
    out += '`';
    return out;
  }
  text::AppendTerminalSafe(out, text.substr(0, CharacterBoundary(text, max_bytes)));
  out += "…` (";
  out += std::to_string(text.size());
  out += " bytes)";
  return out;
}

}  // namespace tracedoc
