// The string pool on its own: equal strings share one copy, views stay valid as the pool grows,
// lengths on both sides of the one-byte length prefix, and the copy-only mode.
#include "util/string_pool.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <optional>
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
  // 253 fits the one-byte length, 254 and more take the long form.
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

namespace tracedoc::util {
namespace {

// ---- Refs (issue 43: a compact row names its strings by 32 bits) ---------------------------------

TEST(StringPoolRefTest, EqualStringsShareOneRefAndTheRefReadsBackTheString) {
  StringPool pool;
  const std::optional<StringRef> a = pool.InternRef("span-1");
  const std::optional<StringRef> b = pool.InternRef(std::string("span-1"));
  ASSERT_TRUE(a && b);
  EXPECT_EQ(*a, *b);
  EXPECT_EQ(pool.View(*a), "span-1");
  EXPECT_EQ(pool.View(*a).data(), pool.Intern("span-1").data()) << "one copy for views and refs";
  EXPECT_NE(*pool.InternRef("span-2"), *a);
}

TEST(StringPoolRefTest, TwoPoolsOfOneDirectoryNameEachOthersStrings) {
  // The folding thread's pool and a decoding thread's shard: a ref from either is read through
  // the directory alone.
  const auto directory = std::make_shared<ChunkDirectory>();
  StringPool own(PoolMode::kIntern, directory);
  StringPool shard(PoolMode::kIntern, directory);
  std::vector<StringRef> refs;
  for (int i = 0; i < 50'000; ++i) {
    StringPool& pool = i % 2 == 0 ? own : shard;
    refs.push_back(*pool.InternRef("tensor-" + std::to_string(i)));
  }
  for (int i = 0; i < 50'000; i += 7) {
    ASSERT_EQ(directory->View(refs[static_cast<std::size_t>(i)]), "tensor-" + std::to_string(i));
  }
}

TEST(StringPoolRefTest, AlignedBytesStartOnEightAndAreNotTakenFromAMisalignedEqualString) {
  StringPool pool;
  // An odd string first, so the next plain string starts misaligned.
  ASSERT_TRUE(pool.InternRef("x"));
  const std::string bytes(16, '\x01');
  const StringRef plain = *pool.InternRef(bytes);
  const StringRef aligned = *pool.InternAligned(bytes);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(pool.View(aligned).data()) % 8, 0u);
  EXPECT_EQ(pool.View(aligned), bytes);
  if (reinterpret_cast<std::uintptr_t>(pool.View(plain).data()) % 8 != 0) {
    EXPECT_NE(aligned, plain);
  }
  EXPECT_EQ(*pool.InternAligned(bytes), aligned) << "aligned ones are shared too";
}

TEST(StringPoolRefTest, AStringLongerThanTheIndexTakesAChunkOfItsOwn) {
  StringPool pool;
  const std::string long_text(700'000, 'q');
  const std::optional<StringRef> ref = pool.InternAligned(long_text);
  ASSERT_TRUE(ref);
  EXPECT_EQ(pool.View(*ref), long_text);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(pool.View(*ref).data()) % 8, 0u);
  EXPECT_NE(*pool.InternRef(long_text), *ref) << "not indexed: a copy each time";
}

TEST(StringPoolRefTest, AFullDirectoryGivesNoRefAndViewsFallBackToCopies) {
  const auto directory = std::make_shared<ChunkDirectory>(1);
  StringPool pool(PoolMode::kIntern, directory);
  ASSERT_TRUE(pool.InternRef("first"));
  const std::string big(300'000, 'b');  // past the first chunk's room
  EXPECT_FALSE(pool.InternRef(big));
  EXPECT_FALSE(pool.InternRef(std::string(700'000, 'c')));
  EXPECT_EQ(pool.Intern(big), big) << "Intern still hands out a copy";
  EXPECT_EQ(pool.View(*pool.InternRef("first")), "first");
}

}  // namespace
}  // namespace tracedoc::util
