// What `tracedoc validate --json` says about one corpus case, reduced to what the readers'
// rewrite must keep (issue 26): accepted or rejected, the exit code, the error's code, line,
// column and field, and each warning's code, line and (spools) column. One row of
// tests/formats/expected_verdicts.tsv each.
#ifndef TRACEDOC_TESTS_FORMATS_VERDICT_HPP_
#define TRACEDOC_TESTS_FORMATS_VERDICT_HPP_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tracedoc::formats {

struct VerdictWarning {
  std::string code;
  std::uint64_t line = 0;
  /// A spool warning's column; exports' warnings have none.
  std::optional<std::uint64_t> column;

  bool operator==(const VerdictWarning&) const = default;
};

struct Verdict {
  std::string name;
  /// The flags before the input, joined by single spaces.
  std::string flags;
  bool ok = false;
  int exit_code = -1;
  /// The error's; empty (and the positions absent) when ok.
  std::string code;
  std::optional<std::uint64_t> line;
  std::optional<std::uint64_t> column;
  std::string field;
  /// The export's `warning_count` (all warnings, also those past the listed bound), or the
  /// number of a spool's warnings.
  std::uint64_t warning_count = 0;
  std::vector<VerdictWarning> warnings;

  bool operator==(const Verdict&) const = default;
};

/// The verdict in `validate --json` output (one JSON object) and the exit code; nullopt with
/// `why` set when the output is not such an object.
std::optional<Verdict> ParseValidateOutput(std::string_view name, std::string_view flags,
                                           std::string_view output, int exit_code,
                                           std::string& why);

/// The comment lines that head the verdicts file (each starting with `#`, newline ended).
std::string VerdictFileHeader();

/// Whether `code` is one of a spool's scope-shape findings, which the rows do not record.
bool IsScopeFinding(std::string_view code);

/// One tab-separated line, without its newline: name, flags, ok|rejected, exit code, code,
/// line, column, field (`-` for none; tab, newline, backslash and bytes outside printable
/// ASCII escaped), then the warning count and each warning as `code@line:column` (`code@line`
/// without a column), separated by spaces.
std::string VerdictRow(const Verdict& verdict);

/// The inverse of VerdictRow; nullopt with `why` set for a malformed row.
std::optional<Verdict> ParseVerdictRow(std::string_view row, std::string& why);

/// The rows of a verdicts file (comment and empty lines skipped), in file order; nullopt with
/// `why` (naming the line) for a malformed row or a case recorded twice.
std::optional<std::vector<Verdict>> ParseVerdictFile(std::string_view text, std::string& why);

/// A difference between a recorded verdict and today's that the rewrite intends (see
/// allowed_differences.hpp). `item` is `column`, `field` or `warning[N].column`; `recorded` and
/// `now` are the values as a row writes them, `*` for any.
struct AllowedDifference {
  std::string_view case_name;  // exact, or a prefix ending in `*`
  std::string_view item;
  std::string_view recorded;
  std::string_view now;
  std::string_view why;
};

/// What differs between the recorded verdict and today's, one line each, empty when they agree.
/// Lines, columns and fields may differ as an entry of `allowed` says; the rest must be equal.
std::vector<std::string> VerdictDifferences(const Verdict& recorded, const Verdict& now,
                                            std::span<const AllowedDifference> allowed);

}  // namespace tracedoc::formats

#endif  // TRACEDOC_TESTS_FORMATS_VERDICT_HPP_
