// The formats tracedoc reads, and how an input says which it is: the first step of reading
// anything (tracedoc/open.hpp), done once per input.
#ifndef TRACEDOC_INPUT_FORMAT_HPP_
#define TRACEDOC_INPUT_FORMAT_HPP_

#include <cstdint>
#include <optional>
#include <string_view>

#include "tracedoc/reader.hpp"

namespace tracedoc {

enum class InputFormat : std::uint8_t {
  /// candle-graph JSONL: trace/10, trace/9 or the legacy trace/6 (its meta says which).
  kTrace,
  /// A Cirron spool: a `.cirron` directory, a spool directory or one batch file.
  kCirronSpool,
  /// A TraceML export: JSON Lines of the exporter's records.
  kTraceMLExport,
};

/// The `--from` spelling: "trace", "cirron" or "traceml".
std::string_view InputFormatName(InputFormat format) noexcept;
/// The format spelled `name`, if any.
std::optional<InputFormat> InputFormatFromName(std::string_view name) noexcept;

/// What `input` holds, from a look at its first bytes (decompressed when they are gzip or zstd):
/// - a directory is a spool when it has a `spool/` directory (a `.cirron` one) or holds a
///   batch file (`<20 digits>-<32 lower-case hex>.json`, or one with `.tmp` after it);
/// - a file named like a batch is a spool;
/// - a file or a string whose first non-blank line (at most its first 1 MiB) is a JSON object
///   whose first key is `stream`, or without `stream` with both `written_records` and
///   `dropped_batches`, is a TraceML export; a longer first line is one when it opens with the
///   member `"stream"`;
/// - anything else is a trace (a path that cannot be read then fails as a trace does, io_error;
///   a FIFO or a device path is not looked into, since the read could not see those bytes again).
/// Standard input is looked at like a file: the bytes the look reads are kept and read first by
/// the read that follows, in this process. No errors.
InputFormat DetectFormat(const TraceInput& input);

}  // namespace tracedoc

#endif  // TRACEDOC_INPUT_FORMAT_HPP_
