// The one table of error codes: names, stages and descriptions (docs/tracedoc.md §2).
#include "tracedoc/error.hpp"

#include <array>

#include "text/terminal_text.hpp"

namespace tracedoc {
namespace {

struct CodeInfo {
  ErrorCode code;
  std::string_view name;
  ErrorStage stage;
  std::string_view description;
};

using enum ErrorStage;
constexpr std::array<CodeInfo, kErrorCodeCount> kCodes = {{
    {ErrorCode::kIoError, "io_error", kInput, "the file cannot be opened or read"},
    {ErrorCode::kLimitExceeded, "limit_exceeded", kInput,
     "a configured bound is exceeded: line length, nesting depth, string length, record count"},
    {ErrorCode::kInvalidUtf8, "invalid_utf8", kLine, "the line is not valid UTF-8"},
    {ErrorCode::kInvalidJson, "invalid_json", kLine,
     "not one JSON value, or characters after it (a UTF-8 byte-order mark included)"},
    {ErrorCode::kNotAnObject, "not_an_object", kLine, "the JSON value is not an object"},
    {ErrorCode::kDuplicateKey, "duplicate_key", kRecord,
     "a key appears twice in one object (`kind` included)"},
    {ErrorCode::kMissingField, "missing_field", kRecord,
     "a required key is absent (`kind` included)"},
    {ErrorCode::kUnknownKind, "unknown_kind", kRecord,
     "`kind` names no record kind (spellings are exact and case-sensitive)"},
    {ErrorCode::kInvalidType, "invalid_type", kRecord,
     "a value has the wrong JSON type, including `null` where no null is allowed and `1.0` or "
     "`1e3` for an integer"},
    {ErrorCode::kInvalidValue, "invalid_value", kRecord,
     "a string is not one of the enumeration's spellings"},
    {ErrorCode::kOutOfRange, "out_of_range", kRecord,
     "an integer is negative or above 18446744073709551615, or a number overflows a double"},
    {ErrorCode::kUnknownField, "unknown_field", kRecord,
     "a key the record kind does not define, only when the strict read option is on"},
    {ErrorCode::kMissingMeta, "missing_meta", kStream,
     "no meta record, or a first record that is not meta; an empty stream"},
    {ErrorCode::kMetaNotFirst, "meta_not_first", kStream, "a meta record after the first record"},
    {ErrorCode::kEventAfterTerminal, "event_after_terminal", kStream,
     "any record after the terminal"},
    {ErrorCode::kDuplicateSpanStart, "duplicate_span_start", kStream, "a span id started twice"},
    {ErrorCode::kUnknownSpanEnd, "unknown_span_end", kStream,
     "a span_end whose id was not started earlier"},
    {ErrorCode::kDuplicateSpanEnd, "duplicate_span_end", kStream, "a span closed twice"},
    {ErrorCode::kInvalidTensorStats, "invalid_tensor_stats", kStream,
     "a tensor_stats record breaks one of its validity rules"},
    {ErrorCode::kMissingTerminal, "missing_terminal", kStream, "no terminal record"},
    {ErrorCode::kUnsupportedSchema, "unsupported_schema", kStream,
     "a schema tracedoc does not read"},
    {ErrorCode::kSchemaLacksTensorStats, "schema_lacks_tensor_stats", kStream,
     "tensor_stats under `candle-graph/trace/9`"},
    {ErrorCode::kCompleteWithReason, "complete_with_reason", kStream,
     "a complete terminal that carries a reason"},
    {ErrorCode::kFailedWithoutReason, "failed_without_reason", kStream,
     "a failed terminal with no reason or a blank one"},
    {ErrorCode::kTerminalBeforeEvidence, "terminal_before_evidence", kStream,
     "the terminal's timestamp precedes the latest host evidence"},
    {ErrorCode::kCirronFileName, "cirron_file_name", kSpool,
     "a batch file's name is not `<created_ns, 20 digits>-<batch_id, 32 lower-case hex>.json`"},
    {ErrorCode::kCirronNameMismatch, "cirron_name_mismatch", kSpool,
     "a batch file's name disagrees with the batch's `created_ns` or `batch_id`"},
    {ErrorCode::kCirronUnsupportedSchema, "cirron_unsupported_schema", kSpool,
     "a batch whose `schema_version` is not 1"},
    {ErrorCode::kCirronInvalidId, "cirron_invalid_id", kSpool,
     "an id that is not 32 lower-case hex digits (a mark's `span_id` may also be `root`)"},
    {ErrorCode::kCirronEndBeforeStart, "cirron_end_before_start", kSpool,
     "a span whose `end_ns` is less than its `start_ns`"},
    {ErrorCode::kCirronValueTypeMismatch, "cirron_value_type_mismatch", kSpool,
     "a mark whose `value` is not of its `value_type`"},
    {ErrorCode::kCirronBlobUriMismatch, "cirron_blob_uri_mismatch", kSpool,
     "a snapshot whose `blob_uri` is null in mode `sampled` or `full`, or set in mode `stats`"},
    {ErrorCode::kCirronInvalidHistogram, "cirron_invalid_histogram", kSpool,
     "a histogram without 17 non-decreasing bins and 16 non-negative counts"},
    {ErrorCode::kCirronDuplicateId, "cirron_duplicate_id", kSpool,
     "an id given to two spans, two marks or two snapshots of one spool"},
    {ErrorCode::kCirronEmptySpool, "cirron_empty_spool", kSpool,
     "a spool converted into a trace holds no batch"},
    {ErrorCode::kTraceMLUnknownStream, "traceml_unknown_stream", kExport,
     "a record whose `stream` is not one of the seven TraceML streams"},
    {ErrorCode::kTraceMLUnsupportedSchema, "traceml_unsupported_schema", kExport,
     "a record whose `schema_version` is not the integer 1"},
    {ErrorCode::kTraceMLFieldOrder, "traceml_field_order", kExport,
     "a record's fields out of its stream's column order, only when the strict read option is on"},
    {ErrorCode::kTraceMLRankMismatch, "traceml_rank_mismatch", kExport,
     "a record whose `rank` differs from its `global_rank` (null included)"},
    {ErrorCode::kTraceMLHostnameInconsistent, "traceml_hostname_inconsistent", kExport,
     "`hostname` present on some records of an export and absent on others"},
    {ErrorCode::kTraceMLWrittenRecordsMismatch, "traceml_written_records_mismatch", kExport,
     "the closing line's `written_records` differs from the records in the file"},
    {ErrorCode::kTraceMLClosingLineNotLast, "traceml_closing_line_not_last", kExport,
     "a non-blank line after the closing line"},
}};

constexpr bool TableMatchesEnum() {
  for (int i = 0; i < kErrorCodeCount; ++i) {
    if (static_cast<int>(kCodes[i].code) != i) return false;
  }
  return true;
}
static_assert(TableMatchesEnum(), "kCodes must list the codes in enum order");

const CodeInfo& Info(ErrorCode code) noexcept { return kCodes[static_cast<std::size_t>(code)]; }

}  // namespace

std::string_view ErrorCodeName(ErrorCode code) noexcept { return Info(code).name; }
std::string_view ErrorCodeDescription(ErrorCode code) noexcept { return Info(code).description; }
ErrorStage ErrorCodeStage(ErrorCode code) noexcept { return Info(code).stage; }

std::optional<ErrorCode> ErrorCodeFromName(std::string_view name) noexcept {
  for (const CodeInfo& info : kCodes) {
    if (info.name == name) return info.code;
  }
  return std::nullopt;
}

std::string TerminalText(std::string_view text) { return text::TerminalSafe(text); }

std::string FormatError(std::string_view file, const Error& error) {
  std::string out;
  text::AppendTerminalSafe(out, error.file.empty() ? file : std::string_view(error.file));
  out += ':';
  out += std::to_string(error.line);
  if (!error.file.empty() && error.column && error.line != 0) {
    out += ':';
    out += std::to_string(*error.column);
  }
  out += ": error[";
  out += ErrorCodeName(error.code);
  out += "]: ";
  // One line, always: control characters in the message (a span id may hold a newline) are
  // written as escapes here; Error::message itself stays the reference's text.
  text::AppendTerminalSafe(out, error.message);
  return out;
}

}  // namespace tracedoc
