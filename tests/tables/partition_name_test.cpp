// Run ids as partition directory names: one-to-one, inside DIR, bounded, whatever the id.
#include "tables/partition_name.hpp"

#include <filesystem>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "support/temp_dir.hpp"

namespace tracedoc::tables {
namespace {

TEST(PartitionName, KeepsPlainIdsAndEscapesEverythingElse) {
  EXPECT_EQ(PartitionDirectoryName("run-7.a"), "run_id=run-7.a");
  EXPECT_EQ(EscapeRunIdForPath("../x"), "..%2Fx");
  EXPECT_EQ(EscapeRunIdForPath("/"), "%2F");
  EXPECT_EQ(EscapeRunIdForPath("a_b=c%d"), "a%5Fb%3Dc%25d");
  EXPECT_EQ(EscapeRunIdForPath("\xC3\xA9\xF0\x9F\x98\x80"), "%C3%A9%F0%9F%98%80");
  // Not UTF-8 at all: still one escape per byte.
  EXPECT_EQ(EscapeRunIdForPath("\xFF\x80 \x7F"), "%FF%80%20%7F");
  EXPECT_EQ(EscapeRunIdForPath(""), kEmptyRunIdName);
  EXPECT_EQ(EscapeRunIdForPath("__HIVE_DEFAULT_PARTITION__"),
            "%5F%5FHIVE%5FDEFAULT%5FPARTITION%5F%5F");
}

TEST(PartitionName, DotsNeverNameTheDirectoryOrItsParent) {
  for (const std::string id : {".", "..", "./..", "../../etc"}) {
    const std::string name = PartitionDirectoryName(id);
    EXPECT_NE(name, ".");
    EXPECT_NE(name, "..");
    EXPECT_EQ(name.find('/'), std::string::npos) << name;
  }
}

TEST(PartitionName, LongIdsAreCutAtAnEscapeAndGivenADigest) {
  const std::string whole(kMaxEscapedRunIdBytes, 'a');
  EXPECT_EQ(EscapeRunIdForPath(whole), whole);
  const std::string longer = whole + "a";
  const std::string cut = EscapeRunIdForPath(longer);
  ASSERT_EQ(cut.size(), kKeptEscapedRunIdBytes + 1 + 32);
  EXPECT_EQ(cut.substr(0, kKeptEscapedRunIdBytes), whole.substr(0, kKeptEscapedRunIdBytes));
  EXPECT_EQ(cut[kKeptEscapedRunIdBytes], '~');
  // Same prefix, another id: another digest.
  EXPECT_NE(EscapeRunIdForPath(whole + "b"), cut);
  // Escapes of three bytes never split: 127 plain bytes then `/` would cut `%2F` after its `%`.
  const std::string split = std::string(127, 'a') + std::string(100, '/');
  const std::string split_cut = EscapeRunIdForPath(split);
  EXPECT_EQ(split_cut.substr(0, 128), std::string(127, 'a') + "~");
  const std::string split_two = std::string(126, 'a') + std::string(100, '/');
  EXPECT_EQ(EscapeRunIdForPath(split_two).substr(0, 127), std::string(126, 'a') + "~");
  // A huge id costs its bound: the name stays short.
  EXPECT_LE(PartitionDirectoryName(std::string(10'000'000, '/')).size(), 168u);
}

TEST(PartitionName, DistinctHostileIdsGetDistinctDirectoriesInsideDir) {
  testing_support::TestTempDir dir;
  const std::set<std::string> ids = {"",      ".",        "..",          "../x",
                                     "/",     "a/b",      "a%2Fb",       "%",
                                     "run_1", "run%5F1",  "\xC3\xA9",    "\t\n",
                                     std::string(300, 'x'), std::string(299, 'x') + "y",
                                     std::string(1000, '\xE2')};
  std::set<std::string> names;
  for (const std::string& id : ids) {
    const std::string name = PartitionDirectoryName(id);
    ASSERT_LE(name.size(), 168u);
    names.insert(name);
    const std::filesystem::path made = dir.path() / name;
    std::filesystem::create_directory(made);
    EXPECT_EQ(std::filesystem::canonical(made).parent_path(),
              std::filesystem::canonical(dir.path()));
  }
  EXPECT_EQ(names.size(), ids.size());
  EXPECT_EQ(static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir.path()),
                                                   std::filesystem::directory_iterator())),
            ids.size());
}

}  // namespace
}  // namespace tracedoc::tables
