// The measured defects of issue 26 as cases written at a base size and at four times it: the two
// runs tell a linear cost from a quadratic one, and bound peak memory and output by the input.
// Inputs are Cirron spools (directories), TraceML exports and trace/10 files.
#ifndef TRACEDOC_TESTS_HOSTILE_SCALING_CASES_HPP_
#define TRACEDOC_TESTS_HOSTILE_SCALING_CASES_HPP_

#include <cstdint>
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace tracedoc::hostile {

/// How much more the second run's input is than the first's.
inline constexpr std::uint64_t kScalingFactor = 4;

/// Writes a case's input at `factor` times its base size inside `dir` (which exists) and returns
/// what the commands are given: a file, or a spool's `.cirron` directory; empty when the write
/// failed.
using InputWriter =
    std::function<std::filesystem::path(const std::filesystem::path& dir, std::uint64_t factor)>;

struct ScalingCase {
  std::string name;
  /// Each command may carry its own options (`export --format chrome`); the input comes last.
  std::vector<std::string> commands;
  InputWriter write;
  /// The exit codes a command may give; never a signal.
  std::vector<int> exit_codes = {0};
  /// The peak bound is input × numerator / denominator + 64 MiB: 2 on hostile input, 3/2 on
  /// ordinary spools and exports (issue 26, item 6).
  std::uint64_t memory_numerator = 2;
  std::uint64_t memory_denominator = 1;
  /// Whether what a command prints (standard output and error) is bounded by the input, where
  /// the issue measured an output out of proportion to it.
  bool bound_output = false;
  /// Commands whose standard output must reach this many bytes times the factor: the work the
  /// case is about is still done (each interval is still exported, say).
  std::vector<std::pair<std::string, std::uint64_t>> min_stdout_bytes = {};
  /// Run under sanitizers too (exit codes and output only): the small inputs.
  bool sanitized_too = false;
};

/// Names the case in test output.
inline void PrintTo(const ScalingCase& scaling, std::ostream* out) { *out << scaling.name; }

/// The cases of issue 26, at the sizes it names (the larger run of each), divided by
/// TRACEDOC_HOSTILE_SCALE.
std::vector<ScalingCase> ScalingCases();

}  // namespace tracedoc::hostile

#endif  // TRACEDOC_TESTS_HOSTILE_SCALING_CASES_HPP_
