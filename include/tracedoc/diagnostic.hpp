// Diagnostics: what a read reports without failing (warnings and findings of every format), in
// one type and one bounded log. Errors stay tracedoc::Error (tracedoc/error.hpp).
#ifndef TRACEDOC_DIAGNOSTIC_HPP_
#define TRACEDOC_DIAGNOSTIC_HPP_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tracedoc {

/// The stable codes of diagnostics (docs/tracedoc.md §2.2). Their spellings never change.
enum class DiagnosticCode : std::uint8_t {
  // A Cirron spool's references whose target is not in the spool (docs/cirron-spool.md).
  kCirronMissingParent,
  kCirronMissingMark,
  kCirronMissingSpan,
  // A Cirron spool's scope tree departing from the canonical shape.
  kCirronNoSession,
  kCirronNestedEpoch,
  kCirronEpochNotUnderSession,
  kCirronStepNotUnderEpoch,
  kCirronPhaseNotUnderStep,
  kCirronRequestNotUnderSession,
  kCirronMissingIndex,
  // A record of a spool of several sessions that no session's root holds (docs/cirron-conversion.md).
  kCirronOutsideSession,
  // A TraceML export's (docs/traceml-export.md).
  kTraceMLUnknownField,
  kTraceMLFieldOrder,
  kTraceMLDuplicateKey,
  kTraceMLDroppedBatches,
};

inline constexpr int kDiagnosticCodeCount =
    static_cast<int>(DiagnosticCode::kTraceMLDroppedBatches) + 1;

/// The code's spelling, e.g. "cirron_missing_parent".
std::string_view DiagnosticCodeName(DiagnosticCode code) noexcept;
/// The code spelled `name`, if any.
std::optional<DiagnosticCode> DiagnosticCodeFromName(std::string_view name) noexcept;

enum class Severity : std::uint8_t { kError, kWarning };

/// "error" or "warning".
std::string_view SeverityName(Severity severity) noexcept;

/// One finding about an input that was read.
struct Diagnostic {
  Severity severity = Severity::kWarning;
  DiagnosticCode code = DiagnosticCode::kTraceMLUnknownField;
  /// The file that holds `line` when it is not the input itself (a spool's batch file, as a
  /// path); empty otherwise.
  std::string file;
  /// 1-based line; 0 when the finding is about the input as a whole.
  std::uint64_t line = 0;
  /// 1-based byte column in that line, when known.
  std::optional<std::uint64_t> column;
  /// The JSON path involved (`spans[3].parent_id`); empty when none.
  std::string field;
  /// One line; names in it are quoted up to a bound (QuoteName).
  std::string message;
  friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

/// The diagnostics of one read, in the order the read met them: the first `max_kept` kept,
/// every one counted. A reader asks WillKeep before it builds a message, so diagnostics past
/// the bound cost a count only.
struct DiagnosticLog {
  /// Diagnostics kept; past this many they are only counted. Default 1,000.
  std::size_t max_kept = 1000;
  std::vector<Diagnostic> kept;
  /// Every diagnostic, kept or not.
  std::uint64_t total = 0;
  /// Those of severity error, kept or not.
  std::uint64_t errors = 0;

  bool WillKeep() const noexcept { return kept.size() < max_kept; }
  /// Counts `diagnostic` and keeps it while there is room.
  void Add(Diagnostic diagnostic);
  /// `other`'s diagnostics after these, kept while there is room, every one counted.
  void Append(DiagnosticLog&& other);
  /// Counts one diagnostic that is not kept (its message was never built).
  void Count(Severity severity) noexcept {
    ++total;
    if (severity == Severity::kError) ++errors;
  }
};

/// `FILE:LINE:COLUMN: SEVERITY[CODE]: MESSAGE` (`:COLUMN` only when known; `FILE:` alone for
/// line 0), where FILE is the diagnostic's own file when it names one, else `input`.
std::string FormatDiagnostic(std::string_view input, const Diagnostic& diagnostic);

/// `text` as a message quotes a name: in backquotes, control characters escaped, and past
/// `max_bytes` cut at a character boundary with `…` and the full length (`\`ab…\` (100000
/// bytes)`), so that no message repeats an unbounded name.
std::string QuoteName(std::string_view text, std::size_t max_bytes = 64);

}  // namespace tracedoc

#endif  // TRACEDOC_DIAGNOSTIC_HPP_
