// The indices of a list in the order of its elements, equal elements in list order.
#include "util/stable_order.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tracedoc::util {
namespace {

using ::testing::ElementsAre;

TEST(StableOrderTest, OrdersTheIndicesByTheirElementsAndKeepsTiesInListOrder) {
  const std::array<int, 6> values = {30, 10, 20, 10, 30, 0};
  const std::vector<std::uint32_t> order = StableOrder<std::uint32_t>(
      values.size(), [&](std::uint32_t a, std::uint32_t b) { return values[a] < values[b]; });
  EXPECT_THAT(order, ElementsAre(5u, 1u, 3u, 2u, 0u, 4u));
}

TEST(StableOrderTest, AnEmptyListHasAnEmptyOrder) {
  EXPECT_TRUE(StableOrder<std::size_t>(0, [](std::size_t, std::size_t) { return false; }).empty());
}

TEST(StableOrderTest, AComparisonThatFindsEverythingEqualKeepsTheListOrder) {
  EXPECT_THAT(StableOrder<std::size_t>(4, [](std::size_t, std::size_t) { return false; }),
              ElementsAre(0u, 1u, 2u, 3u));
}

}  // namespace
}  // namespace tracedoc::util
