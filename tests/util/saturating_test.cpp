// Saturating arithmetic and the exact running sum the memory analyses keep per device and per
// category; and the one-lambda-per-alternative visitor.
#include "util/saturating.hpp"

#include <cstdint>
#include <string>
#include <variant>

#include <gtest/gtest.h>

#include "util/overloaded.hpp"

namespace tracedoc::util {
namespace {

TEST(SaturatingTest, AddStopsAtTheMaximumAndSubStopsAtZero) {
  EXPECT_EQ(SaturatingAdd(2, 3), 5u);
  EXPECT_EQ(SaturatingAdd(kU64Max - 1, 1), kU64Max);
  EXPECT_EQ(SaturatingAdd(kU64Max - 1, 2), kU64Max);
  EXPECT_EQ(SaturatingSub(5, 3), 2u);
  EXPECT_EQ(SaturatingSub(3, 5), 0u);
}

TEST(ExactSumTest, ReadsSaturatedButTakingAwayRestoresTheExactSum) {
  ExactSum sum;
  sum.Add(kU64Max);
  sum.Add(10);
  EXPECT_EQ(sum.Value(), kU64Max);  // past 2^64 - 1: saturated when read
  sum.Subtract(kU64Max);
  EXPECT_EQ(sum.Value(), 10u);  // a saturating total could not have come back to 10
  sum.Subtract(10);
  EXPECT_EQ(sum.Value(), 0u);
}

TEST(ExactSumTest, OrderOfAddsAndSubtractsDoesNotMatter) {
  ExactSum a, b;
  a.Add(kU64Max - 5);
  a.Add(7);
  a.Add(100);
  a.Subtract(7);
  b.Add(100);
  b.Add(kU64Max - 5);
  EXPECT_EQ(a.Value(), b.Value());
  EXPECT_EQ(a.Value(), kU64Max);
  a.Subtract(kU64Max - 5);
  EXPECT_EQ(a.Value(), 100u);
}

TEST(OverloadedTest, EachAlternativeReachesItsOwnCase) {
  const auto name = [](const std::variant<int, std::string>& value) {
    return std::visit(Overloaded{[](int n) { return "int " + std::to_string(n); },
                                 [](const std::string& s) { return "string " + s; }},
                      value);
  };
  EXPECT_EQ(name(4), "int 4");
  EXPECT_EQ(name(std::string("x")), "string x");
}

}  // namespace
}  // namespace tracedoc::util
