#include "tables_sqlite/sqlite_connection.hpp"

#include <utility>

#include "text/terminal_text.hpp"
#include "tracedoc/sqlite_tables.hpp"

namespace tracedoc::tables_sqlite {

Error SqliteError(sqlite3* db, std::string_view file, std::string_view what) {
  std::string message = text::TerminalSafe(file);
  message += ": ";
  message += what;
  message += ": ";
  text::AppendTerminalSafe(message, db != nullptr ? sqlite3_errmsg(db) : "out of memory");
  return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {}, std::move(message)};
}

void Harden(sqlite3* db) {
  sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0, nullptr);
  sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
  sqlite3_busy_timeout(db, static_cast<int>(kTablesBusyTimeout.count()));
}

Result<WriteTransaction> WriteTransaction::Begin(sqlite3* db, std::string_view file) {
  const bool nested = sqlite3_get_autocommit(db) == 0;
  BOOST_OUTCOME_TRY(Execute(db, file, nested ? "SAVEPOINT tracedoc_write" : "BEGIN IMMEDIATE"));
  return WriteTransaction(db, file, nested);
}

WriteTransaction::WriteTransaction(WriteTransaction&& other) noexcept
    : db_(other.db_), file_(other.file_), nested_(other.nested_),
      open_(std::exchange(other.open_, false)) {}

WriteTransaction::~WriteTransaction() {
  if (!open_) return;
  // After an I/O error SQLite may have rolled the whole transaction back already: then these
  // fail, and there is nothing left to undo.
  const char* const rollback =
      nested_ ? "ROLLBACK TO tracedoc_write; RELEASE tracedoc_write" : "ROLLBACK";
  sqlite3_exec(db_, rollback, nullptr, nullptr, nullptr);
}

Result<void> WriteTransaction::Commit() {
  open_ = false;
  const Result<void> committed =
      Execute(db_, file_, nested_ ? "RELEASE tracedoc_write" : "COMMIT");
  if (!committed && !nested_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  return committed;
}

Result<void> Execute(sqlite3* db, std::string_view file, const std::string& sql) {
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
    return SqliteError(db, file, "cannot run `" + sql.substr(0, 80) + "`");
  }
  return boost::outcome_v2::success();
}

Result<Statement> Prepare(sqlite3* db, std::string_view file, std::string_view sql) {
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &statement, nullptr) !=
      SQLITE_OK) {
    return SqliteError(db, file, "cannot prepare a statement");
  }
  return Statement(statement);
}

std::string QuoteIdentifier(std::string_view name) {
  std::string quoted = "\"";
  for (const char c : name) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

}  // namespace tracedoc::tables_sqlite
