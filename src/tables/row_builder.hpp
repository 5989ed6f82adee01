// One row of a table being filled, value by value in column order: the cells EmitTableRows hands
// to a sink. JSON cells are written into scratch text the builder keeps, so their views stay valid
// until the next Clear(); the scratch is reused from row to row, never one allocation a row.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tracedoc/tables.hpp"

namespace tracedoc::tables {

class RowBuilder {
 public:
  /// Starts a new row; the previous row's JSON views become invalid.
  void Clear() noexcept {
    values_.clear();
    json_used_ = 0;
  }

  RowBuilder& Null() { return Add(std::monostate{}); }
  RowBuilder& Text(std::string_view text) { return Add(text); }
  RowBuilder& Text(std::optional<std::string_view> text) {
    return text ? Add(*text) : Null();
  }
  RowBuilder& U64(std::uint64_t value) { return Add(value); }
  RowBuilder& U64(std::optional<std::uint64_t> value) { return value ? Add(*value) : Null(); }
  RowBuilder& Bool(bool value) { return Add(value); }
  /// A non-finite value is null: neither JSON nor every SQL engine keeps NaN and the infinities.
  RowBuilder& Real(double value) { return std::isfinite(value) ? Add(value) : Null(); }
  RowBuilder& Real(std::optional<double> value) { return value ? Real(*value) : Null(); }

  /// Scratch text for the next JSON cell, emptied; pass it to Json() once written. At most
  /// kJsonCells JSON cells a row.
  std::string& JsonScratch() {
    std::string& scratch = json_[json_used_];
    scratch.clear();
    return scratch;
  }
  /// Adds the text last written into JsonScratch().
  RowBuilder& Json() { return Add(JsonText{json_[json_used_++]}); }

  /// `items` as a JSON array of integers.
  RowBuilder& JsonIntegers(std::span<const std::uint64_t> items);
  /// `items` as a JSON array of strings.
  RowBuilder& JsonStrings(std::span<const std::string_view> items);

  std::span<const TableValue> values() const noexcept { return values_; }

  static constexpr std::size_t kJsonCells = 3;

 private:
  RowBuilder& Add(TableValue value) {
    values_.push_back(value);
    return *this;
  }

  std::vector<TableValue> values_;
  std::array<std::string, kJsonCells> json_;
  std::size_t json_used_ = 0;
};

}  // namespace tracedoc::tables
