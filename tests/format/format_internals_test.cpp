// The format layer's value pieces on their own: the dtype table and dense bytes (saturation, the
// zero dimension, the unknown dtype checked first), deep copies into a document's pool, and the
// builder of unknown members the converters use.
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "format/dense_bytes.hpp"
#include "format/own.hpp"
#include "format/unknown_members.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::format {
namespace {

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

ArrayView<std::uint64_t> Shape(const std::vector<std::uint64_t>& dims) {
  return ArrayView<std::uint64_t>(dims.data(), dims.size());
}

TEST(DenseBytesTest, DtypeSizesAreTheTablesAfterTrimmingAndLowerCasing) {
  EXPECT_EQ(DtypeSize("bool"), 1u);
  EXPECT_EQ(DtypeSize("F8"), 1u);
  EXPECT_EQ(DtypeSize(" bf16 "), 2u);
  EXPECT_EQ(DtypeSize("I32"), 4u);
  EXPECT_EQ(DtypeSize("f64"), 8u);
  EXPECT_EQ(DtypeSize("float32"), std::nullopt);
  EXPECT_EQ(DtypeSize("u4"), std::nullopt);
  EXPECT_EQ(DtypeSize(""), std::nullopt);
}

TEST(DenseBytesTest, ElementsTimesSizeSaturatesAndAZeroDimensionIsZero) {
  const std::vector<std::uint64_t> small{2, 3}, huge{kMax / 2, 4}, zero{kMax, 0, 7}, scalar{};
  EXPECT_EQ(ResolveDenseBytes(std::nullopt, Shape(small), "f32"), 24u);
  EXPECT_EQ(ResolveDenseBytes(std::nullopt, Shape(huge), "f32"), kMax);
  EXPECT_EQ(ResolveDenseBytes(std::nullopt, Shape(zero), "f64"), 0u);
  EXPECT_EQ(ResolveDenseBytes(std::nullopt, Shape(scalar), "f16"), 2u);
  // Given bytes win; an unknown dtype is None even with a zero dimension.
  EXPECT_EQ(ResolveDenseBytes(5, Shape(small), "f32"), 5u);
  EXPECT_EQ(ResolveDenseBytes(std::nullopt, Shape(zero), "float"), std::nullopt);
}

TEST(DenseBytesTest, CheckedElementCountIsNoneOnOverflow) {
  const std::vector<std::uint64_t> small{2, 3, 4}, huge{kMax, 2}, scalar{};
  EXPECT_EQ(CheckedElementCount(Shape(small)), 24u);
  EXPECT_EQ(CheckedElementCount(Shape(scalar)), 1u);
  EXPECT_EQ(CheckedElementCount(Shape(huge)), std::nullopt);
}

TEST(OwnTest, StringsArraysAndUnknownMembersMoveIntoThePool) {
  util::StringPool pool;
  std::string scratch = "device";
  std::string_view text = scratch;
  std::vector<std::string_view> names{scratch};
  ArrayView<std::string_view> array(names.data(), names.size());
  UnknownMembers members;
  members.Add("k", "[1,2]");
  std::optional<UnknownFields> unknown = members.View();

  Own(pool, text);
  Own(pool, array);
  Own(pool, *unknown);
  // Overwrite every source: the owned views must not see it.
  scratch.assign("XXXXXX");
  names[0] = "gone";
  members.Clear();
  members.Add("z", "0");

  EXPECT_EQ(text, "device");
  ASSERT_EQ(array.size(), 1u);
  EXPECT_EQ(array[0], "device");
  EXPECT_NE(array.data(), names.data());
  ASSERT_EQ(unknown->size(), 1u);
  EXPECT_EQ((*unknown->begin()).key, "k");
  EXPECT_EQ((*unknown->begin()).json, "[1,2]");
}

TEST(UnknownMembersTest, AddsValuesAsCompactJsonInOrder) {
  UnknownMembers members;
  members.Add("raw", R"({"a":1})");
  members.AddCount("count", 42);
  members.AddString("name", "a\"b");
  members.Open("big");
  members.json() += "[1,";
  members.json() += "2]";
  members.Close();
  EXPECT_EQ(members.count(), 4u);
  std::vector<std::pair<std::string, std::string>> seen;
  for (const UnknownField field : members.View()) seen.emplace_back(field.key, field.json);
  EXPECT_EQ(seen, (std::vector<std::pair<std::string, std::string>>{
                      {"raw", R"({"a":1})"}, {"count", "42"}, {"name", R"("a\"b")"},
                      {"big", "[1,2]"}}));
}

TEST(UnknownMembersTest, TakeHandsTheEncodingOverAndLeavesTheBuilderEmpty) {
  UnknownMembers members;
  members.Add("k", "1");
  const std::string encoded = members.Take();
  EXPECT_EQ(members.count(), 0u);
  EXPECT_TRUE(members.View().empty());
  const UnknownFields adopted(encoded, 1);
  EXPECT_EQ((*adopted.begin()).key, "k");
  EXPECT_EQ((*adopted.begin()).json, "1");
}

}  // namespace
}  // namespace tracedoc::format
