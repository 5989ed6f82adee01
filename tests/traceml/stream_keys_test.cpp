// The keys that identify a row of each stream (src/traceml/stream_keys.hpp): a record repeating
// a key gets the line of the first with it, streams keep separate keys, a null is a value of its
// own, devices are told apart by name, and Shown spells the key as messages do.
#include "traceml/stream_keys.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>

namespace tracedoc::traceml {
namespace {

constexpr std::optional<std::uint64_t> kNone = std::nullopt;

StepTimeView StepTime(std::optional<std::uint64_t> rank, std::optional<std::uint64_t> step) {
  StepTimeView view;
  view.head.global_rank = rank;
  view.step = step;
  return view;
}

StepMemoryView StepMemory(std::uint64_t rank, std::optional<std::string_view> device,
                          std::uint64_t step) {
  StepMemoryView view;
  view.head.global_rank = rank;
  view.device = device;
  view.step = step;
  return view;
}

SystemGpuView Gpu(std::uint64_t rank, std::uint64_t seq, std::uint64_t gpu) {
  SystemGpuView view;
  view.head.global_rank = rank;
  view.head.seq = seq;
  view.gpu_idx = gpu;
  return view;
}

TEST(StreamKeysTest, ARepeatedKeyGetsTheFirstRecordsLine) {
  StreamKeys keys;
  EXPECT_EQ(keys.Insert(StepTime(0, 1), 3), kNone);
  EXPECT_EQ(keys.Insert(StepTime(0, 2), 4), kNone);
  EXPECT_EQ(keys.Insert(StepTime(1, 1), 5), kNone);
  EXPECT_EQ(keys.Insert(StepTime(0, 1), 9), std::optional<std::uint64_t>(3));
  // A third record of the key still points at the first, not the one before it.
  EXPECT_EQ(keys.Insert(StepTime(0, 1), 12), std::optional<std::uint64_t>(3));
}

TEST(StreamKeysTest, NullIsAValueOfItsOwn) {
  StreamKeys keys;
  EXPECT_EQ(keys.Insert(StepTime(kNone, 0), 1), kNone);
  // rank 0 and a null rank are different keys, though both parts hold the number 0.
  EXPECT_EQ(keys.Insert(StepTime(0, 0), 2), kNone);
  EXPECT_EQ(keys.Insert(StepTime(kNone, kNone), 3), kNone);
  EXPECT_EQ(keys.Insert(StepTime(kNone, 0), 4), std::optional<std::uint64_t>(1));
  EXPECT_EQ(keys.Insert(StepTime(kNone, kNone), 5), std::optional<std::uint64_t>(3));
}

TEST(StreamKeysTest, StreamsKeepTheirOwnKeys) {
  StreamKeys keys;
  SystemView system;
  system.head.global_rank = 0;
  system.head.seq = 1;
  ProcessView process;
  process.head.global_rank = 0;
  process.head.seq = 1;
  EXPECT_EQ(keys.Insert(StepTime(0, 1), 1), kNone);
  EXPECT_EQ(keys.Insert(system, 2), kNone);
  EXPECT_EQ(keys.Insert(process, 3), kNone);  // same numbers as the system row, other stream
  EXPECT_EQ(keys.Insert(system, 4), std::optional<std::uint64_t>(2));
  EXPECT_EQ(keys.Insert(process, 5), std::optional<std::uint64_t>(3));
}

TEST(StreamKeysTest, StepMemoryTellsDevicesApartByName) {
  StreamKeys keys;
  EXPECT_EQ(keys.Insert(StepMemory(0, "cuda:0", 1), 1), kNone);
  EXPECT_EQ(keys.Insert(StepMemory(0, "cuda:1", 1), 2), kNone);
  EXPECT_EQ(keys.Insert(StepMemory(0, std::nullopt, 1), 3), kNone);
  const std::string again = "cuda:1";  // equal text in another buffer
  EXPECT_EQ(keys.Insert(StepMemory(0, again, 1), 4), std::optional<std::uint64_t>(2));
  EXPECT_EQ(keys.Insert(StepMemory(0, std::nullopt, 1), 5), std::optional<std::uint64_t>(3));
  EXPECT_EQ(keys.Insert(StepMemory(0, "cuda:0", 2), 6), kNone);
}

TEST(StreamKeysTest, SystemGpuIsKeyedByRankSeqAndGpu) {
  StreamKeys keys;
  EXPECT_EQ(keys.Insert(Gpu(0, 1, 0), 1), kNone);
  EXPECT_EQ(keys.Insert(Gpu(0, 1, 1), 2), kNone);
  EXPECT_EQ(keys.Insert(Gpu(0, 2, 0), 3), kNone);
  EXPECT_EQ(keys.Insert(Gpu(0, 1, 1), 4), std::optional<std::uint64_t>(2));
}

TEST(StreamKeysTest, RuntimeEnvironmentIsOnePerRankAndOutputLinesHaveNoKey) {
  StreamKeys keys;
  RuntimeEnvironmentView environment;
  environment.head.global_rank = 2;
  environment.pid = 100;
  EXPECT_EQ(keys.Insert(environment, 1), kNone);
  environment.pid = 200;  // not part of the key
  EXPECT_EQ(keys.Insert(environment, 2), std::optional<std::uint64_t>(1));
  OutputLineView output;
  output.head.rank = 0;
  output.line = "same";
  EXPECT_EQ(keys.Insert(output, 3), kNone);
  EXPECT_EQ(keys.Insert(output, 4), kNone);
}

TEST(StreamKeysTest, ShownSpellsEachPartAsMessagesDo) {
  EXPECT_EQ(StreamKeys::Shown(StepTime(1, 4)), "(global_rank 1, step 4)");
  EXPECT_EQ(StreamKeys::Shown(StepTime(kNone, 4)), "(global_rank null, step 4)");
  EXPECT_EQ(StreamKeys::Shown(StepMemory(0, "cuda:0", 7)),
            "(global_rank 0, device `cuda:0`, step 7)");
  EXPECT_EQ(StreamKeys::Shown(StepMemory(0, std::nullopt, 7)),
            "(global_rank 0, device null, step 7)");
  EXPECT_EQ(StreamKeys::Shown(Gpu(3, 9, 1)), "(global_rank 3, seq 9, gpu_idx 1)");
  RuntimeEnvironmentView environment;
  environment.head.global_rank = 5;
  EXPECT_EQ(StreamKeys::Shown(environment), "(global_rank 5)");
  EXPECT_EQ(StreamKeys::Shown(OutputLineView{}), "()");
}

TEST(StreamKeysTest, ADeviceNameInAKeyIsQuotedWithABound) {
  const std::string device(100, 'd');
  const std::string shown = StreamKeys::Shown(StepMemory(0, device, 1));
  // QuoteName's bound of 64 bytes, with the whole length after the cut.
  EXPECT_EQ(shown, "(global_rank 0, device `" + std::string(64, 'd') + "…` (100 bytes), step 1)");
}

}  // namespace
}  // namespace tracedoc::traceml
