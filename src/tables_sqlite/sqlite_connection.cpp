#include "tables_sqlite/sqlite_connection.hpp"

namespace tracedoc::tables_sqlite {

Error SqliteError(sqlite3* db, std::string_view file, std::string_view what) {
  std::string message(file);
  message += ": ";
  message += what;
  message += ": ";
  message += db != nullptr ? sqlite3_errmsg(db) : "out of memory";
  return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {}, std::move(message)};
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
