// Reading on after an error (ReadOptions::collect_errors, `tracedoc validate --all`): which lines
// are skipped, the state the fold goes on from, the order of the errors, the first equal to the
// plain read's, the same log for every thread count and read function, and the log's bounds.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cli_fixture.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/validation_report.hpp"

namespace tracedoc {
namespace {

using testdata::kMeta10;
using testdata::Lines;

constexpr std::string_view kStartA =
    R"({"kind":"span_start","id":"a","name":"n","start_ns":0,"span_kind":"function"})";
constexpr std::string_view kEndA = R"({"kind":"span_end","id":"a","duration_ns":1})";
constexpr std::string_view kTerminal1 =
    R"({"kind":"terminal","outcome":"complete","timestamp_ns":1})";

// "LINE code" for each error.
std::vector<std::string> Summary(const ErrorLog& log) {
  std::vector<std::string> out;
  for (const Error& error : log.errors) {
    out.push_back(std::to_string(error.line) + " " + std::string(ErrorCodeName(error.code)));
  }
  return out;
}

ErrorLog Collect(std::string_view text, unsigned threads = 1, std::size_t max_errors = 100) {
  ErrorLog log;
  log.max_errors = max_errors;
  ReadOptions options;
  options.threads = threads;
  options.collect_errors = &log;
  const Result<void> result = ValidateTrace(TraceInput::FromString(text), options);
  EXPECT_EQ(result.has_value(), log.total == 0);
  if (!result) {
    EXPECT_FALSE(log.errors.empty());
    if (!log.errors.empty()) {
      EXPECT_EQ(result.error(), log.errors.front());
    }
  }
  return log;
}

const std::string kThreeFaults = Lines(
    {kMeta10, kStartA, kStartA, "not json", R"({"kind":"span_end","id":"zz","duration_ns":1})",
     kEndA, R"({"kind":"terminal","outcome":"complete","timestamp_ns":0})"});

TEST(CollectErrorsTest, GoesOnAfterEachErrorAndRunsTheEndChecksOnce) {
  const ErrorLog log = Collect(kThreeFaults);
  EXPECT_THAT(Summary(log), ::testing::ElementsAre("3 duplicate_span_start", "4 invalid_json",
                                                   "5 unknown_span_end",
                                                   "7 terminal_before_evidence"));
  EXPECT_EQ(log.total, 4u);
  // A skipped line takes no record index: the next record has the one it would have had.
  EXPECT_EQ(log.errors[1].index, 2u);
  EXPECT_EQ(log.errors[2].index, 2u);
}

TEST(CollectErrorsTest, TheFirstErrorIsThePlainReadsForEveryReadFunction) {
  const Result<void> plain = ValidateTrace(TraceInput::FromString(kThreeFaults));
  ASSERT_FALSE(plain.has_value());
  ErrorLog log;
  ReadOptions options;
  options.collect_errors = &log;
  const Result<TraceDocument> read = ReadTrace(TraceInput::FromString(kThreeFaults), options);
  ASSERT_FALSE(read.has_value());
  EXPECT_EQ(read.error(), plain.error());
  EXPECT_EQ(log.total, 4u);
  ErrorLog events_log;
  options.collect_errors = &events_log;
  std::size_t seen = 0;
  const Result<void> events = ReadEvents(TraceInput::FromString(kThreeFaults), options,
                                         [&](const Event&, const RecordPosition&) {
                                           ++seen;
                                           return EventControl::kContinue;
                                         });
  ASSERT_FALSE(events.has_value());
  EXPECT_EQ(events.error(), plain.error());
  EXPECT_EQ(Summary(events_log), Summary(log));
  EXPECT_EQ(seen, 4u);  // meta, the first start, the end and the terminal: the folded ones
}

TEST(CollectErrorsTest, EveryThreadCountGivesTheSameLog) {
  std::string text(kMeta10);
  text += '\n';
  // Faults spread over many blocks, so the workers decode past them.
  for (int i = 0; i < 20000; ++i) {
    text += i % 997 == 0 ? std::string("{\"kind\":\n") : std::string(kStartA).replace(27, 1, "b" + std::to_string(i)) + "\n";
  }
  text += "\xff\xfe\n";
  text += kTerminal1;
  const ErrorLog one = Collect(text, 1, 1000);
  ASSERT_GT(one.total, 20u);
  for (const unsigned threads : {2u, 4u}) {
    const ErrorLog many = Collect(text, threads, 1000);
    EXPECT_EQ(many.errors, one.errors) << threads << " threads";
    EXPECT_EQ(many.total, one.total);
  }
  EXPECT_EQ(one.errors.back().code, ErrorCode::kInvalidUtf8);
}

TEST(CollectErrorsTest, ARejectedRecordLeavesTheFoldAsItWas) {
  // The second meta is not folded; the duplicate start is not; the span still ends once.
  const ErrorLog log = Collect(Lines({kMeta10, kMeta10, kStartA, kStartA, kEndA, kEndA,
                                      kTerminal1, kTerminal1}));
  EXPECT_THAT(Summary(log), ::testing::ElementsAre("2 meta_not_first", "4 duplicate_span_start",
                                                   "6 duplicate_span_end",
                                                   "8 event_after_terminal"));
}

TEST(CollectErrorsTest, WithoutAMetaEveryRecordSaysSo) {
  const ErrorLog log = Collect(Lines({kStartA, kEndA, kMeta10, kTerminal1}));
  // The meta comes third, but the fold is still before its first record.
  EXPECT_THAT(Summary(log), ::testing::ElementsAre("1 missing_meta", "2 missing_meta"));
}

TEST(CollectErrorsTest, KeepsMaxErrorsAndCountsTheRest) {
  std::string text = Lines({kMeta10});
  for (int i = 0; i < 150; ++i) text += "[]\n";
  text += kTerminal1;
  const ErrorLog log = Collect(text, 1, 100);
  EXPECT_EQ(log.errors.size(), 100u);
  EXPECT_EQ(log.total, 150u);
  EXPECT_EQ(log.errors.back().line, 101u);
  EXPECT_EQ(Collect(text, 1, 0).errors.size(), 1u);  // the first is always kept
}

TEST(CollectErrorsTest, CutsLaterMessagesButNeverTheFirst) {
  const std::string id(5000, 'x');
  const std::string start =
      R"({"kind":"span_start","id":")" + id + R"(","name":"n","start_ns":0,"span_kind":"function"})";
  const std::string end = R"({"kind":"span_end","id":")" + id + R"(","duration_ns":1})";
  const ErrorLog log = Collect(Lines({kMeta10, start, start, start, end, kTerminal1}));
  ASSERT_EQ(log.errors.size(), 2u);
  EXPECT_GT(log.errors[0].message.size(), 5000u);
  EXPECT_LE(log.errors[1].message.size(), ErrorLog::kMaxLoggedMessageBytes + 3);
  EXPECT_TRUE(log.errors[1].message.ends_with("…"));
}

TEST(CollectErrorsTest, AnOverLongLineEndsTheRead) {
  ErrorLog log;
  ReadOptions options;
  options.max_line_bytes = 100;
  options.collect_errors = &log;
  // A blank line, a record that is no object, an over-long line, then lines never read.
  const std::string text = Lines({"", "[]", std::string(200, ' '), "[]", kTerminal1});
  const Result<void> result = ValidateTrace(TraceInput::FromString(text), options);
  ASSERT_FALSE(result.has_value());
  EXPECT_THAT(Summary(log), ::testing::ElementsAre("2 not_an_object", "3 limit_exceeded"));
}

TEST(CollectErrorsTest, ACleanTraceReadsAsWithoutALog) {
  ErrorLog log;
  ReadOptions options;
  options.collect_errors = &log;
  const Result<TraceDocument> read = ReadTrace(TraceInput::FromString(testdata::kSample), options);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(log.total, 0u);
  EXPECT_TRUE(read.value() == ReadTrace(TraceInput::FromString(testdata::kSample)).value());
}

TEST(CollectErrorsTest, TheJsonReportListsTheKeptErrorsAndCountsAll) {
  const ErrorLog log = Collect(kThreeFaults, 1, 2);
  const std::string json = WriteValidationReportJson(
      "f.jsonl", Result<void>(log.errors.front()), log);
  EXPECT_NE(json.find(R"("errors":[{"code":"duplicate_span_start","line":3,)"), std::string::npos)
      << json;
  EXPECT_NE(json.find(R"({"code":"invalid_json","line":4,)"), std::string::npos) << json;
  EXPECT_TRUE(json.ends_with(R"(],"error_count":4})")) << json;
}

class ValidateAllCliTest : public testdata::CliFixture {};

TEST_F(ValidateAllCliTest, PrintsEveryErrorAndHowManyWereNotShown) {
  WriteFile("bad.jsonl", kThreeFaults);
  const testdata::RunResult run = Run("validate --all bad.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err,
            "bad.jsonl:3: error[duplicate_span_start]: duplicate span_start id `a` at index 2\n"
            "bad.jsonl:4: error[invalid_json]: syntax error at column 1\n"
            "bad.jsonl:5: error[unknown_span_end]: span_end for unknown span `zz` at index 2\n"
            "bad.jsonl:7: error[terminal_before_evidence]: terminal timestamp 0 precedes host "
            "evidence ending at 1\n");
  const testdata::RunResult capped = Run("validate --all --max-errors 3 bad.jsonl");
  EXPECT_TRUE(capped.err.ends_with("bad.jsonl: 1 more errors not shown (--max-errors 3)\n"))
      << capped.err;
  const testdata::RunResult plain = Run("validate bad.jsonl");
  EXPECT_EQ(plain.err, run.err.substr(0, run.err.find('\n') + 1));
  const testdata::RunResult json = Run("validate --all --json bad.jsonl");
  EXPECT_NE(json.out.find(R"("error_count":4})"), std::string::npos) << json.out;
  EXPECT_EQ(Run("validate --max-errors 0 --all bad.jsonl").exit_code, 2);
}

}  // namespace
}  // namespace tracedoc
