// The string pool on its own: equal strings share one copy, views stay valid as the pool grows,
// lengths on both sides of the one-byte length prefix, and the copy-only mode.
#include "util/string_pool.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "util/huge_pages.hpp"

namespace tracedoc::util {
namespace {

TEST(StringPoolTest, EqualStringsShareOneCopy) {
  StringPool pool;
  const std::string first = "span-1";
  const std::string second = "span-1";
  const std::string_view a = pool.Intern(first);
  const std::string_view b = pool.Intern(second);
  EXPECT_EQ(a, "span-1");
  EXPECT_EQ(a.data(), b.data());
  EXPECT_NE(a.data(), first.data()) << "the pool holds its own copy";
  EXPECT_NE(pool.Intern("span-2").data(), a.data());
}

TEST(StringPoolTest, TheEmptyStringIsAString) {
  StringPool pool;
  const std::string_view empty = pool.Intern("");
  EXPECT_TRUE(empty.empty());
  EXPECT_EQ(pool.Intern("").data(), empty.data());
  EXPECT_EQ(pool.Intern("x"), "x");
}

TEST(StringPoolTest, LengthsAroundTheShortPrefixKeepTheirBytes) {
  // 254 fits the one-byte length, 255 and more take the long form.
  StringPool pool;
  for (std::size_t size : {253u, 254u, 255u, 256u, 70'000u}) {
    const std::string text(size, static_cast<char>('a' + size % 26));
    const std::string_view pooled = pool.Intern(text);
    EXPECT_EQ(pooled.size(), size);
    EXPECT_TRUE(pooled == text) << size;
    EXPECT_EQ(pool.Intern(text).data(), pooled.data()) << size;
  }
}

TEST(StringPoolTest, ViewsStayValidWhileThePoolGrowsOverManyChunks) {
  // About 4 MB of distinct strings: several 1 MiB chunks and many rehashes of the index.
  StringPool pool;
  std::vector<std::string_view> views;
  for (int i = 0; i < 200'000; ++i) views.push_back(pool.Intern("tensor-" + std::to_string(i)));
  for (int i = 0; i < 200'000; i += 997) {
    ASSERT_EQ(views[static_cast<std::size_t>(i)], "tensor-" + std::to_string(i));
    ASSERT_EQ(pool.Intern("tensor-" + std::to_string(i)).data(),
              views[static_cast<std::size_t>(i)].data());
  }
  EXPECT_GT(pool.memory_bytes(), std::size_t{3} << 20);
}

TEST(StringPoolTest, ForgetIndexKeepsTheStringsAndStoresTheNextOnesAgain) {
  // A read's shard forgets its index at each block: what it handed out stays valid, and an
  // equal string after that is a new copy, shared again from then on.
  StringPool pool;
  const std::string_view before = pool.Intern("span-1");
  pool.ForgetIndex();
  const std::string_view after = pool.Intern("span-1");
  EXPECT_EQ(before, "span-1");
  EXPECT_EQ(after, "span-1");
  EXPECT_NE(before.data(), after.data());
  EXPECT_EQ(pool.Intern("span-1").data(), after.data());
}

TEST(StringPoolTest, StringsSharingARecentSlotStayApart) {
  // Far more distinct strings than the pool's recent slots, with equal heads and tails so many
  // land in one slot: each must still come back as itself, and equal ones as one copy.
  StringPool pool;
  std::vector<std::string> texts;
  for (int i = 0; i < 1000; ++i) texts.push_back("span-" + std::to_string(i) + "-of-the-step-7");
  std::vector<std::string_view> first;
  for (const std::string& text : texts) first.push_back(pool.Intern(text));
  for (std::size_t i = texts.size(); i-- > 0;) {
    const std::string_view again = pool.Intern(texts[i]);
    EXPECT_EQ(again, texts[i]);
    EXPECT_EQ(again.data(), first[i].data()) << texts[i];
  }
  EXPECT_EQ(pool.Intern("").size(), 0u);
  EXPECT_EQ(pool.Intern("abc"), "abc");
  EXPECT_EQ(pool.Intern("abd"), "abd");
}

TEST(StringPoolTest, ReleasingTheIndexGivesBackTheLastChunksUnwrittenEnd) {
  // Past two small chunks the pool takes 2 MiB ones; a finished document's pool keeps only the
  // pages it wrote of the last, and every string stays readable (and interning still works).
  StringPool pool;
  std::vector<std::string> texts;
  std::vector<std::string_view> pooled;
  for (int i = 0; i < 6000; ++i) {
    texts.push_back(std::string(90, static_cast<char>('a' + i % 26)) + std::to_string(i));
    pooled.push_back(pool.Intern(texts.back()));
  }
  const std::size_t before = pool.memory_bytes();
  pool.ReleaseIndex();
  if (kHasGrowableMappings) {
    EXPECT_LT(pool.memory_bytes() + (std::size_t{1} << 20), before)
        << "most of the last 2 MiB chunk was never written";
  }
  for (std::size_t i = 0; i < texts.size(); ++i) ASSERT_EQ(pooled[i], texts[i]);
  EXPECT_EQ(pool.Intern("after the release"), "after the release");
  EXPECT_EQ(pool.arena().Allocate<std::uint64_t>(4) != nullptr, true);
}

TEST(StringPoolTest, VeryLongStringsAreCopiedNotIndexed) {
  StringPool pool;
  const std::string long_text(std::size_t{1} << 20, 'z');
  const std::string_view a = pool.Intern(long_text);
  const std::string_view b = pool.Intern(long_text);
  EXPECT_TRUE(a == long_text);
  EXPECT_NE(a.data(), b.data()) << "past the indexed length each copy is its own";
}

TEST(StringPoolTest, CopyModeCopiesEveryTime) {
  StringPool pool(PoolMode::kCopy);
  const std::string_view a = pool.Intern("dtype");
  const std::string_view b = pool.Intern("dtype");
  EXPECT_EQ(a, b);
  EXPECT_NE(a.data(), b.data());
}

TEST(StringPoolTest, ReleasingTheIndexKeepsTheStrings) {
  StringPool pool;
  const std::string_view a = pool.Intern("device:0");
  pool.ReleaseIndex();
  EXPECT_EQ(a, "device:0");
  // Interning after the release still gives equal text (a new copy is allowed).
  EXPECT_EQ(pool.Intern("device:0"), "device:0");
}

}  // namespace
}  // namespace tracedoc::util
