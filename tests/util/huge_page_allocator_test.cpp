// HugePageAllocator on both sides of its threshold: small blocks from operator new, blocks of
// 1 MiB and more from a huge-page mapping that starts on a 2 MiB boundary. Containers that grow
// through it (a vector, the flat hash set the fold's tables use) keep every element.
#include "util/huge_page_allocator.hpp"

#include <gtest/gtest.h>

#include <cstdint>

#include <boost/unordered/unordered_flat_set.hpp>

namespace tracedoc::util {
namespace {

TEST(HugePageAllocatorTest, AVectorGrowingPastTheThresholdKeepsItsElements) {
  HugePageVector<std::uint32_t> values;
  const std::uint32_t count = 3'000'000;  // 12 MB: grows through both kinds of blocks
  for (std::uint32_t i = 0; i < count; ++i) values.push_back(i * 7u);
  ASSERT_EQ(values.size(), count);
  std::uint32_t wrong = 0;
  for (std::uint32_t i = 0; i < count; ++i) wrong += values[i] != i * 7u;
  EXPECT_EQ(wrong, 0u);
  if (kHasGrowableMappings) {
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(values.data()) % kHugePageBytes, 0u)
        << "a block this large is a mapping of its own";
  }
}

TEST(HugePageAllocatorTest, SmallBlocksComeFromTheHeap) {
  HugePageAllocator<std::uint64_t> allocator;
  std::uint64_t* small = allocator.allocate(16);
  small[0] = 1;
  small[15] = 2;
  EXPECT_EQ(small[0] + small[15], 3u);
  allocator.deallocate(small, 16);
}

TEST(HugePageAllocatorTest, AFlatSetGrowingThroughItFindsEveryKey) {
  boost::unordered_flat_set<std::uint64_t, boost::hash<std::uint64_t>, std::equal_to<>,
                            HugePageAllocator<std::uint64_t>>
      keys;
  for (std::uint64_t k = 0; k < 400'000; ++k) keys.insert(k * 0x9E3779B97F4A7C15ull);
  EXPECT_EQ(keys.size(), 400'000u);
  std::uint64_t missing = 0;
  for (std::uint64_t k = 0; k < 400'000; ++k) missing += !keys.contains(k * 0x9E3779B97F4A7C15ull);
  EXPECT_EQ(missing, 0u);
  EXPECT_FALSE(keys.contains(1));
}

}  // namespace
}  // namespace tracedoc::util
