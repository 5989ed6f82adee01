// util's owned block of raw memory (src/util/memory_chunk.hpp): heap below a whole number of huge
// pages, a mapping from there on that TrimTo gives back page by page, moves that leave the source
// empty, and the size of a growing store's next chunk.
#include "util/memory_chunk.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <string_view>
#include <utility>

#include "util/huge_pages.hpp"

namespace tracedoc::util {
namespace {

constexpr std::size_t kSmallPage = 4096;

TEST(MemoryChunkTest, AHeapChunkIsWritableAndKeepsItsSizeWhenTrimmed) {
  MemoryChunk chunk(100);
  ASSERT_NE(chunk.data(), nullptr);
  EXPECT_EQ(chunk.size(), 100u);
  std::memset(chunk.data(), 'a', chunk.size());
  chunk.TrimTo(10);
  EXPECT_EQ(chunk.size(), 100u);
  EXPECT_EQ(std::string_view(chunk.data(), 100), std::string(100, 'a'));
}

TEST(MemoryChunkTest, AChunkNotOfWholeHugePagesIsNotMappedSoTrimKeepsIt) {
  MemoryChunk chunk(kHugePageBytes + 1);
  EXPECT_EQ(chunk.size(), kHugePageBytes + 1);
  chunk.TrimTo(1);
  EXPECT_EQ(chunk.size(), kHugePageBytes + 1);
}

TEST(MemoryChunkTest, AMappedChunkTrimsToWholeSmallPagesOfWhatWasUsed) {
  if (!kHasGrowableMappings) GTEST_SKIP() << "no growable mappings here";
  MemoryChunk chunk(2 * kHugePageBytes);
  EXPECT_EQ(chunk.size(), 2 * kHugePageBytes);
  std::memcpy(chunk.data(), "kept", 4);
  chunk.TrimTo(kSmallPage + 1);
  EXPECT_EQ(chunk.size(), 2 * kSmallPage);
  EXPECT_EQ(std::string_view(chunk.data(), 4), "kept");
  // Nothing used still keeps one page; trimming to more than is held keeps what is held.
  chunk.TrimTo(0);
  EXPECT_EQ(chunk.size(), kSmallPage);
  chunk.TrimTo(3 * kSmallPage);
  EXPECT_EQ(chunk.size(), kSmallPage);
}

TEST(MemoryChunkTest, MovesTakeTheMemoryAndLeaveTheSourceEmpty) {
  MemoryChunk first(64);
  char* const data = first.data();
  MemoryChunk second(std::move(first));
  EXPECT_EQ(second.data(), data);
  EXPECT_EQ(second.size(), 64u);
  EXPECT_EQ(first.data(), nullptr);  // NOLINT(bugprone-use-after-move): checked on purpose
  EXPECT_EQ(first.size(), 0u);

  MemoryChunk third(8);
  third = std::move(second);
  EXPECT_EQ(third.data(), data);
  EXPECT_EQ(third.size(), 64u);
  EXPECT_EQ(second.data(), nullptr);  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(second.size(), 0u);
}

TEST(MemoryChunkTest, TheThirdChunkOnIsHugePagesUnlessTheFirstWasLarger) {
  EXPECT_EQ(NextChunkBytes(0, 1000), 1000u);
  EXPECT_EQ(NextChunkBytes(1, 1000), 1000u);
  EXPECT_EQ(NextChunkBytes(2, 1000), kHugePageBytes);
  EXPECT_EQ(NextChunkBytes(9, 1000), kHugePageBytes);
  EXPECT_EQ(NextChunkBytes(5, kHugePageBytes), kHugePageBytes);
  EXPECT_EQ(NextChunkBytes(5, 3 * kHugePageBytes), 3 * kHugePageBytes);
}

}  // namespace
}  // namespace tracedoc::util
