// The error model: one stable code per failure, where it happened, and Result<T>.
// Every fallible function of the library returns tracedoc::Result<T>; no exception crosses the API.
#ifndef TRACEDOC_ERROR_HPP_
#define TRACEDOC_ERROR_HPP_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/outcome/basic_result.hpp>
#include <boost/outcome/policy/terminate.hpp>
#include <boost/outcome/try.hpp>

namespace tracedoc {

/// The stable error codes of docs/tracedoc.md §2. Their spellings (ErrorCodeName) never change.
enum class ErrorCode : std::uint8_t {
  // input
  kIoError,
  kLimitExceeded,
  // line
  kInvalidUtf8,
  kInvalidJson,
  kNotAnObject,
  // record
  kDuplicateKey,
  kMissingField,
  kUnknownKind,
  kInvalidType,
  kInvalidValue,
  kOutOfRange,
  kUnknownField,
  // stream (the fold)
  kMissingMeta,
  kMetaNotFirst,
  kEventAfterTerminal,
  kDuplicateSpanStart,
  kUnknownSpanEnd,
  kDuplicateSpanEnd,
  kInvalidTensorStats,
  kMissingTerminal,
  kUnsupportedSchema,
  kSchemaLacksTensorStats,
  kCompleteWithReason,
  kFailedWithoutReason,
  kTerminalBeforeEvidence,
  // spool (a Cirron spool's rules, docs/cirron-spool.md)
  kCirronFileName,
  kCirronNameMismatch,
  kCirronUnsupportedSchema,
  kCirronInvalidId,
  kCirronEndBeforeStart,
  kCirronValueTypeMismatch,
  kCirronBlobUriMismatch,
  kCirronInvalidHistogram,
  kCirronDuplicateId,
  kCirronEmptySpool,
  // export (a TraceML export's rules, docs/traceml-export.md)
  kTraceMLUnknownStream,
  kTraceMLUnsupportedSchema,
  kTraceMLFieldOrder,
  kTraceMLRankMismatch,
  kTraceMLHostnameInconsistent,
  kTraceMLWrittenRecordsMismatch,
  kTraceMLClosingLineNotLast,
};

/// The number of error codes; codes run from 0 to kErrorCodeCount - 1.
inline constexpr int kErrorCodeCount = static_cast<int>(ErrorCode::kTraceMLClosingLineNotLast) + 1;

/// Where a code belongs in the pipeline (docs/tracedoc.md §2, column "stage").
enum class ErrorStage : std::uint8_t { kInput, kLine, kRecord, kStream, kSpool, kExport };

/// The code's spelling in JSON and on the command line, e.g. "duplicate_span_start".
std::string_view ErrorCodeName(ErrorCode code) noexcept;
/// One sentence saying when the code is raised (the table of docs/tracedoc.md §2).
std::string_view ErrorCodeDescription(ErrorCode code) noexcept;
/// The stage that raises the code.
ErrorStage ErrorCodeStage(ErrorCode code) noexcept;
/// The code spelled `name`, if any.
std::optional<ErrorCode> ErrorCodeFromName(std::string_view name) noexcept;

/// A failure: what rule broke, where, and a message (the reference's text for fold rules).
struct Error {
  ErrorCode code = ErrorCode::kIoError;
  /// 1-based physical line; 0 when the error is about the stream as a whole.
  std::uint64_t line = 0;
  /// 0-based position among non-blank records; absent when not tied to a record.
  std::optional<std::uint64_t> index;
  /// 1-based byte column within the physical line where the JSON parser stopped.
  std::optional<std::uint64_t> column;
  /// JSON key path such as `capture_contract.operations`; empty when no field is involved.
  std::string field;
  std::string message;
  /// The file that holds `line` when it is not the input itself (a Cirron spool's batch file,
  /// as a path); empty otherwise.
  std::string file{};

  friend bool operator==(const Error&, const Error&) = default;
};

/// `FILE:LINE: error[CODE]: MESSAGE`, the command line's one-line form (LINE 0 for the stream).
/// FILE is the error's own file when it names one, else `file`; an error naming its own file
/// (a spool's) also gives its column, `FILE:LINE:COLUMN:`.
std::string FormatError(std::string_view file, const Error& error);

/// `text` as FormatError writes a file name and a message, for a terminal: the C0 and C1 control
/// characters and DEL as escapes (`\n`, `\u001b`, `\u009b`), a byte that is not UTF-8 as `\xhh`,
/// everything else as it is. The one escaping of every text output a person reads.
std::string TerminalText(std::string_view text);

/// A value or an Error. Accessing the wrong side is a programming error and terminates.
template <class T>
using Result = boost::outcome_v2::basic_result<T, Error, boost::outcome_v2::policy::terminate>;

}  // namespace tracedoc

#endif  // TRACEDOC_ERROR_HPP_
