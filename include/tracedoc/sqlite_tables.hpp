// Traces as a SQLite database (docs/tables.md §5): the tables of tracedoc/tables.hpp written with
// Debian's libsqlite3, one transaction per run, and SQL run over them with its rows printed as
// NDJSON, CSV or an aligned table (`tracedoc export --format sqlite`, `tracedoc query`).
#ifndef TRACEDOC_SQLITE_TABLES_HPP_
#define TRACEDOC_SQLITE_TABLES_HPP_

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/tables.hpp"

namespace tracedoc {

/// The database's `PRAGMA application_id`: "TrDc". Its `user_version` is kTablesSchemaVersion.
inline constexpr std::int32_t kTablesApplicationId = 0x54724463;

/// How RunQuery prints the rows.
enum class QueryFormat : std::uint8_t {
  /// One JSON object a row, keys in the query's column order.
  kNdjson,
  /// A header line, then a line a row; a field with `,`, `"`, CR or LF is quoted (RFC 4180).
  kCsv,
  /// Columns aligned over the first kQueryTableAlignRows rows, each later row with the same
  /// widths (a longer cell widens only its own line).
  kTable,
};

/// The rows a kTable output holds at once to align its columns.
inline constexpr std::size_t kQueryTableAlignRows = 1000;

/// A tracedoc tables database open for writing and querying. Move-only.
class TablesDatabase {
 public:
  /// Opens `path`, creating it with the tables of kTablesSchemaVersion when it does not exist or
  /// is empty; ":memory:" is a database in memory. Errors (io_error, naming the file): it cannot
  /// be opened; it is not a SQLite database, or one that is not a tracedoc tables database (its
  /// application_id differs and it holds tables); its tables are of another version.
  static Result<TablesDatabase> Open(const std::string& path);

  TablesDatabase(TablesDatabase&&) noexcept;
  TablesDatabase& operator=(TablesDatabase&&) noexcept;
  ~TablesDatabase();

  /// Writes `document`'s rows (EmitTableRows) in one transaction: a run with the same run_id
  /// already there is deleted first, so exporting a run again replaces it. On an error the
  /// transaction is rolled back and the database is as it was. Errors: io_error with SQLite's
  /// message.
  Result<void> AddRun(const TraceDocument& document, const RunSource& source);

  /// Builds the indexes beside the keys that are not there yet ((run_id, span_id), (run_id, time
  /// column); docs/tables.md §5): call it once the runs are added. A database that has them keeps
  /// them up to date as runs are added, only slower. Errors: io_error with SQLite's message.
  Result<void> BuildIndexes();

  /// Runs one read-only SQL statement and writes its rows to `out` in `format`. Errors:
  /// invalid_value (field "sql") with SQLite's message when it does not compile, is not a single
  /// statement, is not read-only or fails while it runs; io_error when `out` fails.
  Result<void> RunQuery(std::string_view sql, QueryFormat format, std::ostream& out);

 private:
  struct State;
  explicit TablesDatabase(std::unique_ptr<State> state) noexcept;
  std::unique_ptr<State> state_;
};

}  // namespace tracedoc

#endif  // TRACEDOC_SQLITE_TABLES_HPP_
