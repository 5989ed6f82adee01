// What `export --format sqlite|tables` and `query` share: the inputs named on the command line
// read one at a time through the one way in and written as tables (a database, NDJSON files),
// one run each.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/sqlite_tables.hpp"
#include "tracedoc/tables.hpp"

namespace tracedoc::cli {

/// How every input is read: `--threads` and `--from`.
struct LoadOptions {
  unsigned threads = 1;
  std::string from;
};

/// Where LoadRuns puts each run it reads: a database (TablesDatabase::AddRun), the NDJSON tables
/// (WriteNdjsonTables). Returns the write's error.
using RunWriter =
    std::function<Result<void>(const TraceDocument& document, const RunSource& source)>;

/// Reads each of `files` in turn (any format; `-` is standard input) and gives it to `write` as
/// one run, each session of a spool as a run of its own (ReadSessions), each file's SHA-256 in
/// its RunSource. Stops at the first input that cannot be read
/// (exit 2) or is rejected (exit 1), or that has the run_id of an earlier input of the same call
/// (exit 2, naming both), or whose write fails (exit 2); runs written before it stay. Only one
/// file's documents are held at a time. Returns the exit code; messages go to stderr, naming `command`.
int LoadRuns(const RunWriter& write, const std::vector<std::string>& files,
             const LoadOptions& options, std::string_view command);
/// Opens the tables database at `path` (TablesDatabase::Open: a new file gets the schema, "" is
/// SQLite's private temporary database). Returns the exit code (2 with a message naming
/// `command` when it is refused); on kExitOk, `database` holds it.
int OpenTablesDatabase(std::optional<TablesDatabase>& database, const std::string& path,
                       std::string_view command);
/// Loads `files` into `database` as LoadRuns does, one run each, and builds its indexes.
/// Returns the exit code (2 with a message naming `command` when the indexes cannot be built).
int LoadRunsIndexed(TablesDatabase& database, const std::vector<std::string>& files,
                    const LoadOptions& options, std::string_view command);
/// OpenTablesDatabase, then LoadRunsIndexed.
int OpenAndLoadRuns(std::optional<TablesDatabase>& database, const std::string& path,
                    const std::vector<std::string>& files, const LoadOptions& options,
                    std::string_view command);

}  // namespace tracedoc::cli
