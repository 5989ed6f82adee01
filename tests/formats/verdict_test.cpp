// Verdicts: read from validate --json as the command line prints it for a spool and an export,
// a row of the verdicts file written and read back, and differences named item by item, the
// allowed ones only as their entry says.
#include <array>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "formats/verdict.hpp"

namespace tracedoc::formats {
namespace {

Verdict SpoolError() {
  Verdict verdict;
  verdict.name = "cirron/invalid_type/x/line";
  verdict.flags = "--from cirron";
  verdict.exit_code = 1;
  verdict.code = "invalid_type";
  verdict.line = 3;
  verdict.column = 17;
  verdict.field = "spans[6].start_ns";
  return verdict;
}

Verdict SpoolWarnings() {
  Verdict verdict;
  verdict.name = "cirron/warn/x/line";
  verdict.flags = "--from cirron";
  verdict.ok = true;
  verdict.exit_code = 0;
  verdict.warning_count = 2;
  verdict.warnings = {{"cirron_missing_parent", 1, 230}, {"cirron_missing_mark", 4, 9}};
  return verdict;
}

TEST(FormatsVerdictTest, ReadsASpoolErrorFromValidateJson) {
  std::string why;
  const std::optional<Verdict> verdict = ParseValidateOutput(
      "cirron/invalid_type/x/line", "--from cirron",
      R"({"file":".cirron","ok":false,"error":{"code":"invalid_type","line":3,"index":null,)"
      R"("column":17,"field":"spans[6].start_ns","message":"m"},"warnings":[],"findings":[]})"
      "\n",
      1, why);
  ASSERT_TRUE(verdict) << why;
  EXPECT_EQ(*verdict, SpoolError());
}

TEST(FormatsVerdictTest, ReadsSpoolWarningsWithTheirColumns) {
  std::string why;
  const std::optional<Verdict> verdict = ParseValidateOutput(
      "cirron/warn/x/line", "--from cirron",
      R"({"file":".cirron","ok":true,"error":null,"warnings":[{"code":"cirron_missing_parent",)"
      R"("file":"f","line":1,"column":230,"path":"p","message":"m"},{"code":)"
      R"("cirron_missing_mark","file":"f","line":4,"column":9,"path":"p","message":"m"}],)"
      R"("findings":[]})",
      0, why);
  ASSERT_TRUE(verdict) << why;
  EXPECT_EQ(*verdict, SpoolWarnings());
}

TEST(FormatsVerdictTest, ReadsExportWarningsWithoutColumnsAndTheirTotal) {
  std::string why;
  const std::optional<Verdict> verdict = ParseValidateOutput(
      "t", "--from traceml",
      R"({"file":"e","ok":true,"error":null,"warnings":[{"code":"traceml_duplicate_key",)"
      R"("line":43,"field":"","message":"m"}],"warning_count":1001})",
      0, why);
  ASSERT_TRUE(verdict) << why;
  EXPECT_EQ(verdict->warning_count, 1001u);
  ASSERT_EQ(verdict->warnings.size(), 1u);
  EXPECT_EQ(verdict->warnings[0], (VerdictWarning{"traceml_duplicate_key", 43, std::nullopt}));
}

TEST(FormatsVerdictTest, RefusesOutputThatIsNoReport) {
  std::string why;
  EXPECT_FALSE(ParseValidateOutput("t", "", "", 2, why));
  EXPECT_FALSE(ParseValidateOutput("t", "", R"({"file":"e"})", 2, why));
  EXPECT_NE(why, "");
}

TEST(FormatsVerdictTest, ARowReadsBackAsTheVerdictItWasWrittenFrom) {
  Verdict odd = SpoolError();
  odd.field = "k\xed\t\\n\n";
  odd.column.reset();
  for (const Verdict& verdict : {SpoolError(), SpoolWarnings(), odd}) {
    const std::string row = VerdictRow(verdict);
    EXPECT_EQ(row.find('\n'), std::string::npos) << row;
    std::string why;
    const std::optional<Verdict> read = ParseVerdictRow(row, why);
    ASSERT_TRUE(read) << why << ": " << row;
    EXPECT_EQ(*read, verdict) << row;
  }
  EXPECT_EQ(VerdictRow(SpoolWarnings()),
            "cirron/warn/x/line\t--from cirron\tok\t0\t-\t-\t-\t-\t"
            "2 cirron_missing_parent@1:230 cirron_missing_mark@4:9");
}

TEST(FormatsVerdictTest, RefusesMalformedRows) {
  std::string why;
  EXPECT_FALSE(ParseVerdictRow("a\tb\tok\t0\t-\t-\t-\t-", why));
  EXPECT_FALSE(ParseVerdictRow("a\tb\tmaybe\t0\t-\t-\t-\t-\t0", why));
  EXPECT_FALSE(ParseVerdictRow("a\tb\tok\tx\t-\t-\t-\t-\t0", why));
  EXPECT_FALSE(ParseVerdictRow("a\tb\tok\t0\t-\t1x\t-\t-\t0", why));
  EXPECT_FALSE(ParseVerdictRow("a\tb\tok\t0\t-\t-\t-\t-\t1 code", why));
  EXPECT_FALSE(ParseVerdictRow("a\tb\tok\t0\t-\t-\t-\t\\q\t0", why));
}

TEST(FormatsVerdictTest, NamesEachDifferenceAndAllowsOnlyWhatAnEntrySays) {
  const Verdict recorded = SpoolError();
  Verdict now = recorded;
  EXPECT_TRUE(VerdictDifferences(recorded, now, {}).empty());
  now.column = 18;
  now.field = "spans[6]";
  now.line = 4;
  EXPECT_EQ(
      VerdictDifferences(recorded, now, {}),
      (std::vector<std::string>{
          "line: recorded 3, now 4 (not in allowed_differences.hpp)", "column: recorded 17, now 18 (not in allowed_differences.hpp)",
          "field: recorded spans[6].start_ns, now spans[6] (not in allowed_differences.hpp)"}));
  const std::array<AllowedDifference, 2> allowed = {
      AllowedDifference{"cirron/invalid_type/*", "column", "17", "*", "why"},
      AllowedDifference{"cirron/other", "field", "*", "*", "why"}};
  EXPECT_EQ(
      VerdictDifferences(recorded, now, allowed),
      (std::vector<std::string>{
          "line: recorded 3, now 4 (not in allowed_differences.hpp)",
          "field: recorded spans[6].start_ns, now spans[6] (not in allowed_differences.hpp)"}));
  // Never the code, the exit code, the verdict or a warning's line, whatever the entries say.
  const std::array<AllowedDifference, 1> any = {AllowedDifference{"*", "code", "*", "*", "why"}};
  Verdict other = SpoolWarnings();
  other.warnings[1].line = 5;
  other.warnings[1].column = 1;
  EXPECT_EQ(VerdictDifferences(SpoolWarnings(), other, any),
            (std::vector<std::string>{
                "warning[1].line: recorded 4, now 5",
                "warning[1].column: recorded 9, now 1 (not in allowed_differences.hpp)"}));
  now = recorded;
  now.code = "invalid_value";
  now.exit_code = 0;
  EXPECT_EQ(VerdictDifferences(recorded, now, any).size(), 2u);
}

}  // namespace
}  // namespace tracedoc::formats
