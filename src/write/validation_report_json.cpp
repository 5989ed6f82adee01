// validate's per-file report (README, "Command line"): the keys in a fixed order, every one
// always present, absent parts of the error written as `null`.
#include <ostream>
#include <string>
#include <string_view>

#include "tracedoc/validation_report.hpp"
#include "emit/json_emitter.hpp"

namespace tracedoc {
namespace {

// An error's or diagnostic's file and field are empty when it has none: `null` in the report.
void EmitTextOrNull(emit::JsonEmitter& json, std::string_view key, std::string_view text) {
  json.Key(key);
  if (text.empty()) {
    json.Null();
  } else {
    json.String(text);
  }
}

void EmitError(emit::JsonEmitter& json, const Error& error) {
  json.BeginObject();
  json.Key("code").String(ErrorCodeName(error.code));
  json.Key("line").U64(error.line);  // 0: the stream as a whole (docs/tracedoc.md §2)
  json.Key("index").U64OrNull(error.index);
  json.Key("column").U64OrNull(error.column);
  EmitTextOrNull(json, "field", error.field);
  json.Key("message").String(error.message);
  // Only a spool's errors name a file of their own: a trace's report keeps its shape.
  if (!error.file.empty()) json.Key("file").String(error.file);
  json.EndObject();
}

void EmitDiagnostic(emit::JsonEmitter& json, const Diagnostic& diagnostic) {
  json.BeginObject();
  json.Key("severity").String(SeverityName(diagnostic.severity));
  json.Key("code").String(DiagnosticCodeName(diagnostic.code));
  EmitTextOrNull(json, "file", diagnostic.file);
  json.Key("line").U64(diagnostic.line);
  json.Key("column").U64OrNull(diagnostic.column);
  EmitTextOrNull(json, "field", diagnostic.field);
  json.Key("message").String(diagnostic.message);
  json.EndObject();
}

// `log` is null for a read that stopped at its first error.
void EmitReport(emit::JsonEmitter& json, std::string_view file, const Result<void>& result,
                const ValidationReportParts& parts) {
  const ErrorLog* log = parts.errors;
  const DiagnosticLog* diagnostics = parts.diagnostics;
  json.BeginObject();
  json.Key("file").String(file);
  if (parts.session > 0) {
    json.Key("session").U64(parts.session);
    json.Key("run_id").String(parts.run_id);
  }
  json.Key("ok").Bool(result.has_value());
  if (result) {
    json.Key("error").Null();
  } else {
    json.Key("error");
    EmitError(json, result.error());
  }
  if (log != nullptr) {
    json.Key("errors").BeginArray();
    for (const Error& error : log->errors) EmitError(json, error);
    json.EndArray();
    json.Key("error_count").U64(log->total);
  }
  if (diagnostics != nullptr) {
    json.Key("diagnostics").BeginArray();
    for (const Diagnostic& diagnostic : diagnostics->kept) EmitDiagnostic(json, diagnostic);
    json.EndArray();
    json.Key("diagnostic_count").U64(diagnostics->total);
  }
  json.EndObject();
}

}  // namespace

std::string WriteValidationReportJson(std::string_view file, const Result<void>& result,
                                      const WriteOptions& options) {
  return emit::EmitJsonString(options.pretty, EmitReport, file, result, ValidationReportParts{});
}

void WriteValidationReportJson(std::string_view file, const Result<void>& result,
                               std::ostream& out, const WriteOptions& options) {
  emit::EmitJson(out, options.pretty, EmitReport, file, result, ValidationReportParts{});
}

std::string WriteValidationReportJson(std::string_view file, const Result<void>& result,
                                      const ErrorLog& log, const WriteOptions& options) {
  return emit::EmitJsonString(options.pretty, EmitReport, file, result,
                              ValidationReportParts{&log, nullptr, 0, {}});
}

void WriteValidationReportJson(std::string_view file, const Result<void>& result,
                               const ErrorLog& log, std::ostream& out,
                               const WriteOptions& options) {
  emit::EmitJson(out, options.pretty, EmitReport, file, result,
                 ValidationReportParts{&log, nullptr, 0, {}});
}

void WriteValidationReportJson(std::string_view file, const Result<void>& result,
                               const ValidationReportParts& parts, std::ostream& out,
                               const WriteOptions& options) {
  emit::EmitJson(out, options.pretty, EmitReport, file, result, parts);
}

}  // namespace tracedoc
