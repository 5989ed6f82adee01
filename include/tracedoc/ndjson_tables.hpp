// The tables of tracedoc/tables.hpp as NDJSON files in a Hive-style layout, one partition per
// run, for engines that read a whole fleet with one glob: DuckDB, Spark, BigQuery (docs/fleet.md;
// the tables and columns: docs/tables.md).
#ifndef TRACEDOC_NDJSON_TABLES_HPP_
#define TRACEDOC_NDJSON_TABLES_HPP_

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/tables.hpp"

namespace tracedoc {

/// The file at a tables directory's root that says what it holds and in which schema version:
/// `{"format":"tracedoc-tables","schema_version":N,"layout":...,"tables":[...]}` with every
/// table's columns (name, type, nullable) in order, so a reader can declare their types.
inline constexpr std::string_view kNdjsonTablesManifestName = "_tracedoc_tables.json";

/// The manifest's exact text for kTablesSchemaVersion (one line).
std::string NdjsonTablesManifest();

/// Makes `dir` ready for WriteNdjsonTables: created (with its parents) when missing, and the
/// manifest written into it when it has none. An existing `dir` must hold the manifest of this
/// schema version, or nothing but hidden files (say another writer's temporaries). Errors:
/// io_error naming `dir` (not a directory, another version's tables, a directory of something
/// else, no permission).
Result<void> PrepareNdjsonTables(const std::filesystem::path& dir);

/// What WriteNdjsonTables wrote.
struct NdjsonTablesWritten {
  /// The run's partition directory name, `run_id=<escaped id>` (the escape: docs/fleet.md §2).
  std::string partition;
  std::uint64_t rows = 0;
  std::uint64_t bytes = 0;
};

/// Writes one run's rows (EmitTableRows) as `dir/<table>/run_id=<escaped id>/part-0.ndjson` for
/// every table, an empty file for a table without rows. Every file is written through a
/// temporary (tracedoc/output_file.hpp) and they are renamed into place together once all are
/// written: exporting a run again replaces its files, and a failed export leaves the old ones.
/// A table or partition directory, or a part file, that is a symbolic link is refused, never
/// followed. Call PrepareNdjsonTables first. Errors: io_error naming the path.
Result<NdjsonTablesWritten> WriteNdjsonTables(const std::filesystem::path& dir,
                                              const TraceDocument& document,
                                              const RunSource& source);

}  // namespace tracedoc

#endif  // TRACEDOC_NDJSON_TABLES_HPP_
