// The golden suite (issue 6): each case folder's outputs, compared byte for byte with what the
// real `tracedoc` binary prints now. With TRACEDOC_UPDATE_GOLDEN=1 the files are rewritten first
// (and the tests then pass); without it nothing is ever written.
#include <filesystem>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "first_difference.hpp"
#include "golden_case.hpp"

namespace tracedoc::golden {
namespace {

const std::filesystem::path kGoldenDir = TRACEDOC_GOLDEN_DIR;

// The issue asks for at least this many cases.
constexpr std::size_t kMinimumCaseCount = 40;

const std::vector<std::string>& Cases() {
  static const std::vector<std::string> cases = ListCases(kGoldenDir);
  return cases;
}

std::vector<std::string> CommandNames() {
  std::vector<std::string> names;
  for (const GoldenCommand& command : GoldenCommands()) names.emplace_back(command.name);
  return names;
}

const GoldenCommand& CommandNamed(const std::string& name) {
  for (const GoldenCommand& command : GoldenCommands()) {
    if (command.name == name) return command;
  }
  throw std::logic_error("no golden command " + name);
}

// Regenerates each case at most once per process, however many of its tests run.
void RegenerateOnceIfRequested(const std::string& case_name) {
  static std::set<std::string> done;
  if (!UpdateRequested() || !done.insert(case_name).second) return;
  const std::string problems = RegenerateCase(kGoldenDir / case_name);
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

class GoldenOutputTest : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(GoldenOutputTest, MatchesByteForByte) {
  const auto& [case_name, command_name] = GetParam();
  ASSERT_NO_FATAL_FAILURE(RegenerateOnceIfRequested(case_name));
  const std::filesystem::path case_dir = kGoldenDir / case_name;
  const GoldenCommand& command = CommandNamed(command_name);

  const CliRun run = RunCommand(case_dir, command);
  ASSERT_NE(run.exit_code, -1) << "could not run " << TRACEDOC_CLI_PATH;
  ExpectStreamMatches(case_dir, std::string(command.stdout_file), run.out, "stdout");
  ExpectStreamMatches(case_dir, command.StderrFile(), run.err, "stderr");

  const std::optional<std::string> exit_codes = ReadFileIfPresent(case_dir / kExitCodesFile);
  ASSERT_TRUE(exit_codes.has_value()) << "missing golden file " << kExitCodesFile;
  EXPECT_EQ(RecordedExitCode(*exit_codes, command.name), run.exit_code)
      << "exit code of `tracedoc " << command.name << "` (file " << kExitCodesFile << ")";
}

std::string OutputTestName(
    const ::testing::TestParamInfo<std::tuple<std::string, std::string>>& info) {
  return TestNameOf(std::get<0>(info.param)) + "__" + std::get<1>(info.param);
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenOutputTest,
                         ::testing::Combine(::testing::ValuesIn(Cases()),
                                            ::testing::ValuesIn(CommandNames())),
                         OutputTestName);

// The folder itself: the input and README are there, `exit_codes` names every command, and no
// file is there that no command produces (a stale or misnamed golden file would never be
// compared, and so would pass silently).
class GoldenLayoutTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenLayoutTest, HoldsExactlyTheInputAndOutputs) {
  const std::string& case_name = GetParam();
  ASSERT_NO_FATAL_FAILURE(RegenerateOnceIfRequested(case_name));
  const std::filesystem::path case_dir = kGoldenDir / case_name;

  EXPECT_TRUE(std::filesystem::is_regular_file(case_dir / kInputFile)) << "missing " << kInputFile;
  const std::optional<std::string> readme = ReadFileIfPresent(case_dir / kReadmeFile);
  ASSERT_TRUE(readme.has_value()) << "missing " << kReadmeFile << " (one line: what the case "
                                  << "covers, and its docs/examples.md id when it has one)";
  EXPECT_TRUE(!readme->empty() && readme->find('\n') == readme->size() - 1)
      << kReadmeFile << " must be exactly one line ending in a newline";

  const std::optional<std::string> exit_codes = ReadFileIfPresent(case_dir / kExitCodesFile);
  ASSERT_TRUE(exit_codes.has_value()) << "missing " << kExitCodesFile;
  for (const GoldenCommand& command : GoldenCommands()) {
    EXPECT_TRUE(RecordedExitCode(*exit_codes, command.name).has_value())
        << kExitCodesFile << " has no line for " << command.name;
  }
  EXPECT_EQ(UnexpectedFiles(case_dir), std::vector<std::string>{})
      << "files no golden command produces (a removed output is deleted by a regeneration; "
         "anything else must go)";
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenLayoutTest, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return TestNameOf(info.param);
                         });

TEST(GoldenSuiteTest, FindsEveryCaseTheBuildListed) {
  // The build counts the folders with an input.jsonl; a different number here means a folder
  // without one, or a case added since the last build (rebuild so that ctest lists its tests).
  EXPECT_EQ(Cases().size(), static_cast<std::size_t>(TRACEDOC_GOLDEN_CASE_COUNT));
  EXPECT_GE(Cases().size(), kMinimumCaseCount);
}

TEST(GoldenSuiteTest, ExampleCasesHoldTheBundledExamples) {
  // Cases 85 and 86 keep the README's outputs of examples/ (export and report included) under
  // the golden comparison; a copy that drifted from its example would guard nothing.
  const std::filesystem::path examples = std::filesystem::path(TRACEDOC_SOURCE_DIR) / "examples";
  const std::filesystem::path golden(TRACEDOC_GOLDEN_DIR);
  EXPECT_EQ(ReadFileIfPresent(golden / "85-example-valid" / kInputFile),
            ReadFileIfPresent(examples / "valid.jsonl"));
  EXPECT_EQ(ReadFileIfPresent(golden / "86-example-invalid" / kInputFile),
            ReadFileIfPresent(examples / "invalid.jsonl"));
}

}  // namespace
}  // namespace tracedoc::golden
