// A whole spool read through a sink (src/cirron/spool_reader.hpp): the batches in file-name
// order, what the totals count, the references left unresolved as warnings, and the first
// broken rule of any batch as the error.
#include "cirron/spool_reader.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cirron/spool_sink.hpp"
#include "support/cirron_spool_writer.hpp"
#include "support/matchers.hpp"
#include "support/temp_dir.hpp"

namespace tracedoc::cirron {
namespace {

using testing_support::EvictionPlan;
using testing_support::GenerateCirronSpool;
using testing_support::GeneratedSpool;
using testing_support::kEvictedBatches;
using testing_support::TestTempDir;
using testing_support::WriteCirronSpool;

// Counts the records and keeps the batches' file names, in the order handed over.
class CountingSink final : public SpoolSink {
 public:
  std::uint64_t spans = 0;
  std::uint64_t marks = 0;
  std::uint64_t snapshots = 0;
  std::vector<std::string> batch_files;

  void OnSpan(const SpanView&, const RecordSource&) override { ++spans; }
  void OnMark(const MarkView&, const RecordSource&) override { ++marks; }
  void OnSnapshot(const SnapshotView&, const RecordSource&) override { ++snapshots; }
  void OnBatch(const BatchView&, const BatchSource& source) override {
    batch_files.emplace_back(source.file_name);
  }
};

std::uint64_t Count(const GeneratedSpool& spool, std::size_t from,
                    std::size_t (*size)(const CirronBatch&)) {
  std::uint64_t total = 0;
  for (std::size_t i = from; i < spool.batches.size(); ++i) total += size(spool.batches[i]);
  return total;
}

TEST(SpoolReaderTest, ReadsEveryBatchInNameOrderAndCountsThem) {
  const GeneratedSpool spool = GenerateCirronSpool(EvictionPlan());
  ASSERT_GE(spool.batches.size(), 3u);
  ASSERT_GT(spool.non_finite_numbers, 0u);  // the plan writes NaN losses
  TestTempDir dir;
  const auto cirron = WriteCirronSpool(spool, dir.path());
  CountingSink sink;
  DiagnosticLog log;
  const auto totals = ReadSpool(cirron.string(), {}, sink, log);
  ASSERT_THAT(totals, Succeeds());
  EXPECT_EQ(totals.value().batches, spool.batches.size());
  EXPECT_EQ(totals.value().unresolved_references, 0u);
  EXPECT_EQ(totals.value().non_finite_numbers, spool.non_finite_numbers);
  EXPECT_EQ(log.total, 0u);
  std::vector<std::string> names;
  for (const CirronBatch& batch : spool.batches) names.push_back(batch.file_name);
  EXPECT_EQ(sink.batch_files, names);  // created_ns leads the name: sealing order
  EXPECT_EQ(sink.spans, Count(spool, 0, [](const CirronBatch& b) { return b.spans.size(); }));
  EXPECT_EQ(sink.marks, Count(spool, 0, [](const CirronBatch& b) { return b.marks.size(); }));
  EXPECT_EQ(sink.snapshots,
            Count(spool, 0, [](const CirronBatch& b) { return b.snapshots.size(); }));
}

TEST(SpoolReaderTest, EvictedBatchesLeaveUnresolvedReferencesAsWarnings) {
  const GeneratedSpool spool = GenerateCirronSpool(EvictionPlan());
  TestTempDir dir;
  const auto cirron = WriteCirronSpool(spool, dir.path(), kEvictedBatches);
  CountingSink sink;
  DiagnosticLog log;
  const auto totals = ReadSpool(cirron.string(), {}, sink, log);
  ASSERT_THAT(totals, Succeeds());
  EXPECT_EQ(totals.value().batches, spool.batches.size() - kEvictedBatches);
  EXPECT_GT(totals.value().unresolved_references, 0u);
  EXPECT_EQ(log.total, totals.value().unresolved_references);
  ASSERT_FALSE(log.kept.empty());
  EXPECT_EQ(log.kept[0].severity, Severity::kWarning);
  // Each names the batch file it is in, within the spool directory.
  EXPECT_EQ(log.kept[0].file.rfind((cirron / "spool").string(), 0), 0u);
}

TEST(SpoolReaderTest, TheFirstBrokenBatchIsTheError) {
  GeneratedSpool spool = GenerateCirronSpool(EvictionPlan());
  spool.texts[1] = "[]";
  TestTempDir dir;
  const auto cirron = WriteCirronSpool(spool, dir.path());
  CountingSink sink;
  DiagnosticLog log;
  const auto totals = ReadSpool(cirron.string(), {}, sink, log);
  EXPECT_THAT(totals, FailsWith(ErrorCode::kNotAnObject, 1));
  ASSERT_FALSE(totals);
  EXPECT_EQ(totals.error().file, (cirron / "spool" / spool.batches[1].file_name).string());
  EXPECT_EQ(sink.batch_files.size(), 1u);  // the batch before it was read whole
}

TEST(SpoolReaderTest, ABatchAboveTheByteBoundIsRefusedBeforeItIsRead) {
  const GeneratedSpool spool = GenerateCirronSpool(EvictionPlan());
  TestTempDir dir;
  const auto cirron = WriteCirronSpool(spool, dir.path());
  BatchReadOptions options;
  options.spool.max_batch_bytes = 10;
  CountingSink sink;
  DiagnosticLog log;
  EXPECT_THAT(ReadSpool(cirron.string(), options, sink, log), FailsWith(ErrorCode::kLimitExceeded));
  EXPECT_EQ(sink.spans, 0u);
}

TEST(SpoolReaderTest, AnEmptySpoolReadsAsNoBatches) {
  TestTempDir dir;
  std::filesystem::create_directories(dir.path() / "spool");
  CountingSink sink;
  DiagnosticLog log;
  const auto totals = ReadSpool((dir.path() / "spool").string(), {}, sink, log);
  ASSERT_THAT(totals, Succeeds());
  EXPECT_EQ(totals.value().batches, 0u);
  EXPECT_TRUE(sink.batch_files.empty());
}

TEST(SpoolReaderTest, AMissingPathIsAnIoError) {
  TestTempDir dir;
  CountingSink sink;
  DiagnosticLog log;
  EXPECT_THAT(ReadSpool((dir.path() / "absent").string(), {}, sink, log),
              FailsWith(ErrorCode::kIoError));
}

}  // namespace
}  // namespace tracedoc::cirron
