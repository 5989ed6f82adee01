// The sink that keeps a spool as the public typed records (src/cirron/typed_spool.hpp): fed by
// the batch reader, it gives back each generated batch value for value, holds a batch's records
// until the batch is complete, and adds up the batches' non-finite literals.
#include "cirron/typed_spool.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cirron/batch_reader.hpp"
#include "support/cirron_spool_writer.hpp"
#include "support/matchers.hpp"

namespace tracedoc::cirron {
namespace {

using testing_support::CirronSpoolPlan;
using testing_support::GenerateCirronSpool;
using testing_support::GeneratedSpool;

GeneratedSpool Generated() {
  CirronSpoolPlan plan;
  plan.seed = 5;
  plan.records_per_batch = 6;
  return GenerateCirronSpool(plan);
}

TEST(TypedSpoolTest, KeepsEachBatchValueForValue) {
  const GeneratedSpool generated = Generated();
  ASSERT_GE(generated.batches.size(), 2u);
  CirronSpool spool;
  TypedSpool sink(spool);
  BatchReader reader({}, sink);
  for (std::uint32_t i = 0; i < generated.batches.size(); ++i) {
    ASSERT_THAT(reader.Read(i, generated.batches[i].file_name, "p", generated.texts[i]),
                Succeeds());
  }
  ASSERT_EQ(spool.batches.size(), generated.batches.size());
  for (std::size_t i = 0; i < spool.batches.size(); ++i) {
    SCOPED_TRACE(i);
    // NaN stats compare unequal: compare the records that hold none field by field first.
    EXPECT_EQ(spool.batches[i].file_name, generated.batches[i].file_name);
    EXPECT_EQ(spool.batches[i].batch_id, generated.batches[i].batch_id);
    EXPECT_EQ(spool.batches[i].created_ns, generated.batches[i].created_ns);
    EXPECT_EQ(spool.batches[i].sdk_version, "0.4.2");
    EXPECT_EQ(spool.batches[i].schema_version, 1u);
    EXPECT_EQ(spool.batches[i].unknown, generated.batches[i].unknown);
    EXPECT_EQ(spool.batches[i].spans, generated.batches[i].spans);
    EXPECT_EQ(spool.batches[i].snapshots, generated.batches[i].snapshots);
    ASSERT_EQ(spool.batches[i].marks.size(), generated.batches[i].marks.size());
    for (std::size_t m = 0; m < spool.batches[i].marks.size(); ++m) {
      const CirronMark& read = spool.batches[i].marks[m];
      const CirronMark& written = generated.batches[i].marks[m];
      EXPECT_EQ(read.id, written.id);
      EXPECT_EQ(read.span_id, written.span_id);
      EXPECT_EQ(read.value.index(), written.value.index());
      if (const double* loss = std::get_if<double>(&written.value); loss && std::isnan(*loss)) {
        EXPECT_TRUE(std::isnan(std::get<double>(read.value)));
      } else {
        EXPECT_EQ(read.value, written.value);
      }
      EXPECT_EQ(read.unknown, written.unknown);
    }
  }
  EXPECT_EQ(spool.non_finite_numbers, generated.non_finite_numbers);
  EXPECT_GT(spool.non_finite_numbers, 0u);
}

TEST(TypedSpoolTest, ABatchThatFailsLeavesNothingInTheSpool) {
  const GeneratedSpool generated = Generated();
  CirronSpool spool;
  TypedSpool sink(spool);
  BatchReader reader({}, sink);
  // The name no longer matches created_ns: the records are handed over, the batch is not.
  std::string text = generated.texts[0];
  const std::string created = std::to_string(generated.batches[0].created_ns);
  text.replace(text.find("\"created_ns\": " + created), 14 + created.size(), "\"created_ns\": 1");
  EXPECT_THAT(reader.Read(0, generated.batches[0].file_name, "p", text),
              FailsWith(ErrorCode::kCirronNameMismatch));
  EXPECT_TRUE(spool.batches.empty());
  EXPECT_EQ(spool.non_finite_numbers, 0u);
}

TEST(TypedSpoolTest, HoldsRecordsUntilTheirBatchIsCompleteAndCopiesEachField) {
  // Views point into the batch being read: the sink must copy, and only OnBatch makes a batch.
  CirronSpool spool;
  TypedSpool sink(spool);
  json::Tape tape;
  const RecordSource source{tape, 0, {}, {}};
  std::string id = std::string(32, 'a');
  std::string parent = std::string(32, 'b');
  const HexId marks[] = {HexId{std::string_view(parent)}};
  SpanView span;
  span.id = HexId{id};
  span.name = "train";
  span.parent_id = HexId{parent};
  span.index = 3;
  span.start_ns = 10;
  span.end_ns = 20;
  span.gpu_ns = 7;
  span.rank = 2;
  span.attrs = JsonObjectText{R"({"k":1})"};
  span.mark_ids = ArrayView<HexId>(marks, 1);
  sink.OnSpan(span, source);
  SnapshotView snapshot;
  snapshot.id = HexId{id};
  snapshot.span_id = HexId{parent};
  snapshot.mode = CirronSnapshotMode::kFull;
  snapshot.blob_uri = "blobs/x";
  sink.OnSnapshot(snapshot, source);
  EXPECT_TRUE(spool.batches.empty());
  id.assign(32, 'z');  // the reader's buffer moves on

  BatchView batch;
  batch.sdk_version = "0.5.0";
  batch.batch_id = HexId{parent};
  batch.created_ns = 99;
  sink.OnBatch(batch, BatchSource{tape, "f.json", "dir/f.json", 0, 3});
  ASSERT_EQ(spool.batches.size(), 1u);
  const CirronBatch& kept = spool.batches[0];
  EXPECT_EQ(kept.file_name, "f.json");
  EXPECT_EQ(kept.created_ns, 99u);
  EXPECT_EQ(kept.sdk_version, "0.5.0");
  ASSERT_EQ(kept.spans.size(), 1u);
  EXPECT_EQ(kept.spans[0].id, std::string(32, 'a'));
  EXPECT_EQ(kept.spans[0].parent_id, std::optional<std::string>(parent));
  EXPECT_EQ(kept.spans[0].index, std::optional<std::uint64_t>(3));
  EXPECT_EQ(kept.spans[0].cpu_ns, std::nullopt);
  EXPECT_EQ(kept.spans[0].gpu_ns, std::optional<std::uint64_t>(7));
  EXPECT_EQ(kept.spans[0].rank, 2u);
  EXPECT_EQ(kept.spans[0].attrs_json, R"({"k":1})");
  EXPECT_EQ(kept.spans[0].mark_ids, std::vector<std::string>{parent});
  ASSERT_EQ(kept.snapshots.size(), 1u);
  EXPECT_EQ(kept.snapshots[0].mode, CirronSnapshotMode::kFull);
  EXPECT_EQ(kept.snapshots[0].stats, std::nullopt);
  EXPECT_EQ(kept.snapshots[0].blob_uri, std::optional<std::string>("blobs/x"));
  EXPECT_EQ(spool.non_finite_numbers, 3u);

  // The next batch starts empty.
  sink.OnBatch(batch, BatchSource{tape, "g.json", "dir/g.json", 1, 0});
  ASSERT_EQ(spool.batches.size(), 2u);
  EXPECT_TRUE(spool.batches[1].spans.empty());
  EXPECT_TRUE(spool.batches[1].snapshots.empty());
  EXPECT_EQ(spool.batches[1].file_name, "g.json");
}

}  // namespace
}  // namespace tracedoc::cirron
