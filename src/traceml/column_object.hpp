// One JSON object read through a column table (docs/traceml-export.md, "Fields"): each known
// member by its rule, a member named twice is duplicate_key, an unknown member is kept with a
// warning (unknown_field under strict), members out of column order are a warning
// (traceml_field_order under strict), a missing column is missing_field.
#ifndef TRACEDOC_TRACEML_COLUMN_OBJECT_HPP_
#define TRACEDOC_TRACEML_COLUMN_OBJECT_HPP_

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "traceml/line_context.hpp"
#include "traceml/stream_columns.hpp"

namespace tracedoc::traceml {

struct ObjectReadOptions {
  /// The path of the object in messages (empty at the top of the line).
  std::string_view path;
  /// Whether the column order is checked (the closing line has none).
  bool check_order = true;
};

/// Reads the object at `node` (the caller has checked it is one) through `columns`, whose
/// values go to `targets` (same order). Returns whether the `hostname` column was present.
Result<bool> ReadColumnObject(LineContext& ctx, std::uint32_t node, std::span<const Column> columns,
                              const ColumnTarget* targets, const ObjectReadOptions& options,
                              std::vector<TraceMLUnknownField>& unknown);

}  // namespace tracedoc::traceml

#endif  // TRACEDOC_TRACEML_COLUMN_OBJECT_HPP_
