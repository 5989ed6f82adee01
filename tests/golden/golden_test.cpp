// The golden suite (issue 6): each case folder's outputs, compared byte for byte with what the
// real `tracedoc` binary prints now. With TRACEDOC_UPDATE_GOLDEN=1 the files are rewritten first
// (and the tests then pass); without it nothing is ever written.
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "golden_case.hpp"
#include "golden_checks.hpp"

namespace tracedoc::golden {
namespace {

const std::filesystem::path kGoldenDir = TRACEDOC_GOLDEN_DIR;

// The issue asks for at least this many cases.
constexpr std::size_t kMinimumCaseCount = 40;

// One input, `input.jsonl`, and every command that reads one trace (README.md).
const GoldenSuite& Suite() {
  const std::string input(kInputFile);
  static const GoldenSuite suite{kGoldenDir, {{input, 1, 1}}, {
      {"validate", {"validate", "--json", input}, "validate.json"},
      {"validate_all", {"validate", "--all", "--json", input}, "validate_all.json"},
      {"summary", {"summary", input}, "summary.json"},
      {"memory", {"memory", input}, "memory.json"},
      {"health", {"health", input}, "health.json"},
      {"cat", {"cat", input}, "cat.jsonl"},
      {"document", {"document", input}, "document.json"},
      {"export", {"export", "--format", "chrome", input}, "export.json"},
      {"speedscope", {"export", "--format", "speedscope", input}, "speedscope.json"},
      {"report", {"report", input}, "report.html"},
      {"upgrade", {"upgrade", input}, "upgrade.jsonl"},
  }};
  return suite;
}


const std::vector<std::string>& Cases() {
  static const std::vector<std::string> cases = ListCases(kGoldenDir);
  return cases;
}

class GoldenOutputTest : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(GoldenOutputTest, MatchesByteForByte) {
  const auto& [case_name, command_name] = GetParam();
  ExpectCommandMatches(Suite(), case_name, command_name);
}

std::string OutputTestName(
    const ::testing::TestParamInfo<std::tuple<std::string, std::string>>& info) {
  return TestNameOf(std::get<0>(info.param)) + "__" + std::get<1>(info.param);
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenOutputTest,
                         ::testing::Combine(::testing::ValuesIn(Cases()),
                                            ::testing::ValuesIn(CommandNames(Suite()))),
                         OutputTestName);

// The folder itself: the input and README are there, `exit_codes` names every command, and no
// file is there that no command produces.
class GoldenLayoutTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenLayoutTest, HoldsExactlyTheInputAndOutputs) {
  ExpectCaseLayout(Suite(), GetParam());
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
