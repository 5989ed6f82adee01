#include "traceml/closing_line.hpp"

#include <array>
#include <string>

#include "traceml/column_object.hpp"
#include "traceml/stream_columns.hpp"

namespace tracedoc::traceml {

bool IsClosingLine(LineContext& ctx, std::uint32_t node) {
  return FindMember(ctx, node, "written_records") != 0 &&
         FindMember(ctx, node, "dropped_batches") != 0;
}

Result<TraceMLClosingLine> ReadClosingLine(LineContext& ctx, std::uint32_t node) {
  TraceMLClosingLine closing;
  closing.line = ctx.line();
  std::array<ColumnTarget, kMaxColumns> targets;
  BindColumns(closing, targets.data());
  // The seed fixes no order for these two members.
  BOOST_OUTCOME_TRY(ReadColumnObject(ctx, node, ClosingColumns(), targets.data(),
                                     ObjectReadOptions{{}, false}, closing.unknown));
  if (closing.dropped_batches != 0) {
    ctx.Warn(TraceMLWarningCode::kDroppedBatches, "dropped_batches", [&] {
      return "the exporter dropped " + std::to_string(closing.dropped_batches) +
             " payload batches: records are missing from this export";
    });
  }
  return closing;
}

Error LineAfterClosingLine(const TraceMLClosingLine& closing, std::uint64_t line) {
  return Error{ErrorCode::kTraceMLClosingLineNotLast,
               closing.line,
               std::nullopt,
               std::nullopt,
               {},
               "the closing line is followed by line " + std::to_string(line) +
                   "; it must be the last non-blank line"};
}

Result<void> CheckWrittenRecords(const TraceMLExport& export_records) {
  const TraceMLClosingLine& closing = *export_records.closing;
  const std::uint64_t records = export_records.record_count();
  if (closing.written_records == records) return boost::outcome_v2::success();
  return Error{ErrorCode::kTraceMLWrittenRecordsMismatch,
               closing.line,
               std::nullopt,
               std::nullopt,
               "written_records",
               "`written_records` is " + std::to_string(closing.written_records) +
                   " but the file has " + std::to_string(records) + " records"};
}

}  // namespace tracedoc::traceml
