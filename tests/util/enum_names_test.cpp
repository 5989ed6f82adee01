// An enum's spellings in a table kept in enumerator order: the spelling of an enumerator (a
// fallback past the table) and the enumerator a spelling names.
#include "util/enum_names.hpp"

#include <array>
#include <optional>
#include <string_view>

#include <gtest/gtest.h>

namespace tracedoc::util {
namespace {

enum class Colour { kRed, kGreen, kBlue };
constexpr std::array<std::string_view, 3> kColourNames = {"red", "green", "blue"};

TEST(EnumNameOrTest, IsTheSpellingAtTheEnumeratorsIndexOrTheFallbackPastTheTable) {
  EXPECT_EQ(EnumNameOr(kColourNames, Colour::kRed, "?"), "red");
  EXPECT_EQ(EnumNameOr(kColourNames, Colour::kBlue, "?"), "blue");
  EXPECT_EQ(EnumNameOr(kColourNames, static_cast<Colour>(3), "?"), "?");
  EXPECT_EQ(EnumNameOr({}, Colour::kRed, "none"), "none");
}

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
