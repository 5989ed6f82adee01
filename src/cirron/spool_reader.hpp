// A whole spool read through a SpoolSink (docs/cirron-spool.md): each batch file in name order,
// one in memory at a time, then the references resolved into warnings.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cirron/batch_reader.hpp"
#include "cirron/spool_sink.hpp"
#include "tracedoc/diagnostic.hpp"
#include "tracedoc/error.hpp"

namespace tracedoc::cirron {

/// What a read counted beyond its records.
struct SpoolTotals {
  std::uint32_t batches = 0;
  /// Bare NaN, Infinity and -Infinity literals read.
  std::uint64_t non_finite_numbers = 0;
  /// References whose target is not in the spool (each a warning in the log, kept or counted).
  std::uint64_t unresolved_references = 0;
};

/// Where a spool is: a path (a `.cirron` directory, a spool directory or one batch file), or
/// one batch's text read from a stream, which has no file name to check against its contents.
struct SpoolLocation {
  SpoolLocation(std::string_view spool_path) : path(spool_path) {}  // NOLINT: a path is a spool
  SpoolLocation(const std::string& spool_path) : path(spool_path) {}  // NOLINT
  SpoolLocation(const char* spool_path) : path(spool_path) {}  // NOLINT

  /// The batch `text`, read from the stream errors call `name`.
  static SpoolLocation StreamedBatch(std::string_view name, std::string_view text) {
    SpoolLocation location(name);
    location.streamed_text = text;
    return location;
  }

  std::string_view path;  ///< or the stream's name
  std::optional<std::string_view> streamed_text;
};

/// Reads the spool at `spool` into `sink`; its warnings go to `log`. The first broken rule is
/// the error. Memory: one batch at a time, its ids (16 bytes each) and the references not yet
/// resolved.
Result<SpoolTotals> ReadSpool(const SpoolLocation& spool, const BatchReadOptions& options,
                              SpoolSink& sink, DiagnosticLog& log);

}  // namespace tracedoc::cirron
