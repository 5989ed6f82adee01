// The parts health messages are built from (docs/analyses.md §6.11): text as is, decimals, and
// the reference's `{x:?}` renderings of strings, id pairs and optional norms.
#include "health/message.hpp"

#include <cmath>
#include <cstdint>
#include <optional>

#include <gtest/gtest.h>

namespace tracedoc::health {
namespace {

TEST(MessageTest, TextAndDecimalsAsTheyAre) {
  EXPECT_EQ(Message("span `", "a", "` has ", Decimal{12}, " children"),
            "span `a` has 12 children");
  EXPECT_EQ(Message(Decimal{UINT64_MAX}), "18446744073709551615");
}

TEST(MessageTest, DebugFormsQuoteAndEscapeLikeTheReference) {
  EXPECT_EQ(Message(Debug{"a\"b\n"}), R"("a\"b\n")");
  EXPECT_EQ(Message(DebugPair{"root", "w"}), R"(("root", "w"))");
  EXPECT_EQ(Message(DebugNorm{std::nullopt}), "None");
  EXPECT_EQ(Message(DebugNorm{1.0}), "Some(1.0)");
  EXPECT_EQ(Message(DebugNorm{0.25}), "Some(0.25)");
  EXPECT_EQ(Message(DebugNorm{std::nan("")}), "Some(NaN)");
}

}  // namespace
}  // namespace tracedoc::health
