#include "tables_sqlite/query_guard.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <string_view>

#include "emit/json_format.hpp"

namespace tracedoc::tables_sqlite {
namespace {

// Virtual-machine steps between two looks at the clock and the cancel flag: a look costs tens
// of nanoseconds, a step a few, so this keeps the handler below 1 % and the reaction in
// microseconds.
constexpr int kStepsPerProgressCheck = 1000;

constexpr std::uint64_t kMebibyte = 1024 * 1024;

bool Named(const char* name, std::string_view expected) noexcept {
  const auto length = static_cast<int>(expected.size());
  return name != nullptr && sqlite3_strnicmp(name, expected.data(), length) == 0 &&
         name[length] == '\0';
}

template <std::size_t N>
bool NamedAnyOf(const char* name, const std::array<std::string_view, N>& names) noexcept {
  return std::any_of(names.begin(), names.end(),
                     [name](std::string_view candidate) { return Named(name, candidate); });
}

// Functions that reach beyond the database: fts3_tokenizer returns (and, given two arguments,
// installs) a pointer of the process; load_extension runs a library's code; fts5 hands out its
// API's address.
constexpr std::array<std::string_view, 3> kDeniedFunctions = {"fts3_tokenizer", "load_extension",
                                                             "fts5"};

// Pragmas that only describe the schema, whatever their argument (a table's or an index's name).
constexpr std::array<std::string_view, 7> kSchemaPragmas = {
    "table_info", "table_xinfo", "index_list", "index_info", "index_xinfo", "table_list",
    "foreign_key_list"};

// Pragmas that read a setting without an argument and set it with one: allowed only to read.
constexpr std::array<std::string_view, 6> kReadOnlyWithoutValue = {
    "application_id", "user_version", "page_size", "page_count", "freelist_count", "encoding"};

int Authorize(void*, int action, const char* first, const char* second, const char* database,
              const char* trigger_or_view) noexcept {
  return AuthorizeQueryAction(action, first, second, database, trigger_or_view);
}

}  // namespace

int AuthorizeQueryAction(int action, const char* first, const char* second, const char* database,
                         const char* trigger_or_view) noexcept {
  switch (action) {
    case SQLITE_SELECT:
    case SQLITE_RECURSIVE:
      return SQLITE_OK;
    case SQLITE_READ:
      // The loaded database only: not the temp schema. A read SQLite names no schema for (a
      // common table expression, the table of a count(*)) is of what the statement may see.
      return database == nullptr || Named(database, "main") ? SQLITE_OK : SQLITE_DENY;
    case SQLITE_UPDATE:
      // A table-valued function (json_each, pragma_table_info) is declared on first use as an
      // eponymous virtual table, which SQLite authorizes as an update of sqlite_schema's
      // columns. A real update is a statement that writes: refused as not read-only, and
      // defensive mode forbids writing the schema anyway.
      return Named(first, "sqlite_master") && trigger_or_view == nullptr ? SQLITE_OK
                                                                          : SQLITE_DENY;
    case SQLITE_FUNCTION:
      return NamedAnyOf(second, kDeniedFunctions) ? SQLITE_DENY : SQLITE_OK;
    case SQLITE_PRAGMA:
      if (NamedAnyOf(first, kSchemaPragmas)) return SQLITE_OK;
      return second == nullptr && NamedAnyOf(first, kReadOnlyWithoutValue) ? SQLITE_OK
                                                                          : SQLITE_DENY;
    default:
      // ATTACH, DETACH, every write, CREATE, DROP, ALTER, ANALYZE, REINDEX, and BEGIN, COMMIT,
      // ROLLBACK and SAVEPOINT (read-only to sqlite3_stmt_readonly, but they would end the
      // transaction `query --db` loads in).
      return SQLITE_DENY;
  }
}

QueryGuard::QueryGuard(sqlite3* db, const QueryLimits& limits)
    : db_(db),
      limits_(limits),
      deadline_(std::chrono::steady_clock::now() + limits.timeout),
      previous_length_(sqlite3_limit(
          db, SQLITE_LIMIT_LENGTH,
          static_cast<int>(std::min<std::uint64_t>(limits.max_value_bytes, INT_MAX)))),
      previous_heap_(sqlite3_hard_heap_limit64(static_cast<sqlite3_int64>(
          std::min<std::uint64_t>(limits.max_memory_bytes, LLONG_MAX)))) {
  sqlite3_set_authorizer(db, Authorize, nullptr);
  if (limits.timeout.count() > 0 || limits.cancel != nullptr) {
    sqlite3_progress_handler(db, kStepsPerProgressCheck, Progress, this);
  }
}

QueryGuard::~QueryGuard() {
  sqlite3_progress_handler(db_, 0, nullptr, nullptr);
  sqlite3_set_authorizer(db_, nullptr, nullptr);
  sqlite3_hard_heap_limit64(previous_heap_);
  sqlite3_limit(db_, SQLITE_LIMIT_LENGTH, previous_length_);
}

int QueryGuard::Progress(void* guard) noexcept {
  auto& self = *static_cast<QueryGuard*>(guard);
  if (self.limits_.cancel != nullptr && *self.limits_.cancel != 0) {
    self.cancelled_ = true;
    return 1;
  }
  if (self.limits_.timeout.count() > 0 && std::chrono::steady_clock::now() >= self.deadline_) {
    self.timed_out_ = true;
    return 1;
  }
  return 0;
}

std::string QueryGuard::Explain(int code) const {
  const std::string sqlite_message = sqlite3_errmsg(db_);
  switch (code & 0xFF) {
    case SQLITE_TOOBIG:
      return sqlite_message + ": a value would be longer than the query's limit of " +
             std::to_string(limits_.max_value_bytes / kMebibyte) +
             " MiB (--max-value-mib raises it; docs/tables.md §5.1)";
    case SQLITE_NOMEM:
      return sqlite_message + ": the query needs more than its memory limit of " +
             std::to_string(limits_.max_memory_bytes / kMebibyte) +
             " MiB (--max-memory-mib raises it; docs/tables.md §5.1)";
    case SQLITE_INTERRUPT:
      if (timed_out_) {
        std::string seconds;
        emit::AppendJsonDouble(seconds, std::chrono::duration<double>(limits_.timeout).count());
        return "the query ran longer than its --timeout of " + seconds + " seconds: stopped";
      }
      if (cancelled_) return "the query was interrupted";
      return sqlite_message;
    case SQLITE_AUTH:
      return sqlite_message +
             ": a query only reads the loaded tables (no ATTACH, no change, no pragma that "
             "writes, no fts3_tokenizer or load_extension; docs/tables.md §5.1)";
    default:
      return sqlite_message;
  }
}

}  // namespace tracedoc::tables_sqlite
