// The Cirron SDK's local spool (format v1, docs/cirron-spool.md): its typed batches and the strict
// reader that checks every rule of the format, through the same JSON parser and object reader as
// a trace's records.
#ifndef TRACEDOC_CIRRON_SPOOL_HPP_
#define TRACEDOC_CIRRON_SPOOL_HPP_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "tracedoc/diagnostic.hpp"
#include "tracedoc/error.hpp"

namespace tracedoc {

/// One key a record's type does not define, kept with its value as compact JSON text (a bare
/// `NaN`, `Infinity` or `-Infinity` stays as written).
struct CirronUnknownKey {
  std::string key;
  std::string json;
  friend bool operator==(const CirronUnknownKey&, const CirronUnknownKey&) = default;
};

/// A scope: `spans[]` of a batch.
struct CirronSpan {
  std::string id;
  std::string name;
  std::optional<std::string> parent_id;
  std::optional<std::uint64_t> index;
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
  std::optional<std::uint64_t> cpu_ns;
  std::optional<std::uint64_t> gpu_ns;
  std::optional<std::uint64_t> memory_peak_bytes;
  std::uint64_t thread_id = 0;
  std::uint64_t pid = 0;
  std::uint64_t rank = 0;
  /// The `attrs` object as compact JSON text.
  std::string attrs_json;
  std::vector<std::string> mark_ids;
  std::vector<CirronUnknownKey> unknown;
  friend bool operator==(const CirronSpan&, const CirronSpan&) = default;
};

enum class CirronMarkKind : std::uint8_t { kPoint, kSummary };

/// A mark's value; its alternative is the mark's `value_type` (float, int, string, bool).
using CirronMarkValue = std::variant<double, std::int64_t, std::string, bool>;

/// A named value attached to a span: `marks[]` of a batch.
struct CirronMark {
  std::string id;
  /// A span id, or "root" for a mark made outside any profiled session.
  std::string span_id;
  std::string name;
  CirronMarkValue value;
  std::string attrs_json;
  std::uint64_t ts_ns = 0;
  CirronMarkKind kind = CirronMarkKind::kPoint;
  std::vector<CirronUnknownKey> unknown;
  friend bool operator==(const CirronMark&, const CirronMark&) = default;
};

/// The histogram of a snapshot's stats: 17 non-decreasing bin edges around 16 counts.
struct CirronHistogram {
  std::array<double, 17> bins{};
  std::array<std::uint64_t, 16> counts{};
  friend bool operator==(const CirronHistogram&, const CirronHistogram&) = default;
};

/// A snapshot's inline statistics (any of them may be NaN or infinite).
struct CirronTensorStats {
  double mean = 0;
  double std = 0;
  double min = 0;
  double max = 0;
  double norm = 0;
  CirronHistogram histogram;
  friend bool operator==(const CirronTensorStats&, const CirronTensorStats&) = default;
};

enum class CirronSnapshotMode : std::uint8_t { kStats, kSampled, kFull };

/// A tensor's statistics at a span, and where its blob is: `snapshots[]` of a batch.
struct CirronSnapshot {
  std::string id;
  std::string span_id;
  std::string tensor_name;
  std::vector<std::uint64_t> shape;
  std::string dtype;
  CirronSnapshotMode mode = CirronSnapshotMode::kStats;
  /// Absent (`null`) for a record written without stats.
  std::optional<CirronTensorStats> stats;
  /// Present exactly when mode is sampled or full.
  std::optional<std::string> blob_uri;
  std::uint64_t ts_ns = 0;
  std::string attrs_json;
  std::vector<CirronUnknownKey> unknown;
  friend bool operator==(const CirronSnapshot&, const CirronSnapshot&) = default;
};

/// One batch file of the spool.
struct CirronBatch {
  /// The file's name (no directory), `<created_ns>-<batch_id>.json`.
  std::string file_name;
  std::uint64_t schema_version = 1;
  std::string sdk_version;
  std::string batch_id;
  std::uint64_t created_ns = 0;
  std::vector<CirronSpan> spans;
  std::vector<CirronMark> marks;
  std::vector<CirronSnapshot> snapshots;
  std::vector<CirronUnknownKey> unknown;
  friend bool operator==(const CirronBatch&, const CirronBatch&) = default;
};

/// A whole spool: its batches in file-name order, which is the order they were sealed.
struct CirronSpool {
  std::vector<CirronBatch> batches;
  /// The references whose target is not in the spool (cirron_missing_parent,
  /// cirron_missing_mark, cirron_missing_span), each a warning at its file, line and column,
  /// in batch order, then spans, marks, snapshots, then record order.
  DiagnosticLog warnings;
  /// How many bare NaN, Infinity and -Infinity literals were read (0 under
  /// CirronReadOptions::refuse_nonfinite_literals).
  std::uint64_t non_finite_numbers = 0;
};

/// One run of a spool: a `cirron.session` root span and what lies under it
/// (docs/cirron-conversion.md, "Sessions"). The SDK appends every run to the one spool.
struct CirronSession {
  /// The root span's id: the run's run_id.
  std::string id;
  /// 1 for the oldest session (by start time), then 2, 3, …
  std::uint32_t position = 0;
  /// The root span's start and end (wall clock, ns).
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
  /// The spans the session holds (those under no session root given to it by time included).
  std::uint64_t spans = 0;
  friend bool operator==(const CirronSession&, const CirronSession&) = default;
};

/// How ReadCirronSpool reads.
struct CirronReadOptions {
  /// Rejects the bare NaN, Infinity and -Infinity that Python's json module writes for
  /// non-finite floats, as invalid_json at the literal (`validate --strict-json`). Default
  /// false: they are read and counted. Not `strict`: they are no unknown field but a JSON
  /// extension the spool format allows.
  bool refuse_nonfinite_literals = false;
  /// Unknown fields are errors (unknown_field) instead of being kept, as `strict` means in every
  /// read option (DecodeOptions, TraceMLReadOptions).
  bool strict = false;
  /// Warnings kept (CirronSpool::warnings, or the log a conversion is given); the rest are
  /// counted. Default 1,000.
  std::size_t max_warnings = 1000;
  /// A batch file larger than this fails with limit_exceeded before it is read (each file is
  /// parsed whole). Default 256 MiB.
  std::uint64_t max_batch_bytes = std::uint64_t{256} << 20;
  /// Arrays and objects nested deeper than this fail with limit_exceeded. Default 64.
  std::uint32_t max_nesting_depth = 64;
};

/// Reads a spool: a `spool/` directory, a `.cirron` directory (its `spool/` is read), or one
/// batch file. `*.json.tmp` files (writes in progress) are skipped. Errors name the batch file
/// (Error::file, its path), the line and column in it, and the JSON path in `field` and at the
/// start of the message. Holds every record as typed values: to read a spool into a document,
/// ReadDocument (tracedoc/open.hpp) streams it instead. Codes: io_error,
/// limit_exceeded, invalid_utf8, invalid_json, not_an_object, duplicate_key, missing_field,
/// invalid_type, invalid_value, out_of_range, and the cirron_* codes of docs/tracedoc.md §2.
/// Never throws.
Result<CirronSpool> ReadCirronSpool(std::string_view path, const CirronReadOptions& options = {});

/// Reads one batch from its text; `file_name` is checked as a batch file's name. The entry point
/// of ReadCirronSpool for each file; references are not resolved (no warnings). Same codes.
Result<CirronBatch> ReadCirronBatch(std::string_view file_name, std::string_view text,
                                    const CirronReadOptions& options = {},
                                    std::uint64_t* non_finite_numbers = nullptr);

}  // namespace tracedoc

#endif  // TRACEDOC_CIRRON_SPOOL_HPP_
