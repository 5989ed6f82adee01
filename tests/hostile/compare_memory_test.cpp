// `tracedoc compare` streams its runs (issue 42, item 1; docs/compare.md, "Streaming"): each
// run is read, reduced to its facts and totals, and dropped, so peak memory is the largest run
// plus a fixed figure per run, however many runs and however often one file is listed. Measured
// on the real binary in a child process (wait4's ru_maxrss).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "hostile/hostile_inputs.hpp"
#include "hostile/measured_run.hpp"
#include "hostile/scratch_dir.hpp"
#include "support/cohort_runs.hpp"
#include "support/trace_generator.hpp"

namespace tracedoc::hostile {
namespace {

constexpr double kTimeoutSeconds = 120;

// docs/compare.md's bound: 1.2 × the largest input + 64 MiB + per run 1 KiB and 12 bytes per
// distinct op name and span path beyond the first few (at most `names_per_run`).
std::uint64_t CompareBound(std::uint64_t largest_input, std::uint64_t runs,
                           std::uint64_t names_per_run = 0) {
  return largest_input + largest_input / 5 + (std::uint64_t{64} << 20) +
         runs * (1024 + 12 * names_per_run);
}

void PrintFigures(std::string_view what, std::uint64_t input_bytes, const MeasuredRun& run) {
  std::printf("[hostile] compare %-34s input %8.2f MiB  peak %8.1f MiB  %6.2f s\n",
              std::string(what).c_str(), input_bytes / 1048576.0, run.peak_rss_bytes / 1048576.0,
              run.seconds);
}

// A `compare` command line whose runs are written into a folder as they are added, with the
// sizes the bound is computed from.
struct CompareInputs {
  std::filesystem::path dir;
  std::vector<std::string> arguments = {"compare", "--json", "--resamples", "1000"};
  std::uint64_t input_bytes = 0;
  std::uint64_t largest = 0;

  // Writes `text` as the run `name`, next in the cohort of the last --baseline or --candidate.
  bool Add(const std::string& name, const std::string& text) {
    const std::filesystem::path path = dir / (name + ".jsonl");
    FileWriter out(path);
    out.Put(text);
    input_bytes += text.size();
    largest = std::max<std::uint64_t>(largest, text.size());
    arguments.push_back(path.string());
    return out.ok();
  }
};

// `runs` tiny runs a side (one measured span, two ops: about 1.5 KB each), compared. Before
// streaming, every run was held whole, about 0.5 MiB each: 825 MiB at 800 runs a side.
void CompareTinyRuns(std::size_t runs) {
#ifdef TRACEDOC_SANITIZED
  GTEST_SKIP() << "sanitizer runtimes change what peak memory means";
#endif
  const ScratchDir dir;
  CompareInputs inputs{dir.path()};
  for (const std::string side : {"a", "b"}) {
    inputs.arguments.push_back(side == "a" ? "--baseline" : "--candidate");
    for (std::size_t i = 0; i < runs; ++i) {
      const auto at = static_cast<std::uint64_t>(i);
      const std::string name = side + std::to_string(i);
      ASSERT_TRUE(inputs.Add(name, testing::CohortRunJsonl(
                                       {.run_id = name, .measured_ns = 1'000'000 + at % 97,
                                        .ops = {{"matmul", 40'000 + at % 89},
                                                {"relu", 4'000 + at % 13}}})));
    }
  }
  const MeasuredRun run = RunMeasured(inputs.arguments, kTimeoutSeconds);
  PrintFigures(std::to_string(runs) + " tiny runs a side", inputs.input_bytes, run);
  EXPECT_EQ(run.exit_code, 0) << run.stderr_head;
  EXPECT_GT(run.stdout_bytes, 0u);
  EXPECT_LT(run.peak_rss_bytes, CompareBound(inputs.largest, 2 * runs));
}

TEST(CompareMemoryTest, EightHundredTinyRunsASideCostTheirPerRunFigure) { CompareTinyRuns(800); }

TEST(CompareMemoryTest, ThirtyTwoHundredTinyRunsASideCostTheirPerRunFigure) {
  CompareTinyRuns(3200);
}

// One file of about 300 KB (1,300 ops) listed 1,000 times a side: ineligible (the run ids
// repeat), but every run is read to say how many break the rule. Before streaming: 1.3 GB.
TEST(CompareMemoryTest, OneFileListedAThousandTimesASideIsHeldOnceAtATime) {
#ifdef TRACEDOC_SANITIZED
  GTEST_SKIP() << "sanitizer runtimes change what peak memory means";
#endif
  const ScratchDir dir;
  testing::CohortRun big{.run_id = "one"};
  for (int i = 0; i < 1300; ++i) big.ops.emplace_back("op" + std::to_string(i % 20), 100 + i % 7);
  const std::string text = testing::CohortRunJsonl(big);
  const std::filesystem::path path = dir.path() / "one.jsonl";
  {
    FileWriter out(path);
    out.Put(text);
    ASSERT_TRUE(out.ok()) << path;
  }
  ASSERT_GT(text.size(), 250'000u);
  std::vector<std::string> arguments = {"compare", "--json", "--baseline"};
  for (int i = 0; i < 1000; ++i) arguments.push_back(path.string());
  arguments.push_back("--candidate");
  for (int i = 0; i < 1000; ++i) arguments.push_back(path.string());
  const MeasuredRun run = RunMeasured(arguments, kTimeoutSeconds);
  PrintFigures("one 300 KB file 1,000 times a side", 2000 * text.size(), run);
  EXPECT_EQ(run.exit_code, 0) << run.stderr_head;
  EXPECT_LT(run.peak_rss_bytes, CompareBound(text.size(), 2000));
}

// 200 generated runs of 1,000 records a side (66 MB): before streaming 264 MiB, over the
// 139 MiB the bound then allowed. Their span paths and op names are many (at most one per
// record), each kept as 12 bytes per run.
TEST(CompareMemoryTest, TwoHundredRunsOfAThousandRecordsASideStayWithinTheBound) {
#ifdef TRACEDOC_SANITIZED
  GTEST_SKIP() << "sanitizer runtimes change what peak memory means";
#endif
  const ScratchDir dir;
  CompareInputs inputs{dir.path()};
  inputs.arguments.push_back("--baseline");
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    if (seed == 201) inputs.arguments.push_back("--candidate");
    ASSERT_TRUE(inputs.Add("run" + std::to_string(seed), generator::GenerateTrace(1000, seed)));
  }
  const MeasuredRun run = RunMeasured(inputs.arguments, kTimeoutSeconds);
  PrintFigures("200 runs of 1k records a side", inputs.input_bytes, run);
  EXPECT_EQ(run.exit_code, 0) << run.stderr_head;
  EXPECT_LT(run.peak_rss_bytes, CompareBound(inputs.largest, 400, 1000));
  EXPECT_LT(run.peak_rss_bytes, std::uint64_t{139} << 20);
}

}  // namespace
}  // namespace tracedoc::hostile
