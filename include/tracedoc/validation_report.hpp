// The verdict on one trace as JSON: what `tracedoc validate --json` prints for each file. Written
// from ValidateTrace's (or ReadTrace's) result, after the read, beside the other JSON writers.
#ifndef TRACEDOC_VALIDATION_REPORT_HPP_
#define TRACEDOC_VALIDATION_REPORT_HPP_

#include <iosfwd>
#include <cstdint>
#include <string>
#include <string_view>

#include "tracedoc/diagnostic.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/write_options.hpp"

namespace tracedoc {

/// `{"file":FILE,"ok":true,"error":null}` when `result` holds a value, else
/// `{"file":FILE,"ok":false,"error":{"code","line","index","column","field","message"}}` with
/// the error's parts (`line` 0 for the stream as a whole; absent `index`, `column` and an empty
/// `field` written as `null`). `file` is written as given. No trailing newline. No errors.
std::string WriteValidationReportJson(std::string_view file, const Result<void>& result,
                                      const WriteOptions& options = {});

/// The same text written to `out`. No errors are reported: a failing stream keeps its state
/// (check `out` afterwards) and is written to no further.
void WriteValidationReportJson(std::string_view file, const Result<void>& result,
                               std::ostream& out, const WriteOptions& options = {});

/// The report of a read that collected its errors (ReadOptions::collect_errors): as above, then
/// `"errors":[…]` (every error `log` kept, each as `error` is written) and `"error_count":N`
/// (every error found, kept or not). No errors.
std::string WriteValidationReportJson(std::string_view file, const Result<void>& result,
                                      const ErrorLog& log, const WriteOptions& options = {});

/// The same text written to `out`, as above.
void WriteValidationReportJson(std::string_view file, const Result<void>& result,
                               const ErrorLog& log, std::ostream& out,
                               const WriteOptions& options = {});

/// What a report holds beyond the verdict, each part when given.
struct ValidationReportParts {
  /// Every error of a read that collected them: `"errors"` and `"error_count"` as above.
  const ErrorLog* errors = nullptr;
  /// A spool's or an export's diagnostics: `"diagnostics":[…]`, each
  /// `{"severity","code","file","line","column","field","message"}` (an absent file, column or
  /// field written as `null`), and `"diagnostic_count":N` (every one, kept or not).
  const DiagnosticLog* diagnostics = nullptr;
  /// The position (1 = oldest) of the session of a spool of several that this report judges,
  /// and its id: `"session":POSITION,"run_id":ID` right after `"file"`. 0: not written.
  std::uint32_t session = 0;
  std::string_view run_id;
};

/// The report with its parts, written to `out`. An error that names its own file (a spool's)
/// has a `"file"` member after `"message"`. No errors reported, as above.
void WriteValidationReportJson(std::string_view file, const Result<void>& result,
                               const ValidationReportParts& parts, std::ostream& out,
                               const WriteOptions& options = {});

}  // namespace tracedoc

#endif  // TRACEDOC_VALIDATION_REPORT_HPP_
