// One row of a table as one line of NDJSON: an object whose keys are the column names, in the
// table's column order, values as the emitter writes them (docs/fleet.md §2).
#pragma once

#include <span>

#include "emit/json_emitter.hpp"
#include "tracedoc/tables.hpp"

namespace tracedoc::tables {

/// Writes `{"column":value,...}` and the line's end. A u64 or an int64 is its exact decimal
/// integer (a JSON number of up to 20 digits: a reader declares the column's type, say DuckDB's
/// UBIGINT, rather than letting a double take it); a real as the emitter's shortest round trip;
/// text escaped (AppendJsonString); a JSON column's text as it is (an object or an array, not a
/// string holding one); null as null. `values` has one value per column.
void EmitNdjsonRow(emit::JsonEmitter& json, std::span<const ColumnDefinition> columns,
                   std::span<const TableValue> values);

}  // namespace tracedoc::tables
