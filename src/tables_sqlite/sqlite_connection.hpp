// The few pieces of SQLite's C API the tables database needs, owned: a connection hardened for
// files that may be hostile, a prepared statement, a write transaction that nests, and SQLite's
// message turned into an Error naming the database's file.
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

/// An io_error: "`file`: `what`: SQLite's message", the file's name and SQLite's message (which
/// may quote the file's contents) escaped for a terminal (text::TerminalSafe).
Error SqliteError(sqlite3* db, std::string_view file, std::string_view what);

/// Settings of every connection: defensive mode, an untrusted schema, no extension loading, no
/// two-argument fts3_tokenizer, no ATTACH, and a wait of kTablesBusyTimeout for another
/// connection's lock.
void Harden(sqlite3* db);

/// A write transaction: BEGIN IMMEDIATE outside a transaction (it takes the write lock first,
/// so a wait for another writer goes through the busy timeout instead of failing as a read that
/// cannot become a write does), a savepoint inside one. Rolled back unless committed.
class WriteTransaction {
 public:
  static Result<WriteTransaction> Begin(sqlite3* db, std::string_view file);
  WriteTransaction(WriteTransaction&& other) noexcept;
  WriteTransaction& operator=(WriteTransaction&&) = delete;
  ~WriteTransaction();
  /// COMMIT, or RELEASE of the savepoint. Errors: SqliteError.
  Result<void> Commit();

 private:
  WriteTransaction(sqlite3* db, std::string_view file, bool nested) noexcept
      : db_(db), file_(file), nested_(nested) {}
  sqlite3* db_;
  std::string_view file_;
  bool nested_;
  bool open_ = true;
};

/// Runs `sql` (any number of statements without rows). Errors: SqliteError.
Result<void> Execute(sqlite3* db, std::string_view file, const std::string& sql);

/// Prepares one statement. Errors: SqliteError.
Result<Statement> Prepare(sqlite3* db, std::string_view file, std::string_view sql);

/// `name` as an SQL identifier in double quotes (a quote doubled).
std::string QuoteIdentifier(std::string_view name);

}  // namespace tracedoc::tables_sqlite
