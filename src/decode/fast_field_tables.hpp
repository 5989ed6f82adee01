// The field tables as the decoder's fast path (decode/fast_record_decoder) reads them: for each
// record kind, its keys in table order and where each value goes in the record. Built once from
// format/record_fields' tables, so that the two paths cannot disagree on a kind's fields.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "format/field_slot.hpp"
#include "format/record_traits.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::decode {

/// One key of a record kind.
struct FastField {
  std::string_view name;
  format::SlotKind kind = format::SlotKind::kUnhandled;
  /// Of the member within the record.
  std::uint32_t offset = 0;
  bool (*set_enum)(void* target, std::string_view spelling) = nullptr;
};

/// One record kind (an edge: one of its two tables).
struct FastRecordTable {
  /// Makes `event` a default record of the kind and returns its address; null for the kinds
  /// only the general path reads (the meta).
  void* (*emplace)(Event& event) = nullptr;
  std::vector<FastField> fields;
  /// One bit per required field, by its place in `fields` (no table has 32 fields).
  std::uint32_t required = 0;
};

struct FastTables {
  /// By variant index (Event::index()); the edge's entry is the call edge's table.
  std::array<FastRecordTable, format::kKindCount> kinds;
  FastRecordTable data_edge;
};

/// The tables of trace/10 (and trace/9); built on first use, shared by every thread.
const FastTables& GetFastTables();

}  // namespace tracedoc::decode
