// One golden case: a folder holding the inputs of a suite's commands, a one-line `README`, and
// what each `tracedoc` command printed for them (layout and naming: README.md in this folder,
// and tests/golden_comparisons/README.md for the suites of `diff` and `compare`).
#ifndef TRACEDOC_TESTS_GOLDEN_GOLDEN_CASE_HPP_
#define TRACEDOC_TESTS_GOLDEN_GOLDEN_CASE_HPP_

#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli_run.hpp"

namespace tracedoc::golden {

inline constexpr std::string_view kInputFile = "input.jsonl";
inline constexpr std::string_view kReadmeFile = "README";
inline constexpr std::string_view kExitCodesFile = "exit_codes";

/// One command run on every case: its arguments (relative to the case folder; an argument with a
/// `*` is expanded as below) and the file its standard output is kept in. Standard error, when
/// not empty, goes to `<name>.stderr`; the exit code to a `<name> <code>` line of `exit_codes`.
struct GoldenCommand {
  std::string_view name;
  std::vector<std::string> arguments;
  std::string_view stdout_file;

  std::string StderrFile() const { return std::string(name) + ".stderr"; }
};

/// An input every case of a suite holds: a pattern of names in the case folder, where `*`
/// matches any run of characters but not a leading `.` (as the shell's), and one `/` may name
/// the entries of a folder (`baseline/*`); and how many entries (files or folders) must match.
struct GoldenInput {
  std::string pattern;
  std::size_t min_matches = 1;
  std::size_t max_matches = 1;
};

/// A golden suite: the folder of its cases, their inputs, and the commands run on each.
struct GoldenSuite {
  std::filesystem::path root;
  std::vector<GoldenInput> inputs;
  std::vector<GoldenCommand> commands;
};

/// The case folders under `root` (every subdirectory), sorted by name.
std::vector<std::string> ListCases(const std::filesystem::path& root);

/// A folder name as a gtest parameter name: `-` and `.` become `_`.
std::string TestNameOf(std::string_view case_name);

/// The names in `case_dir` that `pattern` (GoldenInput) matches, sorted byte-wise, as relative
/// paths (`baseline/run-0.jsonl`).
std::vector<std::string> MatchInputs(const std::filesystem::path& case_dir,
                                     std::string_view pattern);

/// Runs `command` in the case folder, each argument with a `*` replaced by its matches.
CliRun RunCommand(const std::filesystem::path& case_dir, const GoldenCommand& command);

/// Every output file the current binary produces for the case, name → bytes: the stdout file
/// of each command that printed something, a `.stderr` file for each that complained, and
/// `exit_codes`.
std::map<std::string, std::string> ProduceOutputs(const GoldenSuite& suite,
                                                  const std::filesystem::path& case_dir);

/// TRACEDOC_UPDATE_GOLDEN=1: rewrites the case's output files with ProduceOutputs (each file
/// replaced atomically, so parallel runs of the same case cannot tear it) and removes the output
/// files no longer produced. Returns the problems met, empty on success.
std::string RegenerateCase(const GoldenSuite& suite, const std::filesystem::path& case_dir);

/// Whether TRACEDOC_UPDATE_GOLDEN is set to 1.
bool UpdateRequested();

/// What is wrong with the case's inputs: one line for each input pattern matched by too few or
/// too many entries; empty when nothing is.
std::string InputProblems(const GoldenSuite& suite, const std::filesystem::path& case_dir);

/// The names in the case folder that are neither an input, the README, nor an output file
/// name a command could produce (a typo, a stray temporary file, a renamed command).
std::vector<std::string> UnexpectedFiles(const GoldenSuite& suite,
                                         const std::filesystem::path& case_dir);

/// The file's bytes, or nullopt when it does not exist.
std::optional<std::string> ReadFileIfPresent(const std::filesystem::path& path);

/// The code recorded for `command` in an `exit_codes` text, or nullopt when it has no line.
std::optional<int> RecordedExitCode(std::string_view exit_codes, std::string_view command);

}  // namespace tracedoc::golden

#endif  // TRACEDOC_TESTS_GOLDEN_GOLDEN_CASE_HPP_
