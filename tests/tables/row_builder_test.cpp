// RowBuilder: cells in the order added, non-finite reals as null, absent optionals as null, and
// JSON cells whose views stay valid for the whole row.
#include "tables/row_builder.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <string_view>
#include <variant>

#include <gtest/gtest.h>

namespace tracedoc::tables {
namespace {

TEST(TablesRowBuilder, AddsCellsInOrderWithNullsForTheAbsentAndTheNonFinite) {
  RowBuilder row;
  const std::uint64_t shape[] = {2, 18446744073709551615u};
  const std::string_view inputs[] = {"a", "q\"uote"};
  row.Text(std::string_view("run"))
      .Text(std::optional<std::string_view>())
      .U64(std::optional<std::uint64_t>(7))
      .Real(std::numeric_limits<double>::quiet_NaN())
      .Real(-std::numeric_limits<double>::infinity())
      .Real(1.5)
      .Bool(true)
      .JsonIntegers(shape)
      .JsonStrings(inputs);
  const auto values = row.values();
  ASSERT_EQ(values.size(), 9u);
  EXPECT_EQ(std::get<std::string_view>(values[0]), "run");
  EXPECT_TRUE(std::holds_alternative<std::monostate>(values[1]));
  EXPECT_EQ(std::get<std::uint64_t>(values[2]), 7u);
  EXPECT_TRUE(std::holds_alternative<std::monostate>(values[3]));
  EXPECT_TRUE(std::holds_alternative<std::monostate>(values[4]));
  EXPECT_EQ(std::get<double>(values[5]), 1.5);
  EXPECT_EQ(std::get<bool>(values[6]), true);
  // Both JSON cells are still readable once the row is complete.
  EXPECT_EQ(std::get<JsonText>(values[7]).json, "[2,18446744073709551615]");
  EXPECT_EQ(std::get<JsonText>(values[8]).json, "[\"a\",\"q\\\"uote\"]");
  row.Clear();
  EXPECT_TRUE(row.values().empty());
  row.JsonIntegers({});
  EXPECT_EQ(std::get<JsonText>(row.values()[0]).json, "[]");
}

}  // namespace
}  // namespace tracedoc::tables
