// OutputFile (tracedoc/output_file.hpp): a regular file replaced whole or not at all, through a
// temporary nobody can plant; anything else written in place; write errors reported by name.
#include "tracedoc/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cli_fixture.hpp"
#include "support/matchers.hpp"

namespace tracedoc {
namespace {

using testdata::ReadFileBytes;
using testing_support::FailsWithCode;
using ::testing::HasSubstr;

class OutputFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(::testing::TempDir()) /
           ("tracedoc_output_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // What the directory holds: a temporary left behind would show here.
  std::size_t Entries() const {
    return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir_),
                                                  std::filesystem::directory_iterator()));
  }

  static Result<void> Write(const std::filesystem::path& path, const std::string& text) {
    BOOST_OUTCOME_TRY(OutputFile out, OutputFile::Open(path));
    out.stream() << text;
    return std::move(out).Commit();
  }

  std::filesystem::path dir_;
};

TEST_F(OutputFileTest, ANewFileAppearsWholeOnCommit) {
  const std::filesystem::path path = dir_ / "out.json";
  Result<OutputFile> out = OutputFile::Open(path);
  ASSERT_TRUE(out.has_value()) << out.error().message;
  EXPECT_FALSE(out.value().in_place());
  out.value().stream() << std::string(200000, 'x');
  // Until the commit the path does not exist: a reader never sees half of it.
  EXPECT_FALSE(std::filesystem::exists(path));
  ASSERT_TRUE(std::move(out.value()).Commit().has_value());
  EXPECT_EQ(ReadFileBytes(path), std::string(200000, 'x'));
  EXPECT_EQ(Entries(), 1u);
}

TEST_F(OutputFileTest, AnExistingFileIsReplacedWithItsModeKept) {
  const std::filesystem::path path = dir_ / "out.json";
  std::ofstream(path) << "old";
  ::chmod(path.c_str(), 0640);
  ASSERT_TRUE(Write(path, "new").has_value());
  EXPECT_EQ(ReadFileBytes(path), "new");
  struct stat status {};
  ASSERT_EQ(::stat(path.c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 0777, 0640u);
  EXPECT_EQ(Entries(), 1u);
}

TEST_F(OutputFileTest, AnOutputNotCommittedLeavesThePathAsItWas) {
  const std::filesystem::path path = dir_ / "out.json";
  std::ofstream(path) << "kept";
  {
    Result<OutputFile> out = OutputFile::Open(path);
    ASSERT_TRUE(out.has_value());
    out.value().stream() << "half";
  }
  EXPECT_EQ(ReadFileBytes(path), "kept");
  EXPECT_EQ(Entries(), 1u);  // the temporary is gone
}

TEST_F(OutputFileTest, ADirectoryOrAMissingDirectoryIsAnIoErrorNamingThePath) {
  const Result<OutputFile> directory = OutputFile::Open(dir_);
  ASSERT_THAT(directory, FailsWithCode(ErrorCode::kIoError));
  EXPECT_THAT(directory.error().message, HasSubstr(dir_.string()));
  EXPECT_THAT(OutputFile::Open(dir_ / "missing" / "out.json"),
              FailsWithCode(ErrorCode::kIoError));
}

// A link planted where the old code put its temporary (`OUT.tmp.<pid>`) is never followed: the
// temporary's name is unguessable and created exclusively.
TEST_F(OutputFileTest, APlantedLinkAtTheOldTemporaryNameIsNotFollowed) {
  const std::filesystem::path victim = dir_ / "victim";
  std::ofstream(victim) << "victim";
  const std::filesystem::path path = dir_ / "out.json";
  std::filesystem::create_symlink(victim, dir_ / ("out.json.tmp." + std::to_string(::getpid())));
  ASSERT_TRUE(Write(path, "output").has_value());
  EXPECT_EQ(ReadFileBytes(victim), "victim");
  EXPECT_EQ(ReadFileBytes(path), "output");
}

TEST_F(OutputFileTest, ALinkToARegularFileReplacesItsTargetAndStays) {
  const std::filesystem::path target = dir_ / "target.json";
  std::ofstream(target) << "old";
  const std::filesystem::path link = dir_ / "link.json";
  std::filesystem::create_symlink(target, link);
  ASSERT_TRUE(Write(link, "new").has_value());
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  EXPECT_EQ(ReadFileBytes(target), "new");
}

TEST_F(OutputFileTest, AFifoIsWrittenInPlace) {
  const std::filesystem::path fifo = dir_ / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] {
    std::ifstream in(fifo, std::ios::binary);
    received.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  });
  Result<OutputFile> out = OutputFile::Open(fifo);
  ASSERT_TRUE(out.has_value()) << out.error().message;
  EXPECT_TRUE(out.value().in_place());
  out.value().stream() << "through the fifo";
  EXPECT_TRUE(std::move(out.value()).Commit().has_value());
  reader.join();
  EXPECT_EQ(received, "through the fifo");
  struct stat status {};
  ASSERT_EQ(::lstat(fifo.c_str(), &status), 0);
  EXPECT_TRUE(S_ISFIFO(status.st_mode));  // still a FIFO, not replaced by a file
}

TEST_F(OutputFileTest, AReaderThatGoesAwayIsAWriteErrorNamingThePath) {
  const std::filesystem::path fifo = dir_ / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::thread reader([&] {
    const int fd = ::open(fifo.c_str(), O_RDONLY);
    char byte;
    (void)::read(fd, &byte, 1);
    ::close(fd);  // gone after one byte
  });
  // SIGPIPE ignored, as the command line does: the write fails with EPIPE instead.
  const auto previous = std::signal(SIGPIPE, SIG_IGN);
  Result<OutputFile> out = OutputFile::Open(fifo);
  ASSERT_TRUE(out.has_value());
  out.value().stream() << std::string(8 << 20, 'x');
  const Result<void> committed = std::move(out.value()).Commit();
  std::signal(SIGPIPE, previous);
  reader.join();
  ASSERT_THAT(committed, FailsWithCode(ErrorCode::kIoError));
  EXPECT_THAT(committed.error().message, HasSubstr(fifo.string()));
}

// A twin of /dev/full (needs the right to make device files, as root in CI): every write fails
// with ENOSPC, reported as the io_error of the path; the device stays a device.
TEST_F(OutputFileTest, AFullDeviceIsAWriteErrorAndStaysADevice) {
  const std::filesystem::path full = dir_ / "full";
  if (::mknod(full.c_str(), S_IFCHR | 0600, ::makedev(1, 7)) != 0) {
    GTEST_SKIP() << "cannot make a device file here";
  }
  const Result<void> written = Write(full, "anything");
  ASSERT_THAT(written, FailsWithCode(ErrorCode::kIoError));
  EXPECT_THAT(written.error().message, HasSubstr("No space left"));
  struct stat status {};
  ASSERT_EQ(::lstat(full.c_str(), &status), 0);
  EXPECT_TRUE(S_ISCHR(status.st_mode));
}

}  // namespace
}  // namespace tracedoc
