// RecordBuffer across its two homes: the heap while small, its own growable mapping once past
// 2 MiB. Records keep their values across every move (heap to mapping, growth in place, growth
// past the reserved room, trimming), and a mapped buffer grows without moving while it has room.
#include "util/record_buffer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

namespace tracedoc::util {
namespace {

struct Sample {
  std::uint64_t index;
  std::uint64_t check;
};

Sample SampleAt(std::uint64_t i) { return Sample{i, i * 0x9E3779B97F4A7C15ull}; }

// The first index whose value differs from SampleAt, or size() when all agree.
std::size_t FirstWrong(const RecordBuffer<Sample>& buffer) {
  for (std::size_t i = 0; i < buffer.size(); ++i) {
    if (buffer[i].index != i || buffer[i].check != SampleAt(i).check) return i;
  }
  return buffer.size();
}

constexpr std::size_t kTwoMiBOfSamples = (std::size_t{2} << 20) / sizeof(Sample);

TEST(RecordBufferTest, RecordsSurviveTheMoveFromTheHeapToAMapping) {
  RecordBuffer<Sample> buffer;
  for (std::size_t i = 0; i < 3 * kTwoMiBOfSamples; ++i) buffer.push_back(SampleAt(i));
  ASSERT_EQ(buffer.size(), 3 * kTwoMiBOfSamples);
  EXPECT_EQ(FirstWrong(buffer), buffer.size());
}

TEST(RecordBufferTest, AMappedBufferGrowsInPlaceWhileItHasRoom) {
  RecordBuffer<Sample> buffer;
  buffer.reserve(kTwoMiBOfSamples);  // mapped, with room reserved well past this
  buffer.push_back(SampleAt(0));
  const Sample* first = buffer.data();
  for (std::size_t i = 1; i < 4 * kTwoMiBOfSamples; ++i) buffer.push_back(SampleAt(i));
  EXPECT_EQ(buffer.data(), first) << "growth within the reservation never moves the records";
  EXPECT_EQ(FirstWrong(buffer), buffer.size());
}

TEST(RecordBufferTest, GrowingPastTheReservedRoomKeepsEveryRecord) {
  RecordBuffer<Sample> buffer;
  buffer.reserve(kTwoMiBOfSamples);
  // Eight times the first mapping's request is its reservation; go well past it.
  const std::size_t count = 20 * kTwoMiBOfSamples;
  for (std::size_t i = 0; i < count; ++i) buffer.push_back(SampleAt(i));
  ASSERT_EQ(buffer.size(), count);
  EXPECT_GE(buffer.capacity(), count);
  EXPECT_EQ(FirstWrong(buffer), count);
}

TEST(RecordBufferTest, ShrinkToFitKeepsTheRecordsAndTheBufferCanGrowAgain) {
  RecordBuffer<Sample> buffer;
  for (std::size_t i = 0; i < kTwoMiBOfSamples + 17; ++i) buffer.push_back(SampleAt(i));
  buffer.ShrinkToFit();
  EXPECT_EQ(buffer.capacity(), buffer.size());
  EXPECT_EQ(FirstWrong(buffer), buffer.size());
  for (std::size_t i = buffer.size(); i < 3 * kTwoMiBOfSamples; ++i) buffer.push_back(SampleAt(i));
  EXPECT_EQ(FirstWrong(buffer), buffer.size());
  buffer.clear();
  buffer.ShrinkToFit();
  EXPECT_EQ(buffer.capacity(), 0u);
  EXPECT_EQ(buffer.data(), nullptr);
  buffer.push_back(SampleAt(0));
  EXPECT_EQ(FirstWrong(buffer), 1u);
}

TEST(RecordBufferTest, AppendAndResizeForOverwriteAcrossTheThreshold) {
  std::vector<Sample> run;
  for (std::size_t i = 0; i < kTwoMiBOfSamples; ++i) run.push_back(SampleAt(i));
  RecordBuffer<Sample> buffer;
  buffer.Append(std::span<const Sample>(run).first(10));
  buffer.Append(std::span<const Sample>(run).subspan(10));
  EXPECT_EQ(buffer.size(), run.size());
  EXPECT_EQ(FirstWrong(buffer), run.size());
  const std::size_t at = buffer.size();
  buffer.ResizeForOverwrite(at + kTwoMiBOfSamples);
  for (std::size_t i = at; i < buffer.size(); ++i) buffer[i] = SampleAt(i);
  EXPECT_EQ(FirstWrong(buffer), buffer.size());
}

TEST(RecordBufferTest, MovingAMappedBufferHandsOverItsMapping) {
  RecordBuffer<Sample> source;
  for (std::size_t i = 0; i < 2 * kTwoMiBOfSamples; ++i) source.push_back(SampleAt(i));
  const Sample* records = source.data();
  RecordBuffer<Sample> moved(std::move(source));
  EXPECT_EQ(moved.data(), records);
  EXPECT_EQ(FirstWrong(moved), 2 * kTwoMiBOfSamples);
  RecordBuffer<Sample> assigned;
  assigned.push_back(SampleAt(0));
  assigned = std::move(moved);
  EXPECT_EQ(assigned.data(), records);
  EXPECT_EQ(assigned.size(), 2 * kTwoMiBOfSamples);
  EXPECT_EQ(FirstWrong(assigned), assigned.size());
}

}  // namespace
}  // namespace tracedoc::util
