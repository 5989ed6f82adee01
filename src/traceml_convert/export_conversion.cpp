// Interim: the typed export converted whole (replaced by the streaming conversion).
#include "traceml_convert/export_conversion.hpp"

#include "tracedoc/traceml_convert.hpp"

namespace tracedoc::traceml_convert {
namespace {

void CopyWarnings(const TraceMLExport& records, DiagnosticLog* log) {
  if (log == nullptr) return;
  for (const TraceMLWarning& warning : records.warnings) {
    Diagnostic diagnostic;
    diagnostic.code = warning.code == TraceMLWarningCode::kUnknownField
                          ? DiagnosticCode::kTraceMLUnknownField
                      : warning.code == TraceMLWarningCode::kFieldOrder
                          ? DiagnosticCode::kTraceMLFieldOrder
                      : warning.code == TraceMLWarningCode::kDuplicateKey
                          ? DiagnosticCode::kTraceMLDuplicateKey
                          : DiagnosticCode::kTraceMLDroppedBatches;
    diagnostic.line = warning.line;
    diagnostic.field = warning.field;
    diagnostic.message = warning.message;
    log->Add(std::move(diagnostic));
  }
  for (std::uint64_t i = records.warnings.size(); i < records.total_warnings; ++i) {
    log->Count(Severity::kWarning);
  }
}

}  // namespace

Result<TraceDocument> ConvertExport(const TraceInput& input,
                                    const ExportConversionOptions& options) {
  BOOST_OUTCOME_TRY(const TraceMLExport records, ReadTraceMLExport(input, options.read));
  CopyWarnings(records, options.diagnostics);
  return ToTraceDocument(records);
}

Result<void> CheckExport(const TraceInput& input, const ExportConversionOptions& options) {
  BOOST_OUTCOME_TRY(const TraceMLExport records, ReadTraceMLExport(input, options.read));
  CopyWarnings(records, options.diagnostics);
  return boost::outcome_v2::success();
}

}  // namespace tracedoc::traceml_convert
