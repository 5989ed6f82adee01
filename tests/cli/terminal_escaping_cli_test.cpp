// What a name can do to a terminal, through every text output (issue 42, item 4): error lines,
// diff's and compare's tables, query's table and CSV (tests/cli/query_bounds_cli_test.cpp) all
// write control characters and bytes that are not UTF-8 escaped, never raw.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>

#include "support/cli_fixture.hpp"
#include "support/cohort_runs.hpp"
#include "support/test_traces.hpp"
#include "support/trace_generator.hpp"

namespace tracedoc {
namespace {

using ::testing::HasSubstr;

class TerminalEscapingCliTest : public testdata::CliFixture {};

// Retitles the terminal (OSC … BEL), clears it (CSI 2J), overwrites the line (CR) and sends an
// 8-bit CSI (U+009B), in JSON escapes, so the decoded names hold the raw bytes.
constexpr std::string_view kHostileName = R"(mm\u001b]0;pwned\u0007\u001b[2J\rFAKE OK\u009b)";
// The terminal escaping spells a control character as JSON does, so the name is printed as the
// file spells it.
constexpr std::string_view kEscapedName = kHostileName;

bool HasRawControl(std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x20 && c != '\n') || byte == 0x7f) return true;
  }
  return text.find("\xC2\x9B") != std::string_view::npos;
}

std::string TraceWithOpNamed(std::string_view name, std::uint64_t duration_ns) {
  return testdata::Lines({testdata::kMeta10, testdata::SpanStartLine("root", "root", 0),
                          testdata::OpLine("root", name, 10, duration_ns),
                          testdata::SpanEndLine("root", 1000), testdata::CompleteTerminalLine(2000)});
}

TEST_F(TerminalEscapingCliTest, DiffsTableEscapesNames) {
  WriteFile("a.jsonl", TraceWithOpNamed(kHostileName, 100));
  WriteFile("b.jsonl", TraceWithOpNamed(kHostileName, 300));
  const testdata::RunResult result = Run("diff a.jsonl b.jsonl");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr(std::string(kEscapedName)));
  EXPECT_FALSE(HasRawControl(result.out)) << result.out;
}

TEST_F(TerminalEscapingCliTest, ComparesTextEscapesNames) {
  // Eligible runs (support/cohort_runs.hpp) whose one op has the hostile name; the op name is
  // written into the JSON as it is, so its escapes are the file's.
  for (int run = 0; run < 2; ++run) {
    for (const auto& [side, ns] : {std::pair{"base", 100}, std::pair{"cand", 300}}) {
      testing::CohortRun cohort_run;
      cohort_run.run_id = side + std::to_string(run);
      cohort_run.ops = {{std::string(kHostileName), ns + run}};
      WriteFile(cohort_run.run_id + ".jsonl", testing::CohortRunJsonl(cohort_run));
    }
  }
  const testdata::RunResult result =
      Run("compare --min-runs 2 --baseline base0.jsonl base1.jsonl --candidate cand0.jsonl "
          "cand1.jsonl");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("op " + std::string(kEscapedName)));
  EXPECT_FALSE(HasRawControl(result.out)) << result.out;
  EXPECT_FALSE(HasRawControl(result.err)) << result.err;
}

TEST_F(TerminalEscapingCliTest, ErrorLinesEscapeNamesAndFileNames) {
  // A span_end for a span never started: the message quotes the id.
  WriteFile("bad\x1b[2J.jsonl",
            testdata::Lines({testdata::kMeta10,
                             R"({"kind":"span_end","id":"x\u001b]0;t\u0007\rFAKE OK","duration_ns":1})"}));
  const testdata::RunResult result = Run("validate 'bad\x1b[2J.jsonl'");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, HasSubstr("bad\\u001b[2J.jsonl:2: error["));
  EXPECT_FALSE(HasRawControl(result.err)) << result.err;
}

TEST_F(TerminalEscapingCliTest, ALargeTracesDiffStaysEscaped) {
  // 10^5 events whose every op is renamed to the hostile name: the table shows it escaped.
  std::string trace = generator::GenerateTrace(100'000, 3);
  std::string renamed;
  renamed.reserve(trace.size());
  const std::string key = R"("op_name":")";
  std::size_t from = 0;
  for (std::size_t at = trace.find(key); at != std::string::npos; at = trace.find(key, from)) {
    const std::size_t value = at + key.size();
    renamed.append(trace, from, value - from);
    renamed.append(kHostileName);
    from = trace.find('"', value);
  }
  renamed.append(trace, from);
  WriteFile("a.jsonl", renamed);
  WriteFile("b.jsonl", TraceWithOpNamed(kHostileName, 300));
  const testdata::RunResult result = Run("diff --top 5 a.jsonl b.jsonl");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr(std::string(kEscapedName)));
  EXPECT_FALSE(HasRawControl(result.out));
}

}  // namespace
}  // namespace tracedoc
