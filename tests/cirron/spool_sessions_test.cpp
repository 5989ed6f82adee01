// SpoolSessions and SessionRouter (src/cirron/spool_sessions.hpp, session_router.hpp): the first
// pass settles which session each span belongs to, the second hands every record to its
// session's sink, on spools of several runs as the tests' writer makes them (as the SDK does).
#include "cirron/spool_sessions.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "cirron/session_router.hpp"
#include "cirron/spool_reader.hpp"
#include "support/cirron_spool_writer.hpp"
#include "support/temp_dir.hpp"

namespace tracedoc::cirron {
namespace {

using testing_support::CirronSpoolPlan;
using testing_support::GeneratedSpool;

GeneratedSpool RunsSpool(int sessions) {
  CirronSpoolPlan plan;
  plan.seed = 5;
  plan.records_per_batch = 4;
  plan.sessions = sessions;
  return testing_support::GenerateCirronSpool(plan);
}

using testing_support::SpanCount;

void Read(const std::filesystem::path& spool, SpoolSink& sink) {
  DiagnosticLog log;
  const Result<SpoolTotals> read = ReadSpool(spool.string(), BatchReadOptions{{}, true}, sink, log);
  ASSERT_TRUE(read) << read.error().message;
}

TEST(SpoolSessionsPassTest, EachSpanIsSettledIntoTheSessionItsAncestryReaches) {
  const testing_support::TestTempDir dir;
  const GeneratedSpool spool = RunsSpool(3);
  const std::filesystem::path path = WriteCirronSpool(spool, dir.path(), 0, false);
  SpoolSessions sessions;
  Read(path, sessions);
  sessions.Settle();
  ASSERT_EQ(sessions.sessions().size(), 3u);
  std::uint64_t spans = 0;
  for (const SessionRoot& root : sessions.sessions()) spans += root.spans;
  EXPECT_EQ(spans, SpanCount(spool));
  EXPECT_EQ(sessions.spans_outside_sessions(), 0u);
  // Oldest first; each root is its own session's span; times fall in their session.
  const std::vector<std::string> ids = testing_support::SessionSpanIds(spool);
  ASSERT_EQ(ids.size(), 3u);
  for (std::uint32_t i = 0; i < 3; ++i) {
    const SessionRoot& root = sessions.sessions()[i];
    if (i > 0) {
      EXPECT_LT(sessions.sessions()[i - 1].start_ns, root.start_ns);
    }
    EXPECT_EQ(sessions.SessionOfSpan(root.id), i);
    EXPECT_EQ(sessions.SessionAt(root.start_ns), i);
  }
  // Before every session: the first to start after; after every session: the last.
  EXPECT_EQ(sessions.SessionAt(0), 0u);
  EXPECT_EQ(sessions.SessionAt(~std::uint64_t{0}), 2u);
  EXPECT_FALSE(sessions.SessionOfSpan(ParseId("0123456789abcdef0123456789abcdef")).has_value());
}

// Counts what it is handed.
struct SessionCountingSink final : SpoolSink {
  void OnSpan(const SpanView&, const RecordSource&) override { ++spans; }
  void OnMark(const MarkView&, const RecordSource&) override { ++marks; }
  void OnSnapshot(const SnapshotView&, const RecordSource&) override { ++snapshots; }
  void OnBatch(const BatchView&, const BatchSource&) override { ++batches; }
  std::uint64_t spans = 0, marks = 0, snapshots = 0, batches = 0;
};

TEST(SessionRouterTest, EachRecordGoesToItsSessionsSinkAndNoOther) {
  const testing_support::TestTempDir dir;
  const GeneratedSpool spool = RunsSpool(3);
  const std::filesystem::path path = WriteCirronSpool(spool, dir.path(), 0, false);
  SpoolSessions sessions;
  Read(path, sessions);
  sessions.Settle();
  ASSERT_EQ(sessions.sessions().size(), 3u);
  SessionCountingSink first, last, whole;
  Read(path, whole);
  SessionRouter router(sessions, {&first, nullptr, &last});
  Read(path, router);
  EXPECT_EQ(first.spans, sessions.sessions()[0].spans);
  EXPECT_EQ(last.spans, sessions.sessions()[2].spans);
  EXPECT_LT(first.spans + last.spans, whole.spans);  // the middle run went nowhere
  // A sink sees the batches that held its records, not all of them.
  EXPECT_GE(first.batches, 1u);
  EXPECT_LT(first.batches, whole.batches);
  EXPECT_EQ(router.paths().size(), whole.batches);
  // The writer puts a mark on "root" in each run, as the SDK's users do: no session root holds
  // those, so one warning says where they went; no span is outside a session.
  DiagnosticLog log;
  router.Warn(log);
  ASSERT_EQ(log.total, 1u);
  EXPECT_EQ(log.kept.front().code, DiagnosticCode::kCirronOutsideSession);
  EXPECT_NE(log.kept.front().message.find("mark"), std::string::npos) << log.kept.front().message;
}

}  // namespace
}  // namespace tracedoc::cirron
