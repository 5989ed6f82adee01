#include "golden_checks.hpp"

#include <filesystem>
#include <optional>
#include <set>
#include <stdexcept>

#include <gtest/gtest.h>

#include "first_difference.hpp"

namespace tracedoc::golden {
namespace {

const GoldenCommand& CommandNamed(const GoldenSuite& suite, std::string_view name) {
  for (const GoldenCommand& command : suite.commands) {
    if (command.name == name) return command;
  }
  throw std::logic_error("no golden command " + std::string(name));
}

// Regenerates each case at most once per process, however many of its tests run.
void RegenerateOnceIfRequested(const GoldenSuite& suite, const std::string& case_name) {
  static std::set<std::filesystem::path> done;
  const std::filesystem::path case_dir = suite.root / case_name;
  if (!UpdateRequested() || !done.insert(case_dir).second) return;
  const std::string problems = RegenerateCase(suite, case_dir);
  ASSERT_EQ(problems, "") << "regenerating " << case_name;
}

// One output stream against its golden file: the file must exist exactly when the stream is
// not empty, and then hold the same bytes.
void ExpectStreamMatches(const std::filesystem::path& case_dir, const std::string& file,
                         const std::string& actual, const char* stream) {
  const std::optional<std::string> expected = ReadFileIfPresent(case_dir / file);
  if (!expected) {
    EXPECT_TRUE(actual.empty()) << "missing golden file " << file << ": the command printed "
                                << actual.size() << " bytes on " << stream << ":\n"
                                << actual.substr(0, 2000);
    return;
  }
  EXPECT_FALSE(actual.empty()) << "unexpected golden file " << file << ": the command printed "
                               << "nothing on " << stream;
  if (!actual.empty()) {
    EXPECT_TRUE(*expected == actual) << file << " differs from " << stream << "\n"
                                     << DescribeFirstDifference(*expected, actual);
  }
}

}  // namespace

std::vector<std::string> CommandNames(const GoldenSuite& suite) {
  std::vector<std::string> names;
  for (const GoldenCommand& command : suite.commands) names.emplace_back(command.name);
  return names;
}

void ExpectCommandMatches(const GoldenSuite& suite, const std::string& case_name,
                          const std::string& command_name) {
  ASSERT_NO_FATAL_FAILURE(RegenerateOnceIfRequested(suite, case_name));
  const std::filesystem::path case_dir = suite.root / case_name;
  const GoldenCommand& command = CommandNamed(suite, command_name);

  const CliRun run = RunCommand(case_dir, command);
  ASSERT_NE(run.exit_code, -1) << "could not run " << TRACEDOC_CLI_PATH;
  ExpectStreamMatches(case_dir, std::string(command.stdout_file), run.out, "stdout");
  ExpectStreamMatches(case_dir, command.StderrFile(), run.err, "stderr");

  const std::optional<std::string> exit_codes = ReadFileIfPresent(case_dir / kExitCodesFile);
  ASSERT_TRUE(exit_codes.has_value()) << "missing golden file " << kExitCodesFile;
  EXPECT_EQ(RecordedExitCode(*exit_codes, command.name), run.exit_code)
      << "exit code of `tracedoc " << command.name << "` (file " << kExitCodesFile << ")";
}

void ExpectCaseLayout(const GoldenSuite& suite, const std::string& case_name) {
  ASSERT_NO_FATAL_FAILURE(RegenerateOnceIfRequested(suite, case_name));
  const std::filesystem::path case_dir = suite.root / case_name;

  EXPECT_EQ(InputProblems(suite, case_dir), "") << "the case's inputs";
  const std::optional<std::string> readme = ReadFileIfPresent(case_dir / kReadmeFile);
  ASSERT_TRUE(readme.has_value()) << "missing " << kReadmeFile << " (one line: what the case "
                                  << "covers, and the docs id or section that pins it)";
  EXPECT_TRUE(!readme->empty() && readme->find('\n') == readme->size() - 1)
      << kReadmeFile << " must be exactly one line ending in a newline";

  const std::optional<std::string> exit_codes = ReadFileIfPresent(case_dir / kExitCodesFile);
  ASSERT_TRUE(exit_codes.has_value()) << "missing " << kExitCodesFile;
  for (const GoldenCommand& command : suite.commands) {
    EXPECT_TRUE(RecordedExitCode(*exit_codes, command.name).has_value())
        << kExitCodesFile << " has no line for " << command.name;
  }
  EXPECT_EQ(UnexpectedFiles(suite, case_dir), std::vector<std::string>{})
      << "files no golden command produces (a removed output is deleted by a regeneration; "
         "anything else must go)";
}

}  // namespace tracedoc::golden
