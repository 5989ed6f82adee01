// TraceML exports on the command line (docs/traceml-export.md, "Command line"): an input is an
// export with `--from traceml`, or by itself when its first non-blank line looks like one.
#ifndef TRACEDOC_CLI_TRACEML_INPUT_HPP_
#define TRACEDOC_CLI_TRACEML_INPUT_HPP_

#include <ostream>
#include <string>
#include <string_view>

#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/traceml_export.hpp"

namespace tracedoc::cli {

/// The `--from` spelling of a TraceML export.
inline constexpr std::string_view kFromTraceML = "traceml";

/// Whether `file` is read as a TraceML export: `from` says so, or, when `from` is empty, `file`
/// is a regular file whose first non-blank line is a JSON object whose first key is `stream`,
/// or that has no `stream` but both `written_records` and `dropped_batches` (an export of no
/// record). Only that line is read, and at most 1 MiB of it: a longer one is an export when it
/// opens with the member `"stream"`.
bool IsTraceMLInput(const std::string& file, std::string_view from);

/// Reads the export named on the command line (`-`: standard input).
Result<TraceMLExport> ReadTraceMLArgument(const std::string& file);

/// ReadTraceMLExport, then ToTraceDocument (docs/traceml-conversion.md).
Result<TraceDocument> ReadTraceMLDocument(const std::string& file);

/// `tracedoc validate` of an export: the warnings (`FILE:LINE: warning[CODE]: MESSAGE`) and
/// the error on stderr, or, with `json`, one object on `json_out`: the trace's report plus
/// `warnings` and `warning_count`. With `strict`, unknown fields and fields out of order are
/// errors. The exit code: 2 unreadable, 1 rejected, else 0.
int ValidateTraceMLExport(const std::string& file, bool strict, bool json, std::ostream& json_out);

}  // namespace tracedoc::cli

#endif  // TRACEDOC_CLI_TRACEML_INPUT_HPP_
