#include "tables/row_builder.hpp"

#include "emit/json_format.hpp"

namespace tracedoc::tables {
namespace {

template <class T, class AppendItem>
void AppendArray(std::string& json, std::span<const T> items, AppendItem append_item) {
  json += '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i != 0) json += ',';
    append_item(json, items[i]);
  }
  json += ']';
}

}  // namespace

RowBuilder& RowBuilder::JsonIntegers(std::span<const std::uint64_t> items) {
  AppendArray(JsonScratch(), items, emit::AppendJsonU64);
  return Json();
}

RowBuilder& RowBuilder::JsonStrings(std::span<const std::string_view> items) {
  AppendArray(JsonScratch(), items, emit::AppendJsonString);
  return Json();
}

}  // namespace tracedoc::tables
