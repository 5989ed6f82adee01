// Steps of converted TraceML runs (docs/diff.md §5): step time per rank and step, from the
// documents' ConvertedFacts; the two-rank export's steps are 7.5, 1.25 and 2.5 ms
// (tests/traceml_convert).
#include <gtest/gtest.h>

#include "support/traceml_two_rank_export.hpp"
#include "tracedoc/diff.hpp"

namespace tracedoc {
namespace {

TraceDocument Converted(const TraceMLExport& source) {
  Result<TraceDocument> document = testing::ConvertTraceML(source);
  EXPECT_TRUE(document.has_value()) << (document ? "" : document.error().message);
  return std::move(document).value();
}

TEST(DiffSteps, AConvertedRunAgainstItselfHasNoStepChanges) {
  const TraceDocument run = Converted(testing::TwoRankExport());
  EXPECT_TRUE(DiffTraces(run, run).empty());
  const TraceDiff every = DiffTraces(run, run, {.include_unchanged = true});
  EXPECT_EQ(every.steps, (std::vector<StepChange>{{0, 1, {7'500'000, 7'500'000}},
                                                  {0, 2, {1'250'000, 1'250'000}},
                                                  {1, 1, {2'500'000, 2'500'000}}}));
}

TEST(DiffSteps, ASlowerBackwardMakesItsStepSlower) {
  TraceMLExport slower = testing::TwoRankExport();
  // Rank 0, step 1: backward 4.5 → 6 ms, so the step takes 9 ms instead of 7.5.
  TraceMLPhaseSample& backward = slower.step_time[0].events[1];
  backward.duration_ms = backward.cpu_ms = backward.gpu_ms = 6.0;
  const TraceDiff diff = DiffTraces(Converted(testing::TwoRankExport()), Converted(slower));
  EXPECT_EQ(diff.steps, (std::vector<StepChange>{{0, 1, {7'500'000, 9'000'000}}}));
  EXPECT_EQ(diff.steps[0].duration_ns.delta(), 1'500'000);
  EXPECT_EQ(diff.steps[0].duration_ns.ratio(), 1.2);
}

}  // namespace
}  // namespace tracedoc
