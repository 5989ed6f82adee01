// The arena: small allocations share chunks, large ones get blocks of their own that another
// arena can adopt instead of copying (docs/tracedoc.md §5).
#include "util/arena.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tracedoc::util {
namespace {

TEST(ArenaTest, CopiesSmallStrings) {
  Arena arena;
  const std::string text = "abc";
  const std::string_view copy = arena.CopyString(text);
  EXPECT_EQ(copy, "abc");
  EXPECT_NE(copy.data(), text.data());
}

TEST(ArenaTest, AdoptedLargeBlocksAreNotCopiedAgain) {
  Arena decoder;
  const std::string_view kept = decoder.Keep(std::string(Arena::kLargeBytes, 'x'));
  std::uint64_t* numbers = decoder.Allocate<std::uint64_t>(Arena::kLargeBytes);
  numbers[0] = 7;
  Arena document;
  document.Adopt(decoder.TakeLargeBlocks());
  EXPECT_EQ(document.CopyString(kept).data(), kept.data());
  EXPECT_EQ(document.Copy(numbers, Arena::kLargeBytes), numbers);
  EXPECT_EQ(numbers[0], 7u);
  EXPECT_GE(document.reserved_bytes(), Arena::kLargeBytes * (1 + sizeof(std::uint64_t)));
  // A large string it does not hold is copied.
  const std::string other(Arena::kLargeBytes, 'y');
  EXPECT_NE(document.CopyString(other).data(), other.data());
}

TEST(ArenaTest, KeepingAShortStringCopiesIt) {
  // A short std::string holds its text inside itself, which moves: it must be copied.
  Arena arena;
  std::string text = "short";
  const std::string_view kept = arena.Keep(std::move(text));
  EXPECT_EQ(kept, "short");
}

TEST(ArenaTest, ResetForgetsLargeBlocks) {
  Arena arena;
  arena.Keep(std::string(Arena::kLargeBytes, 'x'));
  EXPECT_GE(arena.reserved_bytes(), Arena::kLargeBytes);
  arena.Reset();
  EXPECT_LT(arena.reserved_bytes(), Arena::kLargeBytes);
  EXPECT_TRUE(arena.TakeLargeBlocks().empty());
}

}  // namespace
}  // namespace tracedoc::util
