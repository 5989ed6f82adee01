// A Cirron session is a run (docs/cirron-conversion.md, "Sessions"): the SDK appends every run
// to the one spool, and ReadDocument, ListSessions, ReadSessions and ValidateSessions take each
// `cirron.session` root with what lies under it as its own run, on spools the tests' writer
// makes the way the SDK does (runs appended, the flush thread's batches without a session, a
// run killed before its session span was sealed, marks on "root" before profile()).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "support/cirron_spool_writer.hpp"
#include "support/matchers.hpp"
#include "support/temp_dir.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc {
namespace {

using ::testing::HasSubstr;
using testing_support::CirronSpoolPlan;
using testing_support::FailsWithCode;
using testing_support::Succeeds;
using testing_support::GenerateCirronSpool;
using testing_support::GeneratedSpool;
using testing_support::TestTempDir;
using testing_support::WriteCirronSpool;

CirronSpoolPlan RunsPlan(int sessions) {
  CirronSpoolPlan plan;
  plan.seed = 11;
  plan.records_per_batch = 5;
  plan.sessions = sessions;
  return plan;
}

using testing_support::SpanCount;
using testing_support::SessionSpanIds;

OpenOptions SpoolOptions(DiagnosticLog* log = nullptr) {
  OpenOptions options;
  options.format = InputFormat::kCirronSpool;
  options.diagnostics = log;
  return options;
}

OpenOptions Choosing(std::string session) {
  OpenOptions options = SpoolOptions();
  options.session = std::move(session);
  return options;
}

std::string MetaMarks(const TraceDocument& document) {
  for (const UnknownField& field : document.run().unknown) {
    if (field.key == "cirron_marks") return std::string(field.json);
  }
  return {};
}

std::uint64_t EarliestStart(const TraceDocument& document) {
  std::uint64_t earliest = UINT64_MAX;
  for (const SpanRecord& span : document.spans()) earliest = std::min(earliest, span.start_ns);
  return earliest;
}

std::size_t CountOf(const DiagnosticLog& log, DiagnosticCode code) {
  std::size_t count = 0;
  for (const Diagnostic& diagnostic : log.kept) count += diagnostic.code == code ? 1 : 0;
  return count;
}

TEST(SpoolSessionsTest, TwoRunsInOneSpoolAreListedOldestFirst) {
  const GeneratedSpool spool = GenerateCirronSpool(RunsPlan(2));
  TestTempDir dir;
  const TraceInput input = TraceInput::FromFile(WriteCirronSpool(spool, dir.path()));
  const auto sessions = ListSessions(input, SpoolOptions());
  ASSERT_THAT(sessions, Succeeds());
  const std::vector<std::string> ids = SessionSpanIds(spool);
  ASSERT_EQ(ids.size(), 2u);
  ASSERT_EQ(sessions.value().size(), 2u);
  EXPECT_EQ(sessions.value()[0].id, ids[0]);
  EXPECT_EQ(sessions.value()[1].id, ids[1]);
  EXPECT_EQ(sessions.value()[0].position, 1u);
  EXPECT_EQ(sessions.value()[1].position, 2u);
  EXPECT_LT(sessions.value()[0].end_ns, sessions.value()[1].start_ns);
  EXPECT_EQ(sessions.value()[0].spans + sessions.value()[1].spans, SpanCount(spool));
  EXPECT_EQ(sessions.value()[0].spans, sessions.value()[1].spans);  // the same plan twice
}

TEST(SpoolSessionsTest, ReadingASpoolOfTwoRunsAsksWhichOne) {
  const GeneratedSpool spool = GenerateCirronSpool(RunsPlan(2));
  TestTempDir dir;
  const TraceInput input = TraceInput::FromFile(WriteCirronSpool(spool, dir.path()));
  const auto unchosen = ReadDocument(input, SpoolOptions());
  ASSERT_THAT(unchosen, FailsWithCode(ErrorCode::kInvalidValue));
  EXPECT_EQ(unchosen.error().field, "session");
  EXPECT_THAT(unchosen.error().message, HasSubstr("2 sessions"));
  EXPECT_THAT(ValidateInput(input, SpoolOptions()), FailsWithCode(ErrorCode::kInvalidValue));

  const std::vector<std::string> ids = SessionSpanIds(spool);
  const auto second = ReadDocument(input, Choosing("2"));
  ASSERT_THAT(second, Succeeds());
  EXPECT_EQ(second.value().run().run_id, ids[1]);
  const auto by_id = ReadDocument(input, Choosing(ids[1]));
  ASSERT_THAT(by_id, Succeeds());
  EXPECT_EQ(WriteJsonl(by_id.value()), WriteJsonl(second.value()));
  const auto first = ReadDocument(input, Choosing("1"));
  ASSERT_THAT(first, Succeeds());
  EXPECT_EQ(first.value().run().run_id, ids[0]);
  // Each run holds its own spans only, and starts at its own time 0.
  EXPECT_EQ(first.value().spans().size() + second.value().spans().size(), SpanCount(spool));
  EXPECT_EQ(EarliestStart(first.value()), 0u);
  EXPECT_EQ(EarliestStart(second.value()), 0u);
  EXPECT_THAT(ValidateInput(input, Choosing("2")), Succeeds());

  const std::vector<std::string> wrongs = {"0", "3", std::string(32, 'a'), "x"};
  for (const std::string& wrong : wrongs) {
    const auto missing = ReadDocument(input, Choosing(wrong));
    ASSERT_THAT(missing, FailsWithCode(ErrorCode::kInvalidValue)) << wrong;
    EXPECT_EQ(missing.error().field, "session");
  }
}

TEST(SpoolSessionsTest, EveryRunIsReadInOnePassEachWithItsOwnSpans) {
  const GeneratedSpool spool = GenerateCirronSpool(RunsPlan(3));
  TestTempDir dir;
  const TraceInput input = TraceInput::FromFile(WriteCirronSpool(spool, dir.path()));
  DiagnosticLog log;
  const auto runs = ReadSessions(input, SpoolOptions(&log));
  ASSERT_THAT(runs, Succeeds());
  ASSERT_EQ(runs.value().size(), 3u);
  const std::vector<std::string> ids = SessionSpanIds(spool);
  std::set<std::string> seen;
  std::size_t spans = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    const SessionDocument& run = runs.value()[i];
    ASSERT_TRUE(run.session.has_value());
    EXPECT_EQ(run.session->id, ids[i]);
    EXPECT_EQ(run.document.run().run_id, ids[i]);
    EXPECT_EQ(run.document.spans().size(), run.session->spans);
    // The same document a chosen read gives.
    const auto chosen = ReadDocument(input, Choosing(std::to_string(i + 1)));
    ASSERT_THAT(chosen, Succeeds());
    EXPECT_EQ(WriteJsonl(chosen.value()), WriteJsonl(run.document));
    for (const SpanRecord& span : run.document.spans()) {
      EXPECT_TRUE(seen.insert(std::string(span.id)).second) << "span in two runs: " << span.id;
      ++spans;
    }
    // Each run has the one root a run has: its session.
    std::size_t roots = 0;
    for (const SpanRecord& span : run.document.spans()) roots += span.parent_id ? 0 : 1;
    EXPECT_EQ(roots, 1u);
  }
  EXPECT_EQ(spans, SpanCount(spool));
  // Every span and snapshot had its session; only each run's mark on "root" went by time.
  ASSERT_EQ(CountOf(log, DiagnosticCode::kCirronOutsideSession), 1u);
  EXPECT_THAT(log.kept.back().message, HasSubstr("3 mark(s) on \"root\""));

  const auto verdicts = ValidateSessions(input, SpoolOptions(&log));
  ASSERT_THAT(verdicts, Succeeds());
  ASSERT_EQ(verdicts.value().size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(verdicts.value()[i].run_id, ids[i]);
    EXPECT_FALSE(verdicts.value()[i].error.has_value());
  }
}

TEST(SpoolSessionsTest, ASpoolOfOneSessionReadsAsItAlwaysDid) {
  CirronSpoolPlan plan = RunsPlan(1);
  const GeneratedSpool spool = GenerateCirronSpool(plan);
  TestTempDir dir;
  const TraceInput input = TraceInput::FromFile(WriteCirronSpool(spool, dir.path()));
  const auto whole = ReadDocument(input, SpoolOptions());
  ASSERT_THAT(whole, Succeeds());
  const auto first = ReadDocument(input, Choosing("1"));
  ASSERT_THAT(first, Succeeds());
  EXPECT_EQ(WriteJsonl(first.value()), WriteJsonl(whole.value()));
  const auto runs = ReadSessions(input, SpoolOptions());
  ASSERT_THAT(runs, Succeeds());
  ASSERT_EQ(runs.value().size(), 1u);
  EXPECT_EQ(WriteJsonl(runs.value().front().document), WriteJsonl(whole.value()));
  EXPECT_THAT(ReadDocument(input, Choosing("2")), FailsWithCode(ErrorCode::kInvalidValue));
}

TEST(SpoolSessionsTest, TheFlushThreadsBatchesWithoutASessionAreOneRun) {
  CirronSpoolPlan plan = RunsPlan(2);
  plan.session_span = false;
  const GeneratedSpool spool = GenerateCirronSpool(plan);
  TestTempDir dir;
  const TraceInput input = TraceInput::FromFile(WriteCirronSpool(spool, dir.path()));
  const auto sessions = ListSessions(input, SpoolOptions());
  ASSERT_THAT(sessions, Succeeds());
  EXPECT_TRUE(sessions.value().empty());
  const auto document = ReadDocument(input, SpoolOptions());
  ASSERT_THAT(document, Succeeds());
  // As before sessions were runs: the first batch's id names the run.
  EXPECT_EQ(document.value().run().run_id, spool.batches.front().batch_id);
  EXPECT_EQ(document.value().spans().size(), SpanCount(spool));
  EXPECT_THAT(ReadDocument(input, Choosing("1")), Succeeds());
  EXPECT_THAT(ReadDocument(input, Choosing("2")), FailsWithCode(ErrorCode::kInvalidValue));
  const auto runs = ReadSessions(input, SpoolOptions());
  ASSERT_THAT(runs, Succeeds());
  ASSERT_EQ(runs.value().size(), 1u);
  EXPECT_FALSE(runs.value().front().session.has_value());
}

// A run killed before its session span was sealed leaves spans that reach no session root:
// they go to the session of their time (here the next to start), with a warning.
TEST(SpoolSessionsTest, SpansOfARunWhoseSessionSpanIsGoneGoByTimeWithAWarning) {
  GeneratedSpool spool = GenerateCirronSpool(RunsPlan(3));
  const std::vector<std::string> ids = SessionSpanIds(spool);
  for (CirronBatch& batch : spool.batches) {
    std::erase_if(batch.spans, [&](const CirronSpan& span) { return span.id == ids[1]; });
  }
  DiagnosticLog log;
  TestTempDir dir;
  GeneratedSpool rewritten;
  for (const CirronBatch& batch : spool.batches) {
    rewritten.texts.push_back(testing_support::CirronBatchJson(batch));
    rewritten.batches.push_back(batch);
  }
  const TraceInput input = TraceInput::FromFile(WriteCirronSpool(rewritten, dir.path()));
  const auto runs = ReadSessions(input, SpoolOptions(&log));
  ASSERT_THAT(runs, Succeeds());
  ASSERT_EQ(runs.value().size(), 2u);
  EXPECT_EQ(runs.value()[0].session->id, ids[0]);
  EXPECT_EQ(runs.value()[1].session->id, ids[2]);
  EXPECT_EQ(runs.value()[0].document.spans().size() + runs.value()[1].document.spans().size(),
            SpanCount(rewritten));
  // The killed run's spans started after the first session ended: the next one holds them.
  EXPECT_GT(runs.value()[1].document.spans().size(), runs.value()[0].document.spans().size());
  EXPECT_GE(CountOf(log, DiagnosticCode::kCirronOutsideSession), 1u);
}

// The size cap evicts the oldest batches: the first run's earliest spans and marks are gone,
// its session span (sealed last) is not, so both runs stay runs and nothing is lost or moved.
TEST(SpoolSessionsTest, OldestBatchesEvictedLeaveEachRunItsOwn) {
  const GeneratedSpool spool = GenerateCirronSpool(RunsPlan(2));
  constexpr std::size_t kEvicted = 3;
  std::size_t remaining = SpanCount(spool);
  for (std::size_t i = 0; i < kEvicted; ++i) remaining -= spool.batches[i].spans.size();
  TestTempDir dir;
  const TraceInput input = TraceInput::FromFile(WriteCirronSpool(spool, dir.path(), kEvicted));
  DiagnosticLog log;
  const auto runs = ReadSessions(input, SpoolOptions(&log));
  ASSERT_THAT(runs, Succeeds());
  ASSERT_EQ(runs.value().size(), 2u);
  EXPECT_EQ(runs.value()[0].document.spans().size() + runs.value()[1].document.spans().size(),
            remaining);
  EXPECT_LT(runs.value()[0].document.spans().size(), runs.value()[1].document.spans().size());
  // No span or snapshot lost its session: only the marks on "root" went by time.
  ASSERT_EQ(CountOf(log, DiagnosticCode::kCirronOutsideSession), 1u);
  EXPECT_THAT(log.kept.back().message, HasSubstr("mark(s) on \"root\""));
}

TEST(SpoolSessionsTest, MarksOnRootBeforeProfileGoToTheRunTheyPrecede) {
  CirronSpoolPlan plan = RunsPlan(2);
  plan.root_mark_before_profile = true;
  const GeneratedSpool spool = GenerateCirronSpool(plan);
  TestTempDir dir;
  const TraceInput input = TraceInput::FromFile(WriteCirronSpool(spool, dir.path()));
  DiagnosticLog log;
  const auto runs = ReadSessions(input, SpoolOptions(&log));
  ASSERT_THAT(runs, Succeeds());
  ASSERT_EQ(runs.value().size(), 2u);
  for (const SessionDocument& run : runs.value()) {
    // Its own "before profile()" mark and its own seed mark, kept on the meta.
    const std::string marks = MetaMarks(run.document);
    EXPECT_THAT(marks, HasSubstr("before profile()"));
    EXPECT_EQ(marks.find("before profile()"), marks.rfind("before profile()"));
    EXPECT_THAT(marks, HasSubstr("\"seed\""));
  }
  EXPECT_EQ(CountOf(log, DiagnosticCode::kCirronOutsideSession), 1u);
  EXPECT_THAT(log.kept.back().message, HasSubstr("4 mark(s) on \"root\""));
}

TEST(SpoolSessionsTest, TheSpoolFolderGivenDirectlyHoldsTheSameSessions) {
  const GeneratedSpool spool = GenerateCirronSpool(RunsPlan(2));
  TestTempDir dir;
  const std::filesystem::path cirron = WriteCirronSpool(spool, dir.path());
  const auto from_cirron = ListSessions(TraceInput::FromFile(cirron), SpoolOptions());
  const auto from_spool = ListSessions(TraceInput::FromFile(cirron / "spool"), SpoolOptions());
  ASSERT_THAT(from_cirron, Succeeds());
  ASSERT_THAT(from_spool, Succeeds());
  EXPECT_EQ(from_cirron.value(), from_spool.value());
  EXPECT_EQ(from_spool.value().size(), 2u);
}

// Fifty runs appended, each with a mark on "root" before profile(): each run gets its own.
TEST(SpoolSessionsTest, FiftyRunsInOneSpoolAreFiftyRuns) {
  CirronSpoolPlan plan = RunsPlan(50);
  plan.epochs = 1;
  plan.steps_per_epoch = 1;
  plan.root_mark_before_profile = true;
  const GeneratedSpool spool = GenerateCirronSpool(plan);
  TestTempDir dir;
  const TraceInput input = TraceInput::FromFile(WriteCirronSpool(spool, dir.path()));
  const auto runs = ReadSessions(input, SpoolOptions());
  ASSERT_THAT(runs, Succeeds());
  ASSERT_EQ(runs.value().size(), 50u);
  const std::vector<std::string> ids = SessionSpanIds(spool);
  for (std::size_t i = 0; i < 50; ++i) {
    EXPECT_EQ(runs.value()[i].document.run().run_id, ids[i]);
    EXPECT_EQ(runs.value()[i].session->position, i + 1);
    const std::string marks = MetaMarks(runs.value()[i].document);
    EXPECT_EQ(marks.find("before profile()"), marks.rfind("before profile()")) << i;
    EXPECT_NE(marks.find("before profile()"), std::string::npos) << i;
  }
}

// 10^5 records in three runs: two reads of the spool, each run its own document.
TEST(SpoolSessionsTest, AHundredThousandRecordsInThreeRunsReadInTwoPasses) {
  CirronSpoolPlan plan = RunsPlan(3);
  plan.epochs = 20;
  plan.steps_per_epoch = 280;
  plan.records_per_batch = 2000;
  plan.unknown_keys = false;
  const GeneratedSpool spool = GenerateCirronSpool(plan);
  std::size_t records = 0;
  for (const CirronBatch& batch : spool.batches) {
    records += batch.spans.size() + batch.marks.size() + batch.snapshots.size();
  }
  ASSERT_GE(records, 100000u);
  TestTempDir dir;
  const TraceInput input = TraceInput::FromFile(WriteCirronSpool(spool, dir.path()));
  const auto started = std::chrono::steady_clock::now();
  const auto runs = ReadSessions(input, SpoolOptions());
  const auto seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  ASSERT_THAT(runs, Succeeds());
  ASSERT_EQ(runs.value().size(), 3u);
  std::size_t spans = 0;
  for (const SessionDocument& run : runs.value()) spans += run.document.spans().size();
  EXPECT_EQ(spans, SpanCount(spool));
#ifndef TRACEDOC_SANITIZED  // the sanitizers' build is many times slower; the bound is for -O2
  EXPECT_LT(seconds, 30.0);  // a bound against quadratic routing, not a benchmark
#else
  (void)seconds;
#endif
  const auto verdicts = ValidateSessions(input, SpoolOptions());
  ASSERT_THAT(verdicts, Succeeds());
  EXPECT_EQ(verdicts.value().size(), 3u);
}

}  // namespace
}  // namespace tracedoc
