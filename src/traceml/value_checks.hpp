// The value rules of a column (docs/traceml-export.md, "Values"): types, nulls, units.
#ifndef TRACEDOC_TRACEML_VALUE_CHECKS_HPP_
#define TRACEDOC_TRACEML_VALUE_CHECKS_HPP_

#include <cstdint>
#include <string>
#include <vector>

#include "traceml/line_context.hpp"
#include "traceml/stream_columns.hpp"

namespace tracedoc::traceml {

/// Reads the value at `node` by `rule` into `target`; `field` is its path for errors. Unknown
/// members inside it (an events map's) go to `unknown`. kStream and kSchemaVersion are checked
/// before (CheckStreamHead) and read nothing here.
Result<void> ReadColumnValue(LineContext& ctx, std::uint32_t node, ColumnRule rule,
                             const ColumnTarget& target, const std::string& field,
                             std::vector<TraceMLUnknownField>& unknown);

/// A non-negative integer literal (`1.0` and `1e3` are not): invalid_type, out_of_range.
Result<std::uint64_t> ReadCount(LineContext& ctx, std::uint32_t node, const std::string& field);

}  // namespace tracedoc::traceml

#endif  // TRACEDOC_TRACEML_VALUE_CHECKS_HPP_
