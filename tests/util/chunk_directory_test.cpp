// The chunk directory on its own (issue 43): the numbers it hands out, the ref no string has, and
// the three forms of an entry (short prefix, long prefix, a string named where it lies).
#include "util/chunk_directory.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tracedoc::util {
namespace {

TEST(ChunkDirectoryTest, NoStringEverStartsAtTheNoStringRef) {
  ChunkDirectory directory;
  char base[8] = {};
  for (std::size_t i = 0; i < ChunkDirectory::kMostChunks; ++i) {
    const std::optional<std::uint32_t> number = directory.Register(base);
    ASSERT_TRUE(number);
    ASSERT_NE(ChunkDirectory::RefOf(*number, ChunkDirectory::kOffsetMask), kNoString);
  }
  EXPECT_FALSE(directory.Register(base)) << "the last number is kept back";
}

TEST(ChunkDirectoryTest, EachEntryFormReadsBackItsString) {
  ChunkDirectory directory;
  std::vector<char> chunk(4096);
  const std::optional<std::uint32_t> number = directory.Register(chunk.data());
  ASSERT_TRUE(number);
  const std::string short_text(253, 's');
  const std::string long_text(254, 'l');
  const std::string elsewhere = "kept where it lies";
  ChunkDirectory::Write(chunk.data(), short_text);
  const std::size_t long_at = 1 + short_text.size();
  ChunkDirectory::Write(chunk.data() + long_at, long_text);
  const std::size_t indirect_at = long_at + ChunkDirectory::PrefixBytes(long_text.size()) +
                                  long_text.size();
  ChunkDirectory::WriteIndirect(chunk.data() + indirect_at, elsewhere);

  EXPECT_EQ(ChunkDirectory::PrefixBytes(253), 1u);
  EXPECT_EQ(ChunkDirectory::PrefixBytes(254), 5u);
  EXPECT_EQ(directory.View(ChunkDirectory::RefOf(*number, 0)), short_text);
  EXPECT_EQ(directory.View(ChunkDirectory::RefOf(*number, long_at)), long_text);
  const std::string_view named = directory.View(ChunkDirectory::RefOf(*number, indirect_at));
  EXPECT_EQ(named, elsewhere);
  EXPECT_EQ(named.data(), elsewhere.data()) << "not a copy";
}

TEST(ChunkDirectoryTest, ASmallerCapacityRefusesPastIt) {
  ChunkDirectory directory(2);
  char base[1] = {};
  EXPECT_EQ(directory.Register(base), std::optional<std::uint32_t>(0));
  EXPECT_EQ(directory.Register(base), std::optional<std::uint32_t>(1));
  EXPECT_FALSE(directory.Register(base));
}

}  // namespace
}  // namespace tracedoc::util
