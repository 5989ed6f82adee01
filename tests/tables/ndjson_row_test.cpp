// One row, one NDJSON line: every kind of value exact, every text escaped, keys in column order.
#include "tables/ndjson_row.hpp"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <boost/json.hpp>
#include <gtest/gtest.h>

namespace tracedoc::tables {
namespace {

std::string RowLine(std::span<const ColumnDefinition> columns,
                    const std::vector<TableValue>& values) {
  return emit::EmitJsonString(false, [&](emit::JsonEmitter& json) {
    EmitNdjsonRow(json, columns, values);
  });
}

constexpr ColumnDefinition kColumns[] = {
    {"run_id", ColumnType::kText, false, ""},     {"small", ColumnType::kInteger, true, ""},
    {"big", ColumnType::kUnsigned, false, ""},    {"real", ColumnType::kReal, true, ""},
    {"flag", ColumnType::kBoolean, false, ""},    {"shape", ColumnType::kJson, false, ""},
};

TEST(NdjsonRow, IntegersAtTheirExtremesAreExactDecimalIntegers) {
  const std::vector<TableValue> values = {std::string_view("r"),
                                          std::numeric_limits<std::int64_t>::min(),
                                          std::numeric_limits<std::uint64_t>::max(),
                                          std::monostate{},
                                          true,
                                          JsonText{"[1,2]"}};
  const std::string line = RowLine(kColumns, values);
  EXPECT_EQ(line,
            R"({"run_id":"r","small":-9223372036854775808,"big":18446744073709551615,)"
            R"("real":null,"flag":true,"shape":[1,2]})"
            "\n");
  // And a JSON reader takes them back exactly (Boost.JSON keeps u64 and i64 apart).
  const boost::json::object row = boost::json::parse(line).as_object();
  EXPECT_EQ(row.at("big").as_uint64(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(row.at("small").as_int64(), std::numeric_limits<std::int64_t>::min());
}

TEST(NdjsonRow, ZeroAndTheLargestSignedValueAndRealsRoundTrip) {
  const std::vector<TableValue> values = {std::string_view(""),
                                          std::numeric_limits<std::int64_t>::max(),
                                          std::uint64_t{0},
                                          0.1,
                                          false,
                                          JsonText{"{\"a\":null}"}};
  const std::string line = RowLine(kColumns, values);
  const boost::json::object row = boost::json::parse(line).as_object();
  EXPECT_EQ(row.at("small").as_int64(), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(row.at("big").to_number<std::uint64_t>(), 0u);
  EXPECT_EQ(row.at("real").as_double(), 0.1);
  EXPECT_FALSE(row.at("flag").as_bool());
  EXPECT_TRUE(row.at("shape").as_object().at("a").is_null());
  EXPECT_EQ(row.at("run_id").as_string(), "");
}

TEST(NdjsonRow, TextIsEscapedAndStaysOneLine) {
  const std::string hostile = "a\"b\\c\nd\x01\xC3\xA9</script>";
  const std::vector<TableValue> values = {std::string_view(hostile), std::monostate{},
                                          std::uint64_t{1}, 1.5, true, JsonText{""}};
  const std::string line = RowLine(kColumns, values);
  EXPECT_EQ(line.find('\n'), line.size() - 1);
  const boost::json::object row = boost::json::parse(line).as_object();
  EXPECT_EQ(row.at("run_id").as_string(), hostile);
  // An empty JSON text would leave the line invalid: it is null.
  EXPECT_TRUE(row.at("shape").is_null());
  EXPECT_TRUE(row.at("small").is_null());
}

}  // namespace
}  // namespace tracedoc::tables
