// The checks every golden suite makes of its cases (tests/golden, tests/golden_comparisons), as
// GoogleTest assertions: each suite's test file instantiates them over its case folders.
#ifndef TRACEDOC_TESTS_GOLDEN_GOLDEN_CHECKS_HPP_
#define TRACEDOC_TESTS_GOLDEN_GOLDEN_CHECKS_HPP_

#include <string>
#include <string_view>
#include <vector>

#include "golden_case.hpp"

namespace tracedoc::golden {

/// The names of the suite's commands, in the order of `exit_codes`.
std::vector<std::string> CommandNames(const GoldenSuite& suite);

/// Runs the command named `command_name` on the case: its stdout and stderr must equal their
/// golden files (a missing file counts as empty, and a file for an empty stream is a failure),
/// its exit code the case's `exit_codes` line. With TRACEDOC_UPDATE_GOLDEN=1 the case is first
/// regenerated (once per process, however many of its tests run).
void ExpectCommandMatches(const GoldenSuite& suite, const std::string& case_name,
                          const std::string& command_name);

/// The case folder holds the suite's inputs, a one-line `README` and an `exit_codes` with a line
/// for every command, and no file that no command produces (a stale or misnamed golden file
/// would never be compared, and so would pass silently). Regenerates first, as above.
void ExpectCaseLayout(const GoldenSuite& suite, const std::string& case_name);

}  // namespace tracedoc::golden

#endif  // TRACEDOC_TESTS_GOLDEN_GOLDEN_CHECKS_HPP_
