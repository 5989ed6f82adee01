// Where a step's phases lie (src/traceml_convert/step_layout.hpp): the step ends at its
// timestamp and lasts the sum of its phases, each as long as its slowest device, laid one after
// another in the order written; milliseconds become whole nanoseconds rounded to the nearest.
#include "traceml_convert/step_layout.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace tracedoc::traceml_convert {
namespace {

constexpr std::uint64_t kEnd = 1'000'000'000;
constexpr std::uint64_t kU64Max = std::numeric_limits<std::uint64_t>::max();

traceml::PhaseSampleView Sample(std::string_view name, std::string_view device,
                                std::optional<double> ms) {
  traceml::PhaseSampleView sample;
  sample.name = name;
  sample.device = device;
  sample.duration_ms = ms;
  return sample;
}

std::string Interval(const UnixInterval& interval) {
  return std::to_string(interval.start_ns) + ".." + std::to_string(interval.end_ns);
}

TEST(MillisecondsToNsTest, RoundsToTheNearestNanosecondHalvesAway) {
  EXPECT_EQ(MillisecondsToNs(0), 0u);
  EXPECT_EQ(MillisecondsToNs(1), 1'000'000u);
  EXPECT_EQ(MillisecondsToNs(12.5), 12'500'000u);
  EXPECT_EQ(MillisecondsToNs(0.0000004), 0u);  // 0.4 ns
  EXPECT_EQ(MillisecondsToNs(0.0000005), 1u);  // 0.5 ns: away from 0
  EXPECT_EQ(MillisecondsToNs(0.0000016), 2u);
}

TEST(MillisecondsToNsTest, NegativeAndNaNAreZeroAndTooLargeIsTheLargestU64) {
  EXPECT_EQ(MillisecondsToNs(-3), 0u);
  EXPECT_EQ(MillisecondsToNs(-0.0), 0u);
  EXPECT_EQ(MillisecondsToNs(std::numeric_limits<double>::quiet_NaN()), 0u);
  EXPECT_EQ(MillisecondsToNs(std::numeric_limits<double>::infinity()), kU64Max);
  EXPECT_EQ(MillisecondsToNs(1e20), kU64Max);                        // 1e26 ns
  EXPECT_EQ(MillisecondsToNs(1.8446744073709552e13), kU64Max);       // 2^64 ns
  EXPECT_EQ(MillisecondsToNs(1.8e13), 18'000'000'000'000'000'000u);  // below it: as it is
}

TEST(StepLayoutTest, PhasesFollowOneAnotherAndEndAtTheStepsTimestamp) {
  const std::vector<traceml::PhaseSampleView> samples = {Sample("forward", "cuda:0", 3),
                                                         Sample("backward", "cuda:0", 5),
                                                         Sample("optimizer", "cpu", 2)};
  StepLayout layout;
  LayOutStep(samples, kEnd, layout);
  EXPECT_EQ(Interval(layout.interval), "990000000..1000000000");
  ASSERT_EQ(layout.phases.size(), 3u);
  EXPECT_EQ(layout.phases[0].name, "forward");
  EXPECT_EQ(Interval(layout.phases[0].interval), "990000000..993000000");
  EXPECT_EQ(Interval(layout.phases[1].interval), "993000000..998000000");
  EXPECT_EQ(Interval(layout.phases[2].interval), "998000000..1000000000");
  // One sample each: it is the phase's, and no device spans are made.
  EXPECT_EQ(layout.phases[1].sample, &samples[1]);
  EXPECT_EQ(layout.phases[1].device_count, 0u);
  EXPECT_TRUE(layout.devices.empty());
  EXPECT_TRUE(layout.unplaced.empty());
}

TEST(StepLayoutTest, APhaseOfSeveralDevicesLastsItsSlowestAndEachDeviceItsOwn) {
  const std::vector<traceml::PhaseSampleView> samples = {
      Sample("forward", "cuda:0", 4), Sample("forward", "cuda:1", 6),
      Sample("forward", "cpu", std::nullopt), Sample("backward", "cuda:0", 1)};
  StepLayout layout;
  LayOutStep(samples, kEnd, layout);
  EXPECT_EQ(Interval(layout.interval), "993000000..1000000000");  // 6 + 1 ms
  ASSERT_EQ(layout.phases.size(), 2u);
  EXPECT_EQ(layout.phases[0].sample, nullptr);
  EXPECT_EQ(layout.phases[0].first_device, 0u);
  EXPECT_EQ(layout.phases[0].device_count, 2u);
  EXPECT_EQ(Interval(layout.phases[0].interval), "993000000..999000000");
  ASSERT_EQ(layout.devices.size(), 2u);
  EXPECT_EQ(layout.devices[0].sample, &samples[0]);
  EXPECT_EQ(Interval(layout.devices[0].interval), "993000000..997000000");
  EXPECT_EQ(layout.devices[1].sample, &samples[1]);
  EXPECT_EQ(Interval(layout.devices[1].interval), "993000000..999000000");
  EXPECT_EQ(Interval(layout.phases[1].interval), "999000000..1000000000");
  // The null duration takes no time and makes no span.
  ASSERT_EQ(layout.unplaced.size(), 1u);
  EXPECT_EQ(layout.unplaced[0], &samples[2]);
}

TEST(StepLayoutTest, APhaseWithOnlyNullDurationsMakesNoSpan) {
  const std::vector<traceml::PhaseSampleView> samples = {Sample("dataloader", "cpu", std::nullopt),
                                                         Sample("forward", "cuda:0", 2)};
  StepLayout layout;
  LayOutStep(samples, kEnd, layout);
  ASSERT_EQ(layout.phases.size(), 1u);
  EXPECT_EQ(layout.phases[0].name, "forward");
  EXPECT_EQ(Interval(layout.phases[0].interval), "998000000..1000000000");
  EXPECT_EQ(layout.unplaced.size(), 1u);
}

TEST(StepLayoutTest, AStepLongerThanItsEndStartsAtZeroAndItsPhasesAreCut) {
  // 3 ms + 4 ms before 5 ms after the epoch: only a hostile export.
  const std::vector<traceml::PhaseSampleView> samples = {Sample("forward", "cuda:0", 3),
                                                         Sample("backward", "cuda:0", 4)};
  StepLayout layout;
  LayOutStep(samples, 5'000'000, layout);
  EXPECT_EQ(Interval(layout.interval), "0..5000000");
  ASSERT_EQ(layout.phases.size(), 2u);
  EXPECT_EQ(Interval(layout.phases[0].interval), "0..3000000");
  EXPECT_EQ(Interval(layout.phases[1].interval), "3000000..5000000");
}

TEST(StepLayoutTest, DurationsSummingPastTheLargestU64Saturate) {
  const std::vector<traceml::PhaseSampleView> samples = {Sample("a", "cpu", 1e20),
                                                         Sample("b", "cpu", 1e20)};
  StepLayout layout;
  LayOutStep(samples, kEnd, layout);
  EXPECT_EQ(Interval(layout.interval), "0..1000000000");
  ASSERT_EQ(layout.phases.size(), 2u);
  EXPECT_EQ(Interval(layout.phases[0].interval), "0..1000000000");
  EXPECT_EQ(Interval(layout.phases[1].interval), "1000000000..1000000000");
}

TEST(StepLayoutTest, AnEmptyStepIsAnInstantAtItsEnd) {
  StepLayout layout;
  LayOutStep({}, kEnd, layout);
  EXPECT_EQ(Interval(layout.interval), "1000000000..1000000000");
  EXPECT_TRUE(layout.phases.empty());
}

TEST(StepLayoutTest, ALayoutReusedForTheNextStepHoldsOnlyThatStep) {
  const std::vector<traceml::PhaseSampleView> first = {Sample("forward", "cuda:0", 1),
                                                       Sample("forward", "cuda:1", 2),
                                                       Sample("backward", "cpu", std::nullopt)};
  const std::vector<traceml::PhaseSampleView> second = {Sample("forward", "cuda:0", 1)};
  StepLayout layout;
  LayOutStep(first, kEnd, layout);
  LayOutStep(second, 2 * kEnd, layout);
  EXPECT_EQ(Interval(layout.interval), "1999000000..2000000000");
  EXPECT_EQ(layout.phases.size(), 1u);
  EXPECT_TRUE(layout.devices.empty());
  EXPECT_TRUE(layout.unplaced.empty());
}

}  // namespace
}  // namespace tracedoc::traceml_convert
