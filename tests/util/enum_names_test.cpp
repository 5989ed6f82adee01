// The enumerator a spelling names in a table kept in enumerator order.
#include "util/enum_names.hpp"

#include <array>
#include <optional>
#include <string_view>

#include <gtest/gtest.h>

namespace tracedoc::util {
namespace {

enum class Colour { kRed, kGreen, kBlue };
constexpr std::array<std::string_view, 3> kColourNames = {"red", "green", "blue"};

TEST(EnumFromNamesTest, FindsTheEnumeratorAtTheSpellingsIndex) {
  EXPECT_EQ(EnumFromNames<Colour>(kColourNames, "red"), Colour::kRed);
  EXPECT_EQ(EnumFromNames<Colour>(kColourNames, "blue"), Colour::kBlue);
}

TEST(EnumFromNamesTest, SpellingsAreExactAndCaseSensitive) {
  EXPECT_EQ(EnumFromNames<Colour>(kColourNames, "Red"), std::nullopt);
  EXPECT_EQ(EnumFromNames<Colour>(kColourNames, "gree"), std::nullopt);
  EXPECT_EQ(EnumFromNames<Colour>(kColourNames, ""), std::nullopt);
  EXPECT_EQ(EnumFromNames<Colour>({}, "red"), std::nullopt);
}

}  // namespace
}  // namespace tracedoc::util
