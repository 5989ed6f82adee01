// Every command stays within twice its input plus 64 MiB of peak memory, and answers, on inputs
// built to make it do otherwise (issue 12). Measured on the real binary in a child process.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <set>
#include <string_view>

#include "hostile/colliding_ids.hpp"
#include "hostile/hostile_inputs.hpp"
#include "hostile/measured_run.hpp"
#include "hostile/scratch_dir.hpp"

namespace tracedoc::hostile {
namespace {

// Far above what any of these takes when linear (a few seconds), far below what a quadratic
// cost takes on them (minutes to hours).
constexpr double kTimeoutSeconds = 90;

void PrintFigures(std::string_view name, std::string_view what, std::uint64_t input_bytes,
                  const MeasuredRun& run) {
  std::printf("[hostile] %-36s %-9s input %8.1f MiB  peak %8.1f MiB  %6.2f s  out %llu B\n",
              std::string(name).c_str(), std::string(what).c_str(), input_bytes / 1048576.0,
              run.peak_rss_bytes / 1048576.0, run.seconds,
              static_cast<unsigned long long>(run.stdout_bytes));
}

class HostileBoundsTest : public ::testing::TestWithParam<HostileCase> {};

TEST_P(HostileBoundsTest, StaysWithinTwiceTheInputPlus64MiB) {
#ifdef TRACEDOC_SANITIZED
  GTEST_SKIP() << "sanitizer runtimes change what peak memory means";
#endif
  const HostileCase& hostile = GetParam();
  const ScratchDir dir;
  const std::filesystem::path input = dir.path() / (hostile.name + ".jsonl");
  {
    FileWriter out(input);
    hostile.write(out);
    ASSERT_TRUE(out.ok()) << input;
  }
  const std::uint64_t input_bytes = std::filesystem::file_size(input);
  const std::uint64_t input_bound = MemoryBoundFor(input_bytes, hostile.input_multiple);
  const std::uint64_t bound =
      hostile.peak_cap_bytes != 0 ? std::min(input_bound, hostile.peak_cap_bytes) : input_bound;
  for (const std::string& command : hostile.commands) {
    SCOPED_TRACE(command);
    // A command may carry its own options (`export --format chrome`).
    std::vector<std::string> arguments;
    for (std::size_t at = 0; at <= command.size();) {
      const std::size_t space = std::min(command.find(' ', at), command.size());
      arguments.push_back(command.substr(at, space - at));
      at = space + 1;
    }
    arguments.insert(arguments.end(), hostile.extra_arguments.begin(),
                     hostile.extra_arguments.end());
    arguments.push_back(input.string());
    const MeasuredRun run = RunMeasured(arguments, kTimeoutSeconds);
    EXPECT_EQ(run.exit_code, 0) << run.stderr_head << " (after " << run.seconds << " s)";
    EXPECT_LE(run.peak_rss_bytes, bound)
        << "peak " << (run.peak_rss_bytes >> 20) << " MiB on " << (input_bytes >> 20)
        << " MiB of input, bound " << (bound >> 20) << " MiB";
    if (hostile.max_seconds != 0) {
      EXPECT_LT(run.seconds, hostile.max_seconds);
    }
    for (const auto& [large_command, min_bytes] : hostile.min_stdout_bytes) {
      if (large_command == command) {
        EXPECT_GE(run.stdout_bytes, min_bytes);
      }
    }
    // The figures for docs/reliability.md's table of bounds.
    PrintFigures(hostile.name, command, input_bytes, run);
  }
}

INSTANTIATE_TEST_SUITE_P(Issue12, HostileBoundsTest, ::testing::ValuesIn(HostileCases()),
                         [](const ::testing::TestParamInfo<HostileCase>& info) {
                           return info.param.name;
                         });

// The attack inputs are what they claim: distinct printable ids that all collide fully under
// the hash they target.
TEST(CollidingIdsTest, CollideUnderTheOldUnseededHashBytes) {
  const std::vector<std::string> ids = IdsCollidingUnderOldHashBytes(1000);
  ASSERT_EQ(ids.size(), 1000u);
  EXPECT_EQ(std::set<std::string>(ids.begin(), ids.end()).size(), ids.size());
  for (const std::string& id : ids) {
    EXPECT_EQ(id.size(), 16u);
    EXPECT_EQ(OldHashBytes(id), OldHashBytes(ids.front())) << id;
    EXPECT_EQ(id.find_first_of("\"\\"), std::string::npos) << id;
  }
}

TEST(CollidingIdsTest, CollideUnderStdHash) {
  const std::vector<std::string> ids = IdsCollidingUnderStdHash(1000);
  ASSERT_EQ(ids.size(), 1000u);
  EXPECT_EQ(std::set<std::string>(ids.begin(), ids.end()).size(), ids.size());
  const std::hash<std::string_view> hash;
  for (const std::string& id : ids) {
    EXPECT_EQ(id.size(), 16u);
    EXPECT_EQ(hash(id), hash(ids.front())) << id;
    EXPECT_EQ(id.find_first_of("\"\\"), std::string::npos) << id;
  }
}

// F5: reading ahead within a byte budget, four threads cost about what one does on long lines
// (they used to hold ten blocks, i.e. ten lines, at once).
TEST(HostileThreadsTest, FourThreadsCostAboutWhatOneDoesOnLongLines) {
#ifdef TRACEDOC_SANITIZED
  GTEST_SKIP() << "sanitizer runtimes change what peak memory means";
#endif
  const ScratchDir dir;
  const std::filesystem::path input = dir.path() / "twelve_big_lines.jsonl";
  {
    FileWriter out(input);
    WriteTwelveBigLines(out, std::uint64_t{20} << 20);
    ASSERT_TRUE(out.ok()) << input;
  }
  const std::uint64_t input_bytes = std::filesystem::file_size(input);
  const MeasuredRun one =
      RunMeasured({"validate", "--threads", "1", input.string()}, kTimeoutSeconds);
  const MeasuredRun four =
      RunMeasured({"validate", "--threads", "4", input.string()}, kTimeoutSeconds);
  EXPECT_EQ(one.exit_code, 0) << one.stderr_head;
  EXPECT_EQ(four.exit_code, 0) << four.stderr_head;
  PrintFigures("twelve_big_lines", "threads=1", input_bytes, one);
  PrintFigures("twelve_big_lines", "threads=4", input_bytes, four);
  EXPECT_LE(four.peak_rss_bytes, one.peak_rss_bytes * 5 / 4 + (std::uint64_t{16} << 20))
      << "threads=4 peak " << (four.peak_rss_bytes >> 20) << " MiB, threads=1 "
      << (one.peak_rss_bytes >> 20) << " MiB";
}

}  // namespace
}  // namespace tracedoc::hostile
