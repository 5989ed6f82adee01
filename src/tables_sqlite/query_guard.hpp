// What keeps `tracedoc query`'s SQL read-only and bounded whatever it says (docs/tables.md §5.1):
// an authorizer that allows reading the database's tables and nothing else (no ATTACH, no write,
// no pragma that writes, no function that exposes the process), SQLite's limit on one value's
// length, a hard limit on SQLite's heap, and a progress handler that stops the statement at its
// deadline or when the caller's cancel flag is set. Installed for the statement's prepare and
// its steps, removed after, so the loading before it writes as it always did.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include <sqlite3.h>

#include "tracedoc/sqlite_tables.hpp"

namespace tracedoc::tables_sqlite {

/// The authorizer's verdict on one action (sqlite3_set_authorizer's callback arguments).
int AuthorizeQueryAction(int action, const char* first, const char* second, const char* database,
                         const char* trigger_or_view) noexcept;

class QueryGuard {
 public:
  QueryGuard(sqlite3* db, const QueryLimits& limits);
  QueryGuard(const QueryGuard&) = delete;
  QueryGuard& operator=(const QueryGuard&) = delete;
  ~QueryGuard();

  /// Why the statement failed with SQLite's result `code` (its extended code): a message naming
  /// the limit it reached, or SQLite's own message.
  std::string Explain(int code) const;

 private:
  static int Progress(void* guard) noexcept;

  sqlite3* db_;
  const QueryLimits& limits_;
  std::chrono::steady_clock::time_point deadline_;
  bool timed_out_ = false;
  bool cancelled_ = false;
  int previous_length_;
  std::int64_t previous_heap_;
};

}  // namespace tracedoc::tables_sqlite
