// Traces as a SQLite database (docs/tables.md §5): the tables of tracedoc/tables.hpp written with
// Debian's libsqlite3, one transaction per run, and SQL run over them with its rows printed as
// NDJSON, CSV or an aligned table (`tracedoc export --format sqlite`, `tracedoc query`).
#ifndef TRACEDOC_SQLITE_TABLES_HPP_
#define TRACEDOC_SQLITE_TABLES_HPP_

#include <chrono>
#include <csignal>
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
  /// One JSON object a row, keys in the query's column order; bytes that are not UTF-8 as
  /// U+FFFD, a REAL that is not finite as null.
  kNdjson,
  /// A header line, then a line a row: text escaped for a terminal (text::TerminalSafe), a
  /// field with `,` or `"` quoted (RFC 4180), NULL an empty field, empty text `""`, a REAL that
  /// is not finite NaN, Infinity or -Infinity.
  kCsv,
  /// Columns aligned over the first kQueryTableAlignRows rows, each later row with the same
  /// widths (a longer cell widens only its own line); text escaped as in kCsv, NULL as NULL.
  kTable,
};

/// How long a write waits for another connection's transaction on the same file to end
/// (sqlite3_busy_timeout) before it fails with "database is locked".
inline constexpr std::chrono::milliseconds kTablesBusyTimeout{60'000};

/// The rows a kTable output holds at once to align its columns: at most kQueryTableAlignRows,
/// and no more once their cells hold kQueryTableAlignBytes.
inline constexpr std::size_t kQueryTableAlignRows = 1000;
inline constexpr std::size_t kQueryTableAlignBytes = std::size_t{16} << 20;

/// QueryLimits' defaults (docs/tables.md §5.1).
inline constexpr std::uint64_t kDefaultQueryMaxValueBytes = std::uint64_t{16} << 20;
inline constexpr std::uint64_t kDefaultQueryMaxMemoryBytes = std::uint64_t{256} << 20;

/// What one query may cost (docs/tables.md §5.1); past a bound it fails, naming the bound.
struct QueryLimits {
  /// The longest text or blob the statement may make (SQLite's SQLITE_LIMIT_LENGTH).
  std::uint64_t max_value_bytes = kDefaultQueryMaxValueBytes;
  /// The most memory SQLite may hold while the statement runs, the page cache included (its
  /// hard heap limit, which is the process's: one query runs at a time).
  std::uint64_t max_memory_bytes = kDefaultQueryMaxMemoryBytes;
  /// How long it may run; zero is no limit.
  std::chrono::milliseconds timeout{0};
  /// When set, the statement stops soon after `*cancel` becomes non-zero (a SIGINT handler may
  /// set it: reading it is all the query does with it).
  const volatile std::sig_atomic_t* cancel = nullptr;
};

/// A tracedoc tables database open for writing and querying. Move-only.
class TablesDatabase {
 public:
  /// Opens `path`, creating it with the tables of kTablesSchemaVersion when it does not exist or
  /// is empty; ":memory:" is a database in memory, "" SQLite's private temporary database (in
  /// memory up to the page cache, in a file it deletes beyond). Another connection writing the
  /// file is waited for up to kTablesBusyTimeout at each step. Errors (io_error, naming the
  /// file): it cannot be opened; it is not a SQLite database, or one that is not a tracedoc
  /// tables database (its application_id differs and it holds tables); its tables are of another
  /// version. A file this call created is removed again when it is refused while still empty.
  static Result<TablesDatabase> Open(const std::string& path);

  TablesDatabase(TablesDatabase&&) noexcept;
  TablesDatabase& operator=(TablesDatabase&&) noexcept;
  ~TablesDatabase();

  /// Writes `document`'s rows (EmitTableRows) in one transaction (a savepoint inside Begin's):
  /// a run with the same run_id already there is deleted first, so exporting a run again
  /// replaces it; when the database's indexes were never built they are built before that
  /// delete, which would otherwise scan every table. On an error the run's writes are rolled
  /// back and the database is as it was. Errors: io_error with SQLite's message.
  Result<void> AddRun(const TraceDocument& document, const RunSource& source);

  /// Builds the indexes beside the keys that are not there yet ((run_id, span_id), (run_id, time
  /// column); docs/tables.md §5): call it once the runs are added. A database that has them keeps
  /// them up to date as runs are added, only slower. Errors: io_error with SQLite's message.
  Result<void> BuildIndexes();

  /// One transaction around everything until Commit or Rollback (or the database's end, which
  /// rolls back): AddRun and BuildIndexes inside it are undone with it. It holds the file's
  /// write lock from the start. Errors: io_error with SQLite's message.
  Result<void> Begin();
  Result<void> Commit();
  void Rollback() noexcept;

  /// Compiles `sql` as RunQuery would and runs nothing: the errors of RunQuery that a statement
  /// has before it runs.
  Result<void> CheckQuery(std::string_view sql);

  /// Runs one read-only SQL statement within `limits` and writes its rows to `out` in `format`.
  /// The statement may read the database's tables and nothing else (docs/tables.md §5.1).
  /// Errors: invalid_value (field "sql") with SQLite's message when it does not compile, is not
  /// a single statement, is not read-only, reaches beyond the tables or fails while it runs;
  /// limit_exceeded naming the limit when it reaches one of `limits` (or is cancelled);
  /// io_error when `out` fails.
  Result<void> RunQuery(std::string_view sql, QueryFormat format, std::ostream& out,
                        const QueryLimits& limits = {});

 private:
  struct State;
  explicit TablesDatabase(std::unique_ptr<State> state) noexcept;
  std::unique_ptr<State> state_;
};

}  // namespace tracedoc

#endif  // TRACEDOC_SQLITE_TABLES_HPP_
