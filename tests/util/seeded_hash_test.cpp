// The hash of input strings is keyed (issue 12, F2/F3): under another key the same strings hash
// differently, so colliding ids cannot be made without the key; and the string pool still
// hands out one view per distinct string; the hasher of tables that keep 32 bits of that hash.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "util/seeded_hash.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::util {
namespace {

// Restores the process's key when a test is done with another one.
class KeyRestorer {
 public:
  KeyRestorer() : saved_(HashKeyForTesting()) {}
  ~KeyRestorer() { SetHashKeyForTesting(saved_); }
  KeyRestorer(const KeyRestorer&) = delete;
  KeyRestorer& operator=(const KeyRestorer&) = delete;

 private:
  HashKey saved_;
};

HashKey KeyOf(unsigned char fill) {
  HashKey key;
  key.fill(fill);
  return key;
}

TEST(SeededHashTest, TwoKeysGiveDifferentHashesForTheSameInput) {
  const KeyRestorer restorer;
  const std::string_view inputs[] = {"", "s", "span-0000000001", "a string longer than 16 bytes"};
  for (const std::string_view input : inputs) {
    SetHashKeyForTesting(KeyOf(1));
    const std::uint64_t first = HashBytes(input);
    EXPECT_EQ(HashBytes(input), first) << input;  // deterministic under one key
    SetHashKeyForTesting(KeyOf(2));
    EXPECT_NE(HashBytes(input), first) << input;
  }
}

TEST(SeededHashTest, TheProcessKeyIsNotAllZeros) {
  // Drawn at random: sixteen zero bytes would mean it was never drawn.
  const HashKey key = HashKeyForTesting();
  EXPECT_NE(key, HashKey{});
}

TEST(SeededHashTest, EqualStringsAtDifferentAddressesHashEqual) {
  const std::string a = "storage-42";
  const std::string b = "storage-42";
  ASSERT_NE(a.data(), b.data());
  EXPECT_EQ(HashBytes(a), HashBytes(b));
  EXPECT_EQ(SeededHash{}(std::pair<std::string_view, std::string_view>(a, "cpu")),
            SeededHash{}(std::pair<std::string_view, std::string_view>(b, "cpu")));
}

TEST(SeededHashTest, PairsAreNotSymmetric) {
  using Pair = std::pair<std::string_view, std::string_view>;
  EXPECT_NE(SeededHash{}(Pair("root", "key")), SeededHash{}(Pair("key", "root")));
  EXPECT_NE(SeededHash{}(std::pair<std::uint64_t, std::string_view>(1, "t")),
            SeededHash{}(std::pair<std::uint64_t, std::string_view>(2, "t")));
}

TEST(StringPoolTest, InternsEqualStringsToOneView) {
  StringPool pool;
  std::string first = "span-7";
  const std::string_view a = pool.Intern(first);
  first[0] = 'X';  // the pool keeps its own copy
  const std::string_view b = pool.Intern(std::string("span-7"));
  EXPECT_EQ(a, "span-7");
  EXPECT_EQ(a.data(), b.data());
  const std::string_view c = pool.Intern("span-8");
  EXPECT_NE(c.data(), a.data());
  EXPECT_EQ(c, "span-8");
  // Many strings later the first still comes back as the same view.
  for (int i = 0; i < 10000; ++i) pool.Intern("id-" + std::to_string(i));
  EXPECT_EQ(pool.Intern("span-7").data(), a.data());
  EXPECT_EQ(pool.Intern("id-1234").data(), pool.Intern(std::string("id-1234")).data());
}

TEST(StoredHashTest, SpreadsTheStoredBitsOverTheWholeWordWhateverHoldsThem) {
  struct Entry {
    std::uint32_t position;
    std::uint32_t hash;
  };
  struct Probe {
    std::string_view text;
    std::uint32_t hash;
  };
  const StoredHash hash;
  // An entry and a probe with the same stored bits land in the same place.
  EXPECT_EQ(hash(Entry{7, 0x1234}), hash(Probe{"id", 0x1234}));
  EXPECT_EQ(hash(Entry{0, 0}), 0u);
  EXPECT_EQ(hash(Entry{0, 1}), std::size_t{0x9E3779B97F4A7C15ull});
  // Small stored values reach the high bits, where the set picks its group.
  EXPECT_NE(hash(Entry{0, 1}) >> 56, 0u);
}

}  // namespace
}  // namespace tracedoc::util
