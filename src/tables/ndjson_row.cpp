// A row's values through the one JSON emitter: one visit per value.
#include "tables/ndjson_row.hpp"

#include <charconv>
#include <cstdint>
#include <string_view>
#include <variant>

#include "util/overloaded.hpp"

namespace tracedoc::tables {
namespace {

void EmitValue(emit::JsonEmitter& json, const TableValue& value) {
  std::visit(util::Overloaded{
                 [&](std::monostate) { json.Null(); },
                 [&](std::int64_t v) {
                   // -9223372036854775808 has 20 characters.
                   char digits[20];
                   const char* end = std::to_chars(digits, digits + sizeof digits, v).ptr;
                   json.Raw(std::string_view(digits, static_cast<std::size_t>(end - digits)));
                 },
                 [&](std::uint64_t v) { json.U64(v); },
                 [&](double v) { json.Double(v); },
                 [&](bool v) { json.Bool(v); },
                 [&](std::string_view v) { json.String(v); },
                 [&](const JsonText& v) {
                   // Empty text is no JSON value: the line stays one.
                   if (v.json.empty()) {
                     json.Null();
                   } else {
                     json.Raw(v.json);
                   }
                 },
             },
             value);
}

}  // namespace

void EmitNdjsonRow(emit::JsonEmitter& json, std::span<const ColumnDefinition> columns,
                   std::span<const TableValue> values) {
  json.BeginObject();
  for (std::size_t i = 0; i < columns.size() && i < values.size(); ++i) {
    json.PlainKey(columns[i].name);
    EmitValue(json, values[i]);
  }
  json.EndObject();
  json.EndLine();
}

}  // namespace tracedoc::tables
