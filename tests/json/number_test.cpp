// The number layer on its own (docs/trace-format.md §1.0, docs/tracedoc.md §4): integers for u64
// fields, correctly rounded doubles for float fields, literals as written.
#include "json/number.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace tracedoc::json {
namespace {

TEST(NumberTest, U64TakesEveryIntegerUpToTheMaximum) {
  std::uint64_t value = 1;
  EXPECT_EQ(ParseU64("0", value), U64Status::kOk);
  EXPECT_EQ(value, 0u);
  EXPECT_EQ(ParseU64("18446744073709551615", value), U64Status::kOk);
  EXPECT_EQ(value, std::numeric_limits<std::uint64_t>::max());
}

TEST(NumberTest, U64RefusesWhatIsNotANonNegativeInteger) {
  std::uint64_t value = 0;
  EXPECT_EQ(ParseU64("18446744073709551616", value), U64Status::kTooLarge);
  EXPECT_EQ(ParseU64("-1", value), U64Status::kNegative);
  EXPECT_EQ(ParseU64("-0", value), U64Status::kNegative);  // the reference reads it as -0.0
  EXPECT_EQ(ParseU64("1.0", value), U64Status::kFloatLiteral);
  EXPECT_EQ(ParseU64("1e3", value), U64Status::kFloatLiteral);
}

TEST(NumberTest, F64IsCorrectlyRounded) {
  double value = 0;
  ASSERT_TRUE(ParseF64("0.1", value));
  EXPECT_EQ(value, 0.1);
  // Halfway between two doubles: rounds to even.
  ASSERT_TRUE(ParseF64("9007199254740993", value));
  EXPECT_EQ(value, 9007199254740992.0);
  ASSERT_TRUE(ParseF64("1.7976931348623157e308", value));
  EXPECT_EQ(value, std::numeric_limits<double>::max());
}

TEST(NumberTest, F64OverflowFailsAndUnderflowIsASignedZero) {
  double value = 0;
  EXPECT_FALSE(ParseF64("1e400", value));
  EXPECT_FALSE(ParseF64("-1e99999999999", value));
  ASSERT_TRUE(ParseF64("-1e-99999999999", value));
  EXPECT_EQ(value, 0.0);
  EXPECT_TRUE(std::signbit(value));
}

TEST(NumberTest, FractionAndExponentAreToldApart) {
  EXPECT_FALSE(HasFractionOrExponent("-12"));
  EXPECT_TRUE(HasFractionOrExponent("1.5"));
  EXPECT_TRUE(HasFractionOrExponent("1E5"));
  EXPECT_TRUE(HasExponent("2e-3"));
  EXPECT_FALSE(HasExponent("2.5"));
}

}  // namespace
}  // namespace tracedoc::json
