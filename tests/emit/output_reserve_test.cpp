// ReserveOutput (src/emit/output_reserve.hpp): room for what is announced, the text already there
// kept, nothing shrunk, and a huge-page-sized reservation that is written through like any other.
#include "emit/output_reserve.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

#include "util/huge_pages.hpp"

namespace tracedoc::emit {
namespace {

TEST(OutputReserveTest, MakesRoomAndKeepsTheText) {
  std::string out = "{\"kind\":";
  ReserveOutput(out, 1000);
  EXPECT_GE(out.capacity(), 1008u);
  EXPECT_EQ(out, "{\"kind\":");
}

TEST(OutputReserveTest, NeverShrinks) {
  std::string out;
  out.reserve(4096);
  const std::size_t capacity = out.capacity();
  ReserveOutput(out, 10);
  EXPECT_EQ(out.capacity(), capacity);
}

// Above the huge-page threshold the buffer is advised, not changed: every byte stays writable
// and the text already there survives the move.
TEST(OutputReserveTest, HugePageReservationIsAnOrdinaryString) {
  std::string out = "head";
  ReserveOutput(out, util::kAdviseGrowthFromBytes + 123);
  ASSERT_GE(out.capacity(), util::kAdviseGrowthFromBytes + 127);
  const char* const data = out.data();
  out.append(util::kAdviseGrowthFromBytes + 123, 'x');
  EXPECT_EQ(out.data(), data) << "the reserved room was not enough";
  EXPECT_EQ(out.substr(0, 5), "headx");
  EXPECT_EQ(out.back(), 'x');
  EXPECT_EQ(out.size(), util::kAdviseGrowthFromBytes + 127);
}

}  // namespace
}  // namespace tracedoc::emit
