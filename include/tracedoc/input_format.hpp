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
  /// A Cirron spool: a `.cirron` directory, a spool directory or one batch (a file, a string or
  /// standard input).
  kCirronSpool,
  /// A TraceML export: JSON Lines of the exporter's records.
  kTraceMLExport,
};

/// The `--from` spelling: "trace", "cirron" or "traceml".
std::string_view InputFormatName(InputFormat format) noexcept;
/// The format spelled `name`, if any.
std::optional<InputFormat> InputFormatFromName(std::string_view name) noexcept;

/// What `input` holds, from a look at its first bytes (decompressed when they are gzip or zstd):
/// - a directory is a spool when it has a `spool/` directory (a `.cirron` one, or the one the
///   SDK's output option names) or a `.cirron/spool/` one (a run's directory), or holds a batch: among the first 256 entries it lists, a file
///   named like one (`<20 digits>-<32 lower-case hex>.json`, or that with `.tmp` after it), or a
///   regular `*.json` (`*.json.tmp`) file whose first 64 KiB open a batch (below; at most 16
///   files are opened), whatever its name: a directory of 10^5 other files is judged in bounded
///   time;
/// - a file named like a batch is a spool;
/// - a file or a string whose first non-blank line (at most its first 1 MiB) is a JSON object
///   whose first key is `stream`, or without `stream` with both `written_records` and
///   `dropped_batches`, is a TraceML export; a longer first line is one when it opens with the
///   member `"stream"`;
/// - a file, a string or standard input whose first 1 MiB opens a JSON object with the key
///   `schema_version` and at least two of `sdk_version`, `batch_id`, `created_ns`, `spans`,
///   `marks` and `snapshots` (the keys of a batch, docs/cirron-spool.md) is a spool of that one
///   batch, whatever its name (the read then names a broken name: cirron_file_name; a batch from
///   a string or standard input has no name to check);
/// - anything else is a trace (a path that cannot be read then fails as a trace does, io_error;
///   a FIFO or a device path is not looked into, since the read could not see those bytes again;
///   a trace whose meta names a schema tracedoc does not read is unsupported_schema, naming it).
InputFormat DetectFormat(const TraceInput& input);

}  // namespace tracedoc

#endif  // TRACEDOC_INPUT_FORMAT_HPP_
