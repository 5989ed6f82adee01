// The few pieces of SQLite's C API the tables database needs, owned: a connection, a prepared
// statement, and SQLite's message turned into an Error naming the database's file.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include <sqlite3.h>

#include "tracedoc/error.hpp"

namespace tracedoc::tables_sqlite {

struct CloseConnection {
  void operator()(sqlite3* db) const noexcept { sqlite3_close_v2(db); }
};
struct FinalizeStatement {
  void operator()(sqlite3_stmt* statement) const noexcept { sqlite3_finalize(statement); }
};
using Connection = std::unique_ptr<sqlite3, CloseConnection>;
using Statement = std::unique_ptr<sqlite3_stmt, FinalizeStatement>;

/// An io_error: "`file`: `what`: SQLite's message".
Error SqliteError(sqlite3* db, std::string_view file, std::string_view what);

/// Runs `sql` (any number of statements without rows). Errors: SqliteError.
Result<void> Execute(sqlite3* db, std::string_view file, const std::string& sql);

/// Prepares one statement. Errors: SqliteError.
Result<Statement> Prepare(sqlite3* db, std::string_view file, std::string_view sql);

/// `name` as an SQL identifier in double quotes (a quote doubled).
std::string QuoteIdentifier(std::string_view name);

}  // namespace tracedoc::tables_sqlite
