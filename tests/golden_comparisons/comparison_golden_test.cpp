// The golden suites of `tracedoc diff` (pairs/) and `tracedoc compare` (cohorts/): each case
// folder's outputs, compared byte for byte with what the real binary prints now, by the checks
// of tests/golden (golden_checks.hpp). TRACEDOC_UPDATE_GOLDEN=1 rewrites them first.
#include <cstddef>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <system_error>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "golden_case.hpp"
#include "golden_checks.hpp"

namespace tracedoc::golden {
namespace {

const std::filesystem::path kComparisonsDir = TRACEDOC_GOLDEN_COMPARISONS_DIR;

// Item 5 of issue 30 asks for about ten pairs and six cohorts.
constexpr std::size_t kMinimumPairCount = 10;
constexpr std::size_t kMinimumCohortCount = 6;

// Two runs, `base.*` and `candidate.*` (a file, or a Cirron spool's folder), diffed every way
// that prints something else: the table, the JSON, the gate (both outputs), the gate that lets
// the span tree change, and the table of the runs swapped.
const GoldenSuite& PairSuite() {
  const std::string base = "base.*";
  const std::string candidate = "candidate.*";
  static const GoldenSuite suite{
      kComparisonsDir / "pairs",
      {{base, 1, 1}, {candidate, 1, 1}},
      {
          {"diff", {"diff", base, candidate}, "diff.txt"},
          {"diff_json", {"diff", "--json", base, candidate}, "diff.json"},
          {"diff_gate", {"diff", "--fail-over", "10%", base, candidate}, "diff_gate.txt"},
          {"diff_gate_json",
           {"diff", "--json", "--fail-over", "10%", base, candidate},
           "diff_gate.json"},
          {"diff_allow_structure",
           {"diff", "--fail-over", "10%", "--allow-structure", base, candidate},
           "diff_allow_structure.txt"},
          {"diff_swapped", {"diff", candidate, base}, "diff_swapped.txt"},
      }};
  return suite;
}

// Two cohorts, `baseline/*` and `candidate/*`, compared: text, JSON, and the gate.
const GoldenSuite& CohortSuite() {
  const std::string baseline = "baseline/*";
  const std::string candidate = "candidate/*";
  constexpr std::size_t kAny = std::numeric_limits<std::size_t>::max();
  static const GoldenSuite suite{
      kComparisonsDir / "cohorts",
      {{baseline, 1, kAny}, {candidate, 1, kAny}},
      {
          {"compare", {"compare", "--baseline", baseline, "--candidate", candidate}, "compare.txt"},
          {"compare_json",
           {"compare", "--json", "--baseline", baseline, "--candidate", candidate},
           "compare.json"},
          {"compare_gate",
           {"compare", "--fail-on-slower", "--baseline", baseline, "--candidate", candidate},
           "compare_gate.txt"},
      }};
  return suite;
}

// A case: its suite and folder name (printed as the folder's path in the suite).
struct SuiteCase {
  const GoldenSuite* suite;
  std::string name;
};

void PrintTo(const SuiteCase& suite_case, std::ostream* out) {
  *out << suite_case.suite->root.filename().string() << "/" << suite_case.name;
}

std::vector<SuiteCase> CasesOf(const GoldenSuite& suite) {
  std::vector<SuiteCase> cases;
  for (std::string& name : ListCases(suite.root)) cases.push_back({&suite, std::move(name)});
  return cases;
}

class ComparisonGoldenOutputTest
    : public ::testing::TestWithParam<std::tuple<SuiteCase, std::string>> {};

TEST_P(ComparisonGoldenOutputTest, MatchesByteForByte) {
  const auto& [suite_case, command_name] = GetParam();
  ExpectCommandMatches(*suite_case.suite, suite_case.name, command_name);
}

std::string OutputTestName(
    const ::testing::TestParamInfo<std::tuple<SuiteCase, std::string>>& info) {
  return TestNameOf(std::get<0>(info.param).name) + "__" + std::get<1>(info.param);
}

INSTANTIATE_TEST_SUITE_P(Pairs, ComparisonGoldenOutputTest,
                         ::testing::Combine(::testing::ValuesIn(CasesOf(PairSuite())),
                                            ::testing::ValuesIn(CommandNames(PairSuite()))),
                         OutputTestName);
INSTANTIATE_TEST_SUITE_P(Cohorts, ComparisonGoldenOutputTest,
                         ::testing::Combine(::testing::ValuesIn(CasesOf(CohortSuite())),
                                            ::testing::ValuesIn(CommandNames(CohortSuite()))),
                         OutputTestName);

// The folder itself: its inputs, README and `exit_codes` are there, and nothing else but outputs.
class ComparisonGoldenLayoutTest : public ::testing::TestWithParam<SuiteCase> {};

TEST_P(ComparisonGoldenLayoutTest, HoldsExactlyTheInputsAndOutputs) {
  ExpectCaseLayout(*GetParam().suite, GetParam().name);
}

std::string LayoutTestName(const ::testing::TestParamInfo<SuiteCase>& info) {
  return TestNameOf(info.param.name);
}

INSTANTIATE_TEST_SUITE_P(Pairs, ComparisonGoldenLayoutTest,
                         ::testing::ValuesIn(CasesOf(PairSuite())), LayoutTestName);
INSTANTIATE_TEST_SUITE_P(Cohorts, ComparisonGoldenLayoutTest,
                         ::testing::ValuesIn(CasesOf(CohortSuite())), LayoutTestName);

TEST(ComparisonGoldenSuiteTest, FindsEveryCaseTheBuildListed) {
  // The build counts the folders with a README; a different number here means a folder
  // without one, or a case added since the last build (rebuild so that ctest lists its tests).
  EXPECT_EQ(ListCases(PairSuite().root).size(),
            static_cast<std::size_t>(TRACEDOC_GOLDEN_PAIR_COUNT));
  EXPECT_EQ(ListCases(CohortSuite().root).size(),
            static_cast<std::size_t>(TRACEDOC_GOLDEN_COHORT_COUNT));
  EXPECT_GE(ListCases(PairSuite().root).size(), kMinimumPairCount);
  EXPECT_GE(ListCases(CohortSuite().root).size(), kMinimumCohortCount);
}

// A folder's files, name → bytes.
std::map<std::string, std::optional<std::string>> FilesIn(const std::filesystem::path& folder) {
  std::map<std::string, std::optional<std::string>> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    files[entry.path().filename().string()] = ReadFileIfPresent(entry.path());
  }
  return files;
}

TEST(ComparisonGoldenSuiteTest, CopiesHoldWhatTheyCopy) {
  // Pairs 08, 09 and 10 take their runs from tests/golden and examples/, as their READMEs say;
  // a copy that drifted from its source would no longer show what the README claims.
  const std::filesystem::path source = TRACEDOC_SOURCE_DIR;
  const std::filesystem::path pairs = PairSuite().root;
  const std::filesystem::path trace6 = source / "tests/golden/90-s9-trace6-every-record-kind";
  EXPECT_EQ(ReadFileIfPresent(pairs / "08-trace6-vs-its-upgrade/base.jsonl"),
            ReadFileIfPresent(trace6 / kInputFile));
  EXPECT_EQ(ReadFileIfPresent(pairs / "08-trace6-vs-its-upgrade/candidate.jsonl"),
            ReadFileIfPresent(trace6 / "upgrade.jsonl"));
  EXPECT_EQ(ReadFileIfPresent(pairs / "10-trace-vs-cirron-spool/base.jsonl"),
            ReadFileIfPresent(source / "examples/valid.jsonl"));
  const auto spool = FilesIn(source / "examples/cirron/.cirron/spool");
  EXPECT_EQ(spool.size(), 3U);
  EXPECT_EQ(FilesIn(pairs / "09-cirron-spool-vs-its-import/base.cirron/spool"), spool);
  EXPECT_EQ(FilesIn(pairs / "10-trace-vs-cirron-spool/candidate.cirron/spool"), spool);
}

}  // namespace
}  // namespace tracedoc::golden
