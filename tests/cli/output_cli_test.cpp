// `-o OUT` on the command line (export, report, upgrade, import): written like a careful shell
// redirection, in one place (tracedoc/output_file.hpp), whatever OUT is.
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/trace_generator.hpp"
#include "support/cli_fixture.hpp"

namespace tracedoc::testdata {
namespace {

using ::testing::HasSubstr;

class OutputCliTest : public CliFixture {
 protected:
  void SetUp() override {
    CliFixture::SetUp();
    WriteFile("in.jsonl", ReadFileBytes(TRACEDOC_SOURCE_DIR "/examples/valid.jsonl"));
  }
  std::string Tracedoc() const { return ShellQuote(TRACEDOC_CLI_PATH); }
};

TEST_F(OutputCliTest, EveryCommandWithOutputWritesARegularFileWhole) {
  for (const std::string command : {"export --format chrome", "report", "upgrade", "import"}) {
    SCOPED_TRACE(command);
    std::ofstream(dir_ / "out") << "old";
    const std::string input = command == "import"
                                  ? ShellQuote(TRACEDOC_SOURCE_DIR "/examples/cirron/.cirron")
                                  : "in.jsonl";
    const RunResult result = Run(command + " " + input + " -o out");
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.out, "");
    EXPECT_GT(ReadFileBytes(dir_ / "out").size(), 100u);
    // Nothing beside it: no temporary left.
    std::size_t entries = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
      (void)entry;
      ++entries;
    }
    EXPECT_EQ(entries, 4u);  // in.jsonl, out, and the fixture's stdout.txt and stderr.txt
  }
}

TEST_F(OutputCliTest, ALinkToStandardOutputWritesStandardOutput) {
  std::filesystem::create_symlink("/proc/self/fd/1", dir_ / "stdout");
  const RunResult result = Run("upgrade in.jsonl -o stdout");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, Run("upgrade in.jsonl").out);
  EXPECT_TRUE(std::filesystem::is_symlink(dir_ / "stdout"));
}

TEST_F(OutputCliTest, ALinkPlantedAtTheOldTemporaryNameIsNotFollowed) {
  WriteFile("victim", "victim");
  const RunResult result = RunShell("sh -c 'ln -s victim out.tmp.$$; exec " + Tracedoc() +
                                    " report in.jsonl -o out'");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(ReadFileBytes(dir_ / "victim"), "victim");
  EXPECT_THAT(ReadFileBytes(dir_ / "out"), HasSubstr("<html"));
}

TEST_F(OutputCliTest, ARejectedInputLeavesOutAsItWas) {
  WriteFile("out", "kept");
  WriteFile("bad.jsonl", "{\"kind\":\"meta\"\n");
  const RunResult result = Run("export --format chrome bad.jsonl -o out");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(ReadFileBytes(dir_ / "out"), "kept");
}

TEST_F(OutputCliTest, OutMayBeTheInputItself) {
  const RunResult result = Run("upgrade in.jsonl -o in.jsonl");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(Run("validate in.jsonl").exit_code, 0);
  EXPECT_EQ(ReadFileBytes(dir_ / "in.jsonl"), Run("cat in.jsonl").out);
}

TEST_F(OutputCliTest, AFifoIsWrittenInPlace) {
  ASSERT_EQ(::mkfifo((dir_ / "fifo").c_str(), 0600), 0);
  // One shell, in the test's directory, for the reader and the writer both.
  const RunResult result = RunShell(
      "sh -c " + ShellQuote("cat fifo > received & " + Tracedoc() + " upgrade in.jsonl -o fifo; wait"));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(ReadFileBytes(dir_ / "received"), Run("upgrade in.jsonl").out);
  struct stat status {};
  ASSERT_EQ(::lstat((dir_ / "fifo").c_str(), &status), 0);
  EXPECT_TRUE(S_ISFIFO(status.st_mode));
}

// At scale: a 10^5-event trace's Chrome export, megabytes long, arrives whole through a FIFO
// (many writes, a reader slower than the writer) and through a regular file, the same bytes as
// on standard output.
TEST_F(OutputCliTest, AnExportOf100kEventsArrivesWholeThroughAFifoAndAFile) {
  WriteFile("big.jsonl", generator::GenerateTrace(100'000, 26));
  const RunResult direct = Run("export --format chrome big.jsonl");
  ASSERT_EQ(direct.exit_code, 0) << direct.err;
  ASSERT_GT(direct.out.size(), std::size_t{4} << 20);
  ASSERT_EQ(::mkfifo((dir_ / "fifo").c_str(), 0600), 0);
  const RunResult piped = RunShell("sh -c " + ShellQuote("cat fifo > received & " + Tracedoc() +
                                                         " export --format chrome big.jsonl -o "
                                                         "fifo; wait"));
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_TRUE(ReadFileBytes(dir_ / "received") == direct.out);
  const RunResult file = Run("export --format chrome big.jsonl -o out.json");
  ASSERT_EQ(file.exit_code, 0) << file.err;
  EXPECT_TRUE(ReadFileBytes(dir_ / "out.json") == direct.out);
}

// Twins of /dev/full and /dev/null, where this test may make device files (as root in CI).
TEST_F(OutputCliTest, DevicesAreWrittenInPlaceAndAFullOneIsExit2) {
  if (::mknod((dir_ / "full").c_str(), S_IFCHR | 0600, ::makedev(1, 7)) != 0 ||
      ::mknod((dir_ / "null").c_str(), S_IFCHR | 0600, ::makedev(1, 3)) != 0) {
    GTEST_SKIP() << "cannot make device files here";
  }
  const RunResult full = Run("report in.jsonl -o full");
  EXPECT_EQ(full.exit_code, 2);
  EXPECT_THAT(full.err, HasSubstr("tracedoc report: cannot write full: No space left"));
  const RunResult null = Run("export --format chrome in.jsonl -o null");
  EXPECT_EQ(null.exit_code, 0) << null.err;
  for (const std::string device : {"full", "null"}) {
    struct stat status {};
    ASSERT_EQ(::lstat((dir_ / device).c_str(), &status), 0);
    EXPECT_TRUE(S_ISCHR(status.st_mode)) << device << " was replaced";
  }
}

}  // namespace
}  // namespace tracedoc::testdata
