// The spool's names (src/cirron/hex_id.hpp, src/cirron/batch_file_name.hpp): an id is exactly 32
// lower-case hex digits, and a batch file is `<created_ns, 20 digits>-<batch_id>.json`, every
// other name refused, a `.json.tmp` a write still in progress.
#include "cirron/batch_file_name.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "cirron/hex_id.hpp"

namespace tracedoc::cirron {
namespace {

constexpr std::string_view kId = "0123456789abcdef0123456789abcdef";

std::string Name(std::string_view created, std::string_view id = kId,
                 std::string_view suffix = ".json") {
  return std::string(created) + "-" + std::string(id) + std::string(suffix);
}

TEST(HexIdTest, ParsesThirtyTwoLowercaseHexDigits) {
  static_assert(IsHexId("0123456789abcdef0123456789abcdef"));  // usable at compile time
  EXPECT_TRUE(IsHexId(kId));
  EXPECT_TRUE(IsHexId(std::string(32, 'f')));
  EXPECT_EQ(kHexIdLength, 32u);
}

TEST(HexIdTest, RefusesOtherLengthsCaseAndDigits) {
  EXPECT_FALSE(IsHexId(""));
  EXPECT_FALSE(IsHexId(std::string(31, 'a')));
  EXPECT_FALSE(IsHexId(std::string(33, 'a')));
  EXPECT_FALSE(IsHexId("0123456789ABCDEF0123456789abcdef"));
  EXPECT_FALSE(IsHexId("0123456789abcdef0123456789abcdeg"));
  // A UUID with its dashes is 36 characters, not an id of the spool.
  EXPECT_FALSE(IsHexId("01234567-89ab-cdef-0123-456789abcdef"));
  EXPECT_FALSE(IsHexId(std::string(31, 'a') + '\0'));
}

TEST(BatchFileNameTest, SplitsCreatedNsAndBatchId) {
  // batch_id is a view into the name: the name must outlive it.
  const std::string file = Name("01764000000000000123");
  const std::optional<BatchFileName> name = ParseBatchFileName(file);
  ASSERT_TRUE(name.has_value());
  EXPECT_EQ(name->created_ns, 1764000000000000123u);
  EXPECT_EQ(name->batch_id, kId);
}

TEST(BatchFileNameTest, CreatedNsRunsFromZeroToTheLargestU64) {
  ASSERT_TRUE(ParseBatchFileName(Name("00000000000000000000")).has_value());
  EXPECT_EQ(ParseBatchFileName(Name("00000000000000000000"))->created_ns, 0u);
  const auto largest = ParseBatchFileName(Name("18446744073709551615"));
  ASSERT_TRUE(largest.has_value());
  EXPECT_EQ(largest->created_ns, 18446744073709551615u);
  // One more is 20 digits no created_ns can equal.
  EXPECT_FALSE(ParseBatchFileName(Name("18446744073709551616")).has_value());
  EXPECT_FALSE(ParseBatchFileName(Name("99999999999999999999")).has_value());
}

TEST(BatchFileNameTest, RefusesEveryOtherShape) {
  EXPECT_FALSE(ParseBatchFileName(Name("1764000000000000123")).has_value());    // 19 digits
  EXPECT_FALSE(ParseBatchFileName(Name("001764000000000000123")).has_value());  // 21
  EXPECT_FALSE(ParseBatchFileName(Name("0176400000000000012x")).has_value());
  EXPECT_FALSE(ParseBatchFileName(Name("+1764000000000000123")).has_value());
  EXPECT_FALSE(ParseBatchFileName(Name("01764000000000000123", std::string(32, 'A'))).has_value());
  EXPECT_FALSE(ParseBatchFileName(Name("01764000000000000123", kId, ".JSON")).has_value());
  EXPECT_FALSE(ParseBatchFileName(Name("01764000000000000123", kId, ".jsonl")).has_value());
  EXPECT_FALSE(ParseBatchFileName(Name("01764000000000000123", kId, ".json.tmp")).has_value());
  EXPECT_FALSE(ParseBatchFileName("01764000000000000123_" + std::string(kId) + ".json"));
  EXPECT_FALSE(ParseBatchFileName("").has_value());
}

TEST(BatchFileNameTest, TemporaryFilesEndInJsonTmp) {
  EXPECT_TRUE(IsTemporaryBatchFile(Name("01764000000000000123", kId, ".json.tmp")));
  // Any name ending so is skipped, well-formed or not: the SDK's rename makes it a batch.
  EXPECT_TRUE(IsTemporaryBatchFile("x.json.tmp"));
  EXPECT_FALSE(IsTemporaryBatchFile(Name("01764000000000000123")));
  EXPECT_FALSE(IsTemporaryBatchFile("x.json.tmp.bak"));
  EXPECT_FALSE(IsTemporaryBatchFile("x.tmp"));
}

}  // namespace
}  // namespace tracedoc::cirron
