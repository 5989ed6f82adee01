// The exporter's closing line (docs/traceml-export.md, "Closing line"): an object without
// `stream` that has both `written_records` and `dropped_batches`, the file's last non-blank line.
#ifndef TRACEDOC_TRACEML_CLOSING_LINE_HPP_
#define TRACEDOC_TRACEML_CLOSING_LINE_HPP_

#include <cstdint>

#include "traceml/line_context.hpp"

namespace tracedoc::traceml {

/// Whether the object at `node`, which has no `stream`, is shaped as a closing line.
bool IsClosingLine(LineContext& ctx, std::uint32_t node);

/// Reads the closing line at `node`; its other members are kept as unknown (a warning, or
/// unknown_field under strict); dropped_batches > 0 is a warning.
Result<TraceMLClosingLine> ReadClosingLine(LineContext& ctx, std::uint32_t node);

/// traceml_closing_line_not_last, at the closing line: the non-blank line `line` follows it.
Error LineAfterClosingLine(const TraceMLClosingLine& closing, std::uint64_t line);

/// traceml_written_records_mismatch when the closing line's count is not the file's records.
Result<void> CheckWrittenRecords(const TraceMLExport& export_records);

}  // namespace tracedoc::traceml

#endif  // TRACEDOC_TRACEML_CLOSING_LINE_HPP_
