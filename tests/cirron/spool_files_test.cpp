// Which files a spool path names and reading one within its bound (src/cirron/spool_files.hpp):
// a `.cirron` directory's spool/, a spool directory's files sorted by name with the writes in
// progress left out, or one batch file; io_error and limit_exceeded with what they name.
#include "cirron/spool_files.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/matchers.hpp"
#include "support/temp_dir.hpp"

namespace tracedoc::cirron {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing_support::TestTempDir;

std::vector<std::string> Names(const std::vector<SpoolFile>& files) {
  std::vector<std::string> names;
  for (const SpoolFile& file : files) names.push_back(file.name);
  return names;
}

TEST(SpoolFilesTest, ASpoolDirectorysFilesSortedByNameWithoutTemporaryOnes) {
  TestTempDir dir;
  dir.Write("spool/b.json", "{}");
  dir.Write("spool/a.json", "{}");
  dir.Write("spool/c.json.tmp", "{");
  dir.Write("spool/notes.txt", "x");  // any other file is listed: its name is checked later
  std::filesystem::create_directories(dir.path() / "spool" / "sub.json");  // not a file
  const auto files = ListSpoolFiles((dir.path() / "spool").string());
  ASSERT_THAT(files, Succeeds());
  EXPECT_THAT(Names(files.value()), ElementsAre("a.json", "b.json", "notes.txt"));
  EXPECT_EQ(files.value()[0].path, (dir.path() / "spool" / "a.json").string());
}

TEST(SpoolFilesTest, ACirronDirectoryIsReadThroughItsSpool) {
  TestTempDir dir;
  dir.Write(".cirron/spool/x.json", "{}");
  dir.Write(".cirron/config.json", "{}");  // beside the spool: not a batch
  const auto files = ListSpoolFiles((dir.path() / ".cirron").string());
  ASSERT_THAT(files, Succeeds());
  EXPECT_THAT(Names(files.value()), ElementsAre("x.json"));
  EXPECT_EQ(files.value()[0].path, (dir.path() / ".cirron" / "spool" / "x.json").string());
}

TEST(SpoolFilesTest, ARunDirectoryIsReadThroughItsCirronSpool) {
  TestTempDir dir;
  dir.Write("run/.cirron/spool/x.json", "{}");
  dir.Write("run/train.py", "");  // beside .cirron: not a batch
  const auto files = ListSpoolFiles((dir.path() / "run").string());
  ASSERT_THAT(files, Succeeds());
  EXPECT_THAT(Names(files.value()), ElementsAre("x.json"));
  EXPECT_EQ(files.value()[0].path, (dir.path() / "run" / ".cirron" / "spool" / "x.json").string());
}

TEST(SpoolFilesTest, OneFileIsASpoolOfOneBatch) {
  TestTempDir dir;
  const std::filesystem::path file = dir.Write("one.json", "{}");
  const auto files = ListSpoolFiles(file.string());
  ASSERT_THAT(files, Succeeds());
  ASSERT_EQ(files.value().size(), 1u);
  EXPECT_EQ(files.value()[0].name, "one.json");
  EXPECT_EQ(files.value()[0].path, file.string());
}

TEST(SpoolFilesTest, AnEmptyDirectoryHasNoFiles) {
  TestTempDir dir;
  const auto files = ListSpoolFiles(dir.path().string());
  ASSERT_THAT(files, Succeeds());
  EXPECT_TRUE(files.value().empty());
}

TEST(SpoolFilesTest, AMissingPathIsAnIoError) {
  TestTempDir dir;
  const std::string missing = (dir.path() / "nowhere").string();
  EXPECT_THAT(
      ListSpoolFiles(missing),
      FailsWithMessage(ErrorCode::kIoError, missing + ": not a spool directory or a batch file"));
}

TEST(SpoolFilesTest, ReadsAWholeFileUpToItsBound) {
  TestTempDir dir;
  const std::filesystem::path file = dir.Write("b.json", std::string("{\"a\":\0}", 7));
  const auto text = ReadWholeFile(file.string(), 7);
  ASSERT_THAT(text, Succeeds());
  EXPECT_EQ(text.value(), std::string("{\"a\":\0}", 7));  // bytes as they are, NUL included
  EXPECT_THAT(ReadWholeFile(file.string(), 6),
              FailsWithMessage(ErrorCode::kLimitExceeded,
                               file.string() + ": 7 bytes, above the batch bound of 6"));
}

TEST(SpoolFilesTest, AnEmptyFileIsEmptyText) {
  TestTempDir dir;
  const std::filesystem::path file = dir.Write("empty.json", "");
  const auto text = ReadWholeFile(file.string(), 0);
  ASSERT_THAT(text, Succeeds());
  EXPECT_EQ(text.value(), "");
}

TEST(SpoolFilesTest, ReadingAMissingFileIsAnIoErrorNamingIt) {
  TestTempDir dir;
  const std::string missing = (dir.path() / "gone.json").string();
  const auto text = ReadWholeFile(missing, 100);
  EXPECT_THAT(text, FailsWith(ErrorCode::kIoError));
  ASSERT_FALSE(text);
  EXPECT_THAT(text.error().message, HasSubstr(missing + ": "));
}

// A batch that is not a regular file (issue 42): its data would be lost in silence if skipped,
// and a FIFO opened for reading blocks until a writer comes. Each is an io_error naming it.
TEST(SpoolFilesTest, ABatchLinkedToADeviceIsAnIoErrorNamingIt) {
  TestTempDir dir;
  dir.Write("spool/00000000000000000001-0123456789abcdef0123456789abcdef.json", "{}");
  const std::filesystem::path link =
      dir.path() / "spool" / "00000000000000000002-0123456789abcdef0123456789abcdef.json";
  std::filesystem::create_symlink("/dev/zero", link);
  const auto files = ListSpoolFiles((dir.path() / "spool").string());
  EXPECT_THAT(files, FailsWith(ErrorCode::kIoError));
  ASSERT_FALSE(files);
  EXPECT_THAT(files.error().message, HasSubstr(link.string() + ": a spool's batch must be a regular file"));
}

TEST(SpoolFilesTest, ABatchThatIsAFifoIsRefusedWithoutBlocking) {
  TestTempDir dir;
  const std::filesystem::path fifo = dir.path() / "spool" / "b.json";
  std::filesystem::create_directories(fifo.parent_path());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto files = ListSpoolFiles((dir.path() / "spool").string());
  EXPECT_THAT(files, FailsWith(ErrorCode::kIoError));
  // Read directly (as if it became a FIFO after the listing): refused, not waited on.
  const auto text = ReadWholeFile(fifo.string(), 100);
  EXPECT_THAT(text, FailsWith(ErrorCode::kIoError));
  ASSERT_FALSE(text);
  EXPECT_THAT(text.error().message, HasSubstr("must be a regular file"));
}

TEST(SpoolFilesTest, ADirectoryInsideASpoolIsNoBatch) {
  TestTempDir dir;
  dir.Write("spool/a.json", "{}");
  dir.Write("spool/sub/x.json", "{}");
  const auto files = ListSpoolFiles((dir.path() / "spool").string());
  ASSERT_THAT(files, Succeeds());
  EXPECT_THAT(Names(files.value()), ElementsAre("a.json"));
}

}  // namespace
}  // namespace tracedoc::cirron
