// A block's gathered records (src/fold/block_records.hpp): which kinds a decoding thread keeps
// for the fold, the dense bytes resolved as the fold resolves them, the tensor statistics rule,
// the latest host evidence, and strings owned by the block's storage rather than the line.
#include "fold/block_records.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <memory>

#include "util/string_pool.hpp"

namespace tracedoc::detail {
namespace {

constexpr std::uint64_t kShape2x3[] = {2, 3};
constexpr std::uint64_t kHuge[] = {std::numeric_limits<std::uint64_t>::max(), 2};

OpRecord Op(std::string_view dtype, std::optional<std::uint64_t> output_bytes = std::nullopt) {
  OpRecord op;
  op.span_id = "s";
  op.op_name = "matmul";
  op.shape = ArrayView<std::uint64_t>(kShape2x3, 2);
  op.dtype = dtype;
  op.device = "cpu";
  op.output_dense_bytes = output_bytes;
  return op;
}

TensorRecord Tensor(std::string_view dtype) {
  TensorRecord tensor;
  tensor.span_id = "s";
  tensor.tensor_id = "t";
  tensor.shape = ArrayView<std::uint64_t>(kShape2x3, 2);
  tensor.dtype = dtype;
  tensor.device = "cpu";
  return tensor;
}

// Valid statistics of a [2, 3] tensor.
TensorStatsRecord Stats() {
  TensorStatsRecord stats;
  stats.span_id = "s";
  stats.label = "layer.weight";
  stats.shape = ArrayView<std::uint64_t>(kShape2x3, 2);
  stats.dtype = "f32";
  stats.elements = 6;
  stats.non_finite = 0;
  stats.rms = 1.5;
  stats.abs_max = 3;
  stats.mean = -0.25;
  return stats;
}

TEST(KeptOpTest, DenseBytesFromShapeAndDtypeWhenNotGiven) {
  EXPECT_EQ(KeptOp(Op("f32"), format::kTrace10Rules).output_dense_bytes, std::optional<std::uint64_t>(24));
  EXPECT_EQ(KeptOp(Op("bf16"), format::kTrace10Rules).output_dense_bytes, std::optional<std::uint64_t>(12));
}

TEST(KeptOpTest, GivenDenseBytesWin) {
  EXPECT_EQ(KeptOp(Op("f32", 7), format::kTrace10Rules).output_dense_bytes, std::optional<std::uint64_t>(7));
}

TEST(KeptOpTest, UnknownDtypeIsAbsentUnderTrace10AndZeroUnderTrace6) {
  EXPECT_EQ(KeptOp(Op("float32"), format::kTrace10Rules).output_dense_bytes, std::nullopt);
  EXPECT_EQ(KeptOp(Op("float32"), format::kTrace6Rules).output_dense_bytes, std::optional<std::uint64_t>(0));
}

TEST(KeptOpTest, OnlyTheDenseBytesChange) {
  OpRecord op = Op("f32");
  op.duration_ns = 5;
  op.timestamp_ns = 9;
  OpRecord expected = op;
  expected.output_dense_bytes = 24;
  EXPECT_EQ(KeptOp(op, format::kTrace10Rules), expected);
}

TEST(KeptTensorTest, DenseBytesResolvedLikeAnOps) {
  EXPECT_EQ(KeptTensor(Tensor("i64"), format::kTrace10Rules).dense_bytes, std::optional<std::uint64_t>(48));
  EXPECT_EQ(KeptTensor(Tensor("q4"), format::kTrace10Rules).dense_bytes, std::nullopt);
  EXPECT_EQ(KeptTensor(Tensor("q4"), format::kTrace6Rules).dense_bytes, std::optional<std::uint64_t>(0));
}

TEST(IsValidTensorStatsTest, ConsistentStatisticsAreValid) {
  EXPECT_TRUE(IsValidTensorStats(Stats()));
  TensorStatsRecord zero = Stats();
  zero.rms = -0.0;  // -0.0 is not below 0
  zero.abs_max = 0;
  zero.non_finite = 6;  // all six non-finite: at the bound, not past it
  EXPECT_TRUE(IsValidTensorStats(zero));
}

TEST(IsValidTensorStatsTest, EachBrokenRuleMakesThemInvalid) {
  auto invalid_with = [](auto change) {
    TensorStatsRecord stats = Stats();
    change(stats);
    return !IsValidTensorStats(stats);
  };
  EXPECT_TRUE(invalid_with([](TensorStatsRecord& s) { s.label = " \t"; }));
  EXPECT_TRUE(invalid_with([](TensorStatsRecord& s) { s.elements = 5; }));
  EXPECT_TRUE(invalid_with([](TensorStatsRecord& s) { s.non_finite = 7; }));
  EXPECT_TRUE(invalid_with([](TensorStatsRecord& s) { s.rms = -1e-9; }));
  EXPECT_TRUE(invalid_with([](TensorStatsRecord& s) { s.rms = NAN; }));
  EXPECT_TRUE(invalid_with([](TensorStatsRecord& s) { s.abs_max = -1; }));
  EXPECT_TRUE(invalid_with([](TensorStatsRecord& s) { s.abs_max = INFINITY; }));
  EXPECT_TRUE(invalid_with([](TensorStatsRecord& s) { s.mean = -INFINITY; }));
  // A shape whose product overflows matches no element count.
  EXPECT_TRUE(invalid_with([](TensorStatsRecord& s) {
    s.shape = ArrayView<std::uint64_t>(kHuge, 2);
    s.elements = 0;
  }));
}

TEST(BlockRecordsTest, GathersEveryKindButTheFourTheStreamOrders) {
  EXPECT_FALSE(BlockRecords::Gathers(Event(MetaRecord{})));
  EXPECT_FALSE(BlockRecords::Gathers(Event(SpanStartRecord{})));
  EXPECT_FALSE(BlockRecords::Gathers(Event(SpanEndRecord{})));
  EXPECT_FALSE(BlockRecords::Gathers(Event(TerminalRecord{})));
  EXPECT_TRUE(BlockRecords::Gathers(Event(OpRecord{})));
  EXPECT_TRUE(BlockRecords::Gathers(Event(TensorRecord{})));
  EXPECT_TRUE(BlockRecords::Gathers(Event(TensorStatsRecord{})));
  EXPECT_TRUE(BlockRecords::Gathers(Event(MemoryRecord{})));
  EXPECT_TRUE(BlockRecords::Gathers(Event(DeviceMemoryRecord{})));
  EXPECT_TRUE(BlockRecords::Gathers(Event(DeviceIntervalRecord{})));
  EXPECT_TRUE(BlockRecords::Gathers(Event(GradientRecord{})));
  EXPECT_TRUE(BlockRecords::Gathers(Event(EdgeRecord{})));
}

TEST(BlockRecordsTest, EachKindGoesToItsOwnListResolved) {
  util::StringPool storage;
  BlockRecords block;
  EXPECT_EQ(block.Add(Op("f32"), format::kTrace10Rules, storage), GatherVerdict::kKept);
  EXPECT_EQ(block.Add(Tensor("f16"), format::kTrace10Rules, storage), GatherVerdict::kKept);
  EXPECT_EQ(block.Add(GradientRecord{"g", "vb", "w", GradientState::kZero, 0.0, {}},
                      format::kTrace10Rules, storage),
            GatherVerdict::kKept);
  EXPECT_EQ(block.Add(EdgeRecord{EdgeKind::kData, "t0", "t1", 0, {}}, format::kTrace10Rules, storage), GatherVerdict::kKept);
  EXPECT_EQ(block.Add(DeviceIntervalRecord{"s", "cuda:0", "7", "gpu", "cuda", 10, 20, {}}, format::kTrace10Rules,
                        storage), GatherVerdict::kKept);
  ASSERT_EQ(block.ops.size(), 1u);
  EXPECT_EQ(block.ops[0].output_dense_bytes, std::optional<std::uint64_t>(24));
  ASSERT_EQ(block.tensors.size(), 1u);
  EXPECT_EQ(block.tensors[0].dense_bytes, std::optional<std::uint64_t>(12));
  ASSERT_EQ(block.gradients.size(), 1u);
  EXPECT_EQ(block.gradients[0].state, GradientState::kZero);
  ASSERT_EQ(block.edges.size(), 1u);
  EXPECT_EQ(block.edges[0].to, "t1");
  ASSERT_EQ(block.device_intervals.size(), 1u);
  EXPECT_EQ(block.device_intervals[0].stream_id, "7");
  EXPECT_TRUE(block.memory.empty());
  EXPECT_TRUE(block.tensor_stats.empty());
  // Device intervals are device time, no host evidence.
  EXPECT_EQ(block.latest_ns, 0u);
}

TEST(BlockRecordsTest, InvalidTensorStatsAreRefusedAndNotKept) {
  util::StringPool storage;
  BlockRecords block;
  EXPECT_EQ(block.Add(Stats(), format::kTrace10Rules, storage), GatherVerdict::kKept);
  TensorStatsRecord broken = Stats();
  broken.elements = 99;
  EXPECT_EQ(block.Add(broken, format::kTrace10Rules, storage), GatherVerdict::kInvalidStats);
  ASSERT_EQ(block.tensor_stats.size(), 1u);
  EXPECT_EQ(block.tensor_stats[0].elements, 6u);
}

TEST(BlockRecordsTest, AMemoryRecordThatFindsTheStorageFullIsRefusedAndNotKept) {
  // A directory of one chunk stands for 4 GiB of strings: the first record fits, then a
  // storage id longer than the chunk's room does not.
  const auto directory = std::make_shared<util::ChunkDirectory>(1);
  util::StringPool storage(util::PoolMode::kIntern, directory);
  BlockRecords block;
  MemoryRecord memory;
  memory.timestamp_ns = 5;
  memory.storage_id = "st-1";
  EXPECT_EQ(block.Add(memory, format::kTrace10Rules, storage), GatherVerdict::kKept);
  const std::string large(300'000, 's');
  memory.storage_id = large;
  memory.timestamp_ns = 900;
  EXPECT_EQ(block.Add(memory, format::kTrace10Rules, storage), GatherVerdict::kStorageFull);
  EXPECT_EQ(block.memory.size(), 1u);
  EXPECT_EQ(block.latest_ns, 5u) << "a refused record is no evidence";
}

TEST(BlockRecordsTest, LatestHostEvidenceIsTheLatestOpEndMemoryOrDeviceSample) {
  util::StringPool storage;
  BlockRecords block;
  OpRecord op = Op("f32");
  op.timestamp_ns = 100;
  op.duration_ns = 50;
  block.Add(op, format::kTrace10Rules, storage);
  EXPECT_EQ(block.latest_ns, 150u);  // an op is evidence until it ends
  MemoryRecord memory;
  memory.timestamp_ns = 120;
  block.Add(memory, format::kTrace10Rules, storage);
  EXPECT_EQ(block.latest_ns, 150u);  // an earlier record does not move it back
  DeviceMemoryRecord sample;
  sample.timestamp_ns = 400;
  block.Add(sample, format::kTrace10Rules, storage);
  EXPECT_EQ(block.latest_ns, 400u);
  EXPECT_EQ(block.memory.size(), 1u);
  EXPECT_EQ(block.device_memory.size(), 1u);
}

TEST(BlockRecordsTest, AnOpEndingPastTheLastNanosecondSaturates) {
  util::StringPool storage;
  BlockRecords block;
  OpRecord op = Op("f32");
  op.timestamp_ns = std::numeric_limits<std::uint64_t>::max() - 1;
  op.duration_ns = 10;
  block.Add(op, format::kTrace10Rules, storage);
  EXPECT_EQ(block.latest_ns, std::numeric_limits<std::uint64_t>::max());
}

TEST(BlockRecordsTest, KeptStringsAreTheStoragesNotTheLines) {
  util::StringPool storage;
  BlockRecords block;
  std::string line_name = "softmax";
  std::string line_device = "cuda:1";
  OpRecord op = Op("f32");
  op.op_name = line_name;
  op.device = line_device;
  block.Add(op, format::kTrace10Rules, storage);
  // The line's buffer is reused for the next block: the kept record must not see it change.
  line_name.assign("XXXXXXX");
  line_device.assign("XXXXXX");
  ASSERT_EQ(block.ops.size(), 1u);
  EXPECT_EQ(block.ops[0].op_name, "softmax");
  EXPECT_EQ(block.ops[0].device, "cuda:1");
  EXPECT_EQ(block.ops[0].op_name.data(), storage.Intern("softmax").data());
}

TEST(BlockRecordsTest, TheFourOrderedKindsAreIgnored) {
  util::StringPool storage;
  BlockRecords block;
  EXPECT_EQ(block.Add(SpanStartRecord{}, format::kTrace10Rules, storage), GatherVerdict::kKept);
  EXPECT_EQ(block.Add(TerminalRecord{}, format::kTrace10Rules, storage), GatherVerdict::kKept);
  std::size_t total = 0;
  block.ForEachList([&total](const auto& list) { total += list.size(); });
  EXPECT_EQ(total, 0u);
  EXPECT_EQ(block.latest_ns, 0u);
}

}  // namespace
}  // namespace tracedoc::detail
