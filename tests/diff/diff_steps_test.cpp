// Steps of converted TraceML runs and Cirron spools (docs/diff.md §5): step time per rank and
// step, from the documents' ConvertedFacts; the two-rank export's steps are 7.5, 1.25 and 2.5 ms
// (tests/traceml_convert).
#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

#include "support/cirron_spool_writer.hpp"
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

// A spool of 2 epochs of 3 steps: its steps are numbered 0..5 in start order (the spool's own
// index restarts in each epoch), so a slower fifth step is step 4 of rank 0.
TEST(DiffSteps, ASlowerStepOfACirronSpoolIsItsStepInStartOrder) {
  testing_support::CirronSpoolPlan plan;
  plan.seed = 11;
  plan.epochs = 2;
  plan.steps_per_epoch = 3;
  CirronSpool base;
  base.batches = testing_support::GenerateCirronSpool(plan).batches;
  CirronSpool slower = base;
  std::vector<CirronSpan*> steps;
  for (CirronBatch& batch : slower.batches) {
    for (CirronSpan& span : batch.spans) {
      if (span.name == "step") steps.push_back(&span);
    }
  }
  ASSERT_EQ(steps.size(), 6u);
  std::sort(steps.begin(), steps.end(),
            [](const CirronSpan* a, const CirronSpan* b) { return a->start_ns < b->start_ns; });
  const std::uint64_t before = steps[4]->end_ns - steps[4]->start_ns;
  steps[4]->end_ns += 1000;
  const Result<TraceDocument> a = testing_support::ConvertTypedSpool(base);
  const Result<TraceDocument> b = testing_support::ConvertTypedSpool(slower);
  ASSERT_TRUE(a.has_value() && b.has_value());
  EXPECT_EQ(a.value().converted_facts().steps.size(), 6u);
  const TraceDiff diff = DiffTraces(a.value(), b.value());
  EXPECT_EQ(diff.steps, (std::vector<StepChange>{{0, 4, {before, before + 1000}}}));
}

}  // namespace
}  // namespace tracedoc
