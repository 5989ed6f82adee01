#include "tables_sqlite/row_batch.hpp"

#include <string_view>
#include <variant>

namespace tracedoc::tables_sqlite {
namespace {

std::size_t TextBytes(std::span<const TableValue> row) noexcept {
  std::size_t bytes = 0;
  for (const TableValue& value : row) {
    if (const auto* text = std::get_if<std::string_view>(&value)) bytes += text->size();
    if (const auto* json = std::get_if<JsonText>(&value)) bytes += json->json.size();
  }
  return bytes;
}

}  // namespace

RowBatch::RowBatch() { text_.reserve(kTextBytes); }

void RowBatch::Start(std::size_t table) {
  table_ = table;
  columns_ = TableDefinitions()[table].columns.size();
  rows_ = 0;
  cells_.clear();
  text_.clear();
  // A batch that took one outsized cell gives its room back.
  if (text_.capacity() > kTextBytes) std::string().swap(text_);
  text_.reserve(kTextBytes);
}

bool RowBatch::FitsBytes(std::size_t bytes) const noexcept {
  return rows_ == 0 || (rows_ < kMaxRows && text_.size() + bytes <= kTextBytes);
}

bool RowBatch::Fits(std::span<const TableValue> row) const noexcept {
  return FitsBytes(TextBytes(row));
}

bool RowBatch::Add(std::span<const TableValue> row) {
  const std::size_t bytes = TextBytes(row);
  if (!FitsBytes(bytes)) return false;
  // Only an empty batch grows (FitsBytes): no cell views the text yet.
  if (text_.size() + bytes > text_.capacity()) text_.reserve(text_.size() + bytes);
  const auto copy = [this](std::string_view text) {
    const std::size_t at = text_.size();
    text_.append(text);
    return std::string_view(text_.data() + at, text.size());
  };
  for (const TableValue& value : row) {
    if (const auto* text = std::get_if<std::string_view>(&value)) {
      cells_.emplace_back(copy(*text));
    } else if (const auto* json = std::get_if<JsonText>(&value)) {
      cells_.emplace_back(JsonText{copy(json->json)});
    } else {
      cells_.push_back(value);
    }
  }
  ++rows_;
  return true;
}

std::span<const TableValue> RowBatch::Row(std::size_t i) const noexcept {
  return std::span<const TableValue>(cells_).subspan(i * columns_, columns_);
}

}  // namespace tracedoc::tables_sqlite
