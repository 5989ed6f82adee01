// Every command stays within twice its input plus 64 MiB of peak memory, and answers, on inputs
// built to make it do otherwise (issue 12). Measured on the real binary in a child process.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <system_error>

#include "hostile/hostile_inputs.hpp"
#include "hostile/measured_run.hpp"

namespace tracedoc::hostile {
namespace {

// Far above what any of these takes when linear (a few seconds), far below what a quadratic
// cost takes on them (minutes to hours).
constexpr double kTimeoutSeconds = 90;

class HostileBoundsTest : public ::testing::TestWithParam<HostileCase> {};

TEST_P(HostileBoundsTest, StaysWithinTwiceTheInputPlus64MiB) {
#ifdef TRACEDOC_SANITIZED
  GTEST_SKIP() << "sanitizer runtimes change what peak memory means";
#endif
  const HostileCase& hostile = GetParam();
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("tracedoc_hostile_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::filesystem::path input = dir / (hostile.name + ".jsonl");
  {
    FileWriter out(input);
    hostile.write(out);
    ASSERT_TRUE(out.ok()) << input;
  }
  const std::uint64_t input_bytes = std::filesystem::file_size(input);
  const std::uint64_t bound = MemoryBoundFor(input_bytes);
  for (const std::string& command : hostile.commands) {
    SCOPED_TRACE(command);
    std::vector<std::string> arguments = {command};
    arguments.insert(arguments.end(), hostile.extra_arguments.begin(),
                     hostile.extra_arguments.end());
    arguments.push_back(input.string());
    const MeasuredRun run = RunMeasured(arguments, kTimeoutSeconds);
    EXPECT_EQ(run.exit_code, 0) << run.stderr_head << " (after " << run.seconds << " s)";
    EXPECT_LE(run.peak_rss_bytes, bound)
        << "peak " << (run.peak_rss_bytes >> 20) << " MiB on " << (input_bytes >> 20)
        << " MiB of input, bound " << (bound >> 20) << " MiB";
    // The figures for the README's reliability table.
    std::printf("[hostile] %-36s %-9s input %8.1f MiB  peak %8.1f MiB  %6.2f s  out %llu B\n",
                hostile.name.c_str(), command.c_str(), input_bytes / 1048576.0,
                run.peak_rss_bytes / 1048576.0, run.seconds,
                static_cast<unsigned long long>(run.stdout_bytes));
  }
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
}

INSTANTIATE_TEST_SUITE_P(Issue12, HostileBoundsTest, ::testing::ValuesIn(HostileCases()),
                         [](const ::testing::TestParamInfo<HostileCase>& info) {
                           return info.param.name;
                         });

}  // namespace
}  // namespace tracedoc::hostile
