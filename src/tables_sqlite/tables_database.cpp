// TablesDatabase: a SQLite file checked (application_id, user_version) before anything is written
// to it, each run written in one transaction through prepared statements, and one read-only
// statement at a time run over it within its limits.
#include <sys/stat.h>
#include <unistd.h>

#include <charconv>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "tables_sqlite/insert_thread.hpp"
#include "tables_sqlite/query_guard.hpp"
#include "tables_sqlite/query_output.hpp"
#include "tables_sqlite/row_batch.hpp"
#include "tables_sqlite/sqlite_connection.hpp"
#include "tables_sqlite/sqlite_schema.hpp"
#include "text/terminal_text.hpp"
#include "tracedoc/sqlite_tables.hpp"

namespace tracedoc {

using tables_sqlite::Connection;
using tables_sqlite::Execute;
using tables_sqlite::Prepare;
using tables_sqlite::SqliteError;
using tables_sqlite::Statement;
using tables_sqlite::WriteTransaction;

namespace {

// Rows per step of a multi-row insert: enough to spread a step's fixed cost, few enough to stay
// far below SQLite's limit of parameters (32,766) for the widest table.
constexpr std::size_t kRowsPerInsert = 64;

// Per table of TableDefinitions(), prepared on first use and kept for every run.
struct InsertStatements {
  std::vector<Statement> one;
  std::vector<Statement> many;
};

}  // namespace

struct TablesDatabase::State {
  std::string file;
  Connection db;
  InsertStatements inserts;
  std::unique_ptr<tables_sqlite::RowBatch> batch = std::make_unique<tables_sqlite::RowBatch>();
  std::vector<Statement> deletes;
  Statement find_run;
  // Whether this connection made sure the indexes exist (a replacement's delete needs them).
  bool indexes_ensured = false;
  // Begin's transaction, rolled back first when the database closes without Commit.
  std::optional<WriteTransaction> outer;
};

namespace {

Error Refused(std::string_view file, std::string message) {
  return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {},
               text::TerminalSafe(file) + ": " + text::TerminalSafe(message)};
}

// SQLite's messages quote the SQL and the database's names: escaped for the terminal.
Error QueryError(std::string_view message, ErrorCode code = ErrorCode::kInvalidValue) {
  return Error{code, 0, std::nullopt, std::nullopt, "sql", text::TerminalSafe(message)};
}

// A failure of the query's statement with SQLite's result `code`: a limit reached (or the
// query cancelled) is limit_exceeded, anything else invalid_value.
Error QueryFailed(const tables_sqlite::QueryGuard& guard, int code) {
  switch (code & 0xFF) {
    case SQLITE_TOOBIG:
    case SQLITE_NOMEM:
    case SQLITE_INTERRUPT:
      return QueryError(guard.Explain(code), ErrorCode::kLimitExceeded);
    default:
      return QueryError(guard.Explain(code));
  }
}

// One statement, read-only, compiled under `guard`'s authorizer.
Result<Statement> PrepareQuery(sqlite3* db, std::string_view sql,
                               const tables_sqlite::QueryGuard& guard) {
  sqlite3_stmt* raw = nullptr;
  const char* tail = nullptr;
  if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &raw, &tail) != SQLITE_OK) {
    return QueryFailed(guard, sqlite3_extended_errcode(db));
  }
  Statement statement(raw);
  if (raw == nullptr) return QueryError("the query holds no statement");
  const std::string_view rest(tail, static_cast<std::size_t>(sql.data() + sql.size() - tail));
  if (rest.find_first_not_of(" \t\r\n;") != std::string_view::npos) {
    return QueryError("the query holds more than one statement; run one at a time");
  }
  if (sqlite3_stmt_readonly(raw) == 0) {
    return QueryError("the query would change the database; only read-only statements run");
  }
  return statement;
}

// Removes `path` when it is still an empty file: what a refused Open created and nobody wrote.
void RemoveIfEmpty(const std::string& path) {
  struct stat status {};
  if (::lstat(path.c_str(), &status) == 0 && S_ISREG(status.st_mode) && status.st_size == 0) {
    ::unlink(path.c_str());
  }
}

// Whether Open will create `path`: a file name (not ":memory:" or "") that does not exist.
bool WillCreate(const std::string& path) {
  struct stat status {};
  return !path.empty() && path != ":memory:" && ::lstat(path.c_str(), &status) != 0;
}

// One integer a pragma or a count returns.
Result<std::int64_t> ReadInteger(sqlite3* db, std::string_view file, std::string_view sql) {
  BOOST_OUTCOME_TRY(Statement statement, Prepare(db, file, sql));
  if (sqlite3_step(statement.get()) != SQLITE_ROW) {
    return SqliteError(db, file, "cannot read the database");
  }
  return sqlite3_column_int64(statement.get(), 0);
}

// A text cell bound for the statement's one step: never a null pointer, which SQLite would bind
// as NULL.
int BindText(sqlite3_stmt* statement, int index, std::string_view text) {
  return sqlite3_bind_text64(statement, index, text.empty() ? "" : text.data(), text.size(),
                             SQLITE_STATIC, SQLITE_UTF8);
}

int Bind(sqlite3_stmt* statement, int index, const TableValue& value) {
  struct Binder {
    sqlite3_stmt* statement;
    int index;
    int operator()(std::monostate) const { return sqlite3_bind_null(statement, index); }
    int operator()(std::int64_t v) const { return sqlite3_bind_int64(statement, index, v); }
    int operator()(std::uint64_t v) const {
      if (v <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        return sqlite3_bind_int64(statement, index, static_cast<sqlite3_int64>(v));
      }
      // Above 2^63 − 1: the exact decimal digits, as TEXT (docs/tables.md §2).
      char digits[24];
      const auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
      return sqlite3_bind_text(statement, index, digits, static_cast<int>(end - digits),
                               SQLITE_TRANSIENT);
    }
    int operator()(double v) const { return sqlite3_bind_double(statement, index, v); }
    int operator()(bool v) const { return sqlite3_bind_int(statement, index, v ? 1 : 0); }
    int operator()(std::string_view v) const { return BindText(statement, index, v); }
    int operator()(JsonText v) const { return BindText(statement, index, v.json); }
  };
  return std::visit(Binder{statement, index}, value);
}

// Binds `values` from parameter `first` + 1 on.
Result<void> BindRow(sqlite3* db, std::string_view file, sqlite3_stmt* insert, int first,
                     std::span<const TableValue> values) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (Bind(insert, first + static_cast<int>(i + 1), values[i]) != SQLITE_OK) {
      return SqliteError(db, file, "cannot bind a value");
    }
  }
  return boost::outcome_v2::success();
}

// One step of a prepared insert.
Result<void> StepInsert(sqlite3* db, std::string_view file, sqlite3_stmt* insert) {
  const int stepped = sqlite3_step(insert);
  sqlite3_reset(insert);
  if (stepped != SQLITE_DONE) return SqliteError(db, file, "cannot insert a row");
  return boost::outcome_v2::success();
}

// Prepared on first use and kept for every run.
Result<sqlite3_stmt*> PreparedInsert(sqlite3* db, std::string_view file, Statement& insert,
                                     const TableDefinition& table, std::size_t rows) {
  if (!insert) {
    BOOST_OUTCOME_TRY(insert, Prepare(db, file, tables_sqlite::InsertSql(table, rows)));
  }
  return insert.get();
}

// One batch's rows: kRowsPerInsert at a time (one step each, where a step is most of a row's
// cost), the rest one by one.
Result<void> InsertBatch(sqlite3* db, std::string_view file, InsertStatements& inserts,
                         const tables_sqlite::RowBatch& batch) {
  const TableDefinition& table = TableDefinitions()[batch.table()];
  const int columns = static_cast<int>(table.columns.size());
  std::size_t r = 0;
  if (batch.rows() >= kRowsPerInsert) {
    BOOST_OUTCOME_TRY(sqlite3_stmt* const many,
                      PreparedInsert(db, file, inserts.many[batch.table()], table, kRowsPerInsert));
    for (; r + kRowsPerInsert <= batch.rows(); r += kRowsPerInsert) {
      for (std::size_t k = 0; k < kRowsPerInsert; ++k) {
        BOOST_OUTCOME_TRY(BindRow(db, file, many, static_cast<int>(k) * columns, batch.Row(r + k)));
      }
      BOOST_OUTCOME_TRY(StepInsert(db, file, many));
    }
  }
  if (r == batch.rows()) return boost::outcome_v2::success();
  BOOST_OUTCOME_TRY(sqlite3_stmt* const one,
                    PreparedInsert(db, file, inserts.one[batch.table()], table, 1));
  for (; r < batch.rows(); ++r) {
    BOOST_OUTCOME_TRY(BindRow(db, file, one, 0, batch.Row(r)));
    BOOST_OUTCOME_TRY(StepInsert(db, file, one));
  }
  return boost::outcome_v2::success();
}

// The rows of one run, gathered into batches for the insert thread.
class BatchSink : public TableRowSink {
 public:
  // `batch` is the database's own, kept from run to run: a batch reserves its text up front,
  // which many tiny runs would otherwise pay for each.
  BatchSink(tables_sqlite::InsertThread& inserter,
            std::unique_ptr<tables_sqlite::RowBatch>& batch)
      : inserter_(inserter), batch_(batch) {}

  Result<void> BeginTable(const TableDefinition& table) override {
    batch_->Start(static_cast<std::size_t>(&table - TableDefinitions().data()));
    return boost::outcome_v2::success();
  }

  Result<void> Row(std::span<const TableValue> values) override {
    if (batch_->Add(values)) return boost::outcome_v2::success();
    BOOST_OUTCOME_TRY(inserter_.Take(batch_, true));
    batch_->Add(values);  // an empty batch takes any row
    return boost::outcome_v2::success();
  }

  Result<void> EndTable(const TableDefinition&) override {
    if (batch_->rows() == 0) return boost::outcome_v2::success();
    return inserter_.Take(batch_, false);
  }

 private:
  tables_sqlite::InsertThread& inserter_;
  std::unique_ptr<tables_sqlite::RowBatch>& batch_;
};

// A cell of a query's row, as SQLite holds it. Text and blobs are views valid until the next step.
TableValue CellOf(sqlite3_stmt* statement, int column) {
  switch (sqlite3_column_type(statement, column)) {
    case SQLITE_INTEGER:
      return std::int64_t{sqlite3_column_int64(statement, column)};
    case SQLITE_FLOAT:
      return sqlite3_column_double(statement, column);
    case SQLITE_NULL:
      return std::monostate{};
    default: {
      const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(statement, column));
      const int size = sqlite3_column_bytes(statement, column);
      return std::string_view(text == nullptr ? "" : text, static_cast<std::size_t>(size));
    }
  }
}

// Whether `run_id` has a runs row (runs' key index finds it), through `find`, prepared once.
Result<bool> RunPresent(sqlite3* db, std::string_view file, Statement& find, std::string_view run_id) {
  if (!find) {
    Result<Statement> prepared = Prepare(db, file, "SELECT 1 FROM runs WHERE run_id = ?1");
    if (!prepared) return prepared.error();
    find = std::move(prepared).value();
  }
  BindText(find.get(), 1, run_id);
  const int stepped = sqlite3_step(find.get());
  sqlite3_reset(find.get());
  if (stepped != SQLITE_ROW && stepped != SQLITE_DONE) {
    return SqliteError(db, file, "cannot look the run up");
  }
  return stepped == SQLITE_ROW;
}

}  // namespace

TablesDatabase::TablesDatabase(std::unique_ptr<State> state) noexcept : state_(std::move(state)) {}
TablesDatabase::TablesDatabase(TablesDatabase&&) noexcept = default;
TablesDatabase& TablesDatabase::operator=(TablesDatabase&&) noexcept = default;
TablesDatabase::~TablesDatabase() = default;

namespace {

// The marks Open checks.
struct DatabaseMarks {
  std::int64_t objects;
  std::int64_t application_id;
  std::int64_t version;
};

Result<DatabaseMarks> ReadMarks(sqlite3* db, const std::string& path) {
  // The first read of the file: one that is not a SQLite database fails here.
  const Result<std::int64_t> objects = ReadInteger(db, path, "SELECT count(*) FROM sqlite_schema");
  if (!objects) {
    return Refused(path, std::string("not a tracedoc tables database (") + sqlite3_errmsg(db) + ")");
  }
  BOOST_OUTCOME_TRY(const std::int64_t application_id,
                    ReadInteger(db, path, "PRAGMA application_id"));
  BOOST_OUTCOME_TRY(const std::int64_t version, ReadInteger(db, path, "PRAGMA user_version"));
  return DatabaseMarks{objects.value(), application_id, version};
}

// Gives an empty database the tables. Two exports may open one new file at once: the check
// is made again under the write lock, and the second finds the first's tables.
Result<void> CreateSchemaIfEmpty(sqlite3* db, const std::string& path) {
  BOOST_OUTCOME_TRY(Execute(db, path, tables_sqlite::PageSizeSql()));
  BOOST_OUTCOME_TRY(WriteTransaction transaction, WriteTransaction::Begin(db, path));
  BOOST_OUTCOME_TRY(const std::int64_t objects,
                    ReadInteger(db, path, "SELECT count(*) FROM sqlite_schema"));
  if (objects != 0) return transaction.Commit();
  BOOST_OUTCOME_TRY(Execute(db, path, tables_sqlite::CreateSchemaSql()));
  BOOST_OUTCOME_TRY(transaction.Commit());
  // A database this call creates holds nothing older to lose: it is written without waiting
  // for the disk (an operating-system crash leaves a file to write again). One that existed
  // keeps SQLite's full syncs, so a crash never costs the runs it already held.
  return Execute(db, path, "PRAGMA synchronous = OFF");
}

Result<void> CheckMarks(const DatabaseMarks& marks, const std::string& path) {
  if (marks.application_id != kTablesApplicationId) {
    return Refused(path, "not a tracedoc tables database (its application_id is " +
                             std::to_string(marks.application_id) + ", tracedoc's is " +
                             std::to_string(kTablesApplicationId) + ")");
  }
  if (marks.version != kTablesSchemaVersion) {
    return Refused(path, "holds tables of version " + std::to_string(marks.version) +
                             "; this tracedoc writes version " +
                             std::to_string(kTablesSchemaVersion) + " (docs/tables.md §1)");
  }
  return boost::outcome_v2::success();
}

}  // namespace

Result<TablesDatabase> TablesDatabase::Open(const std::string& path) {
  const bool creates = WillCreate(path);
  auto state = std::make_unique<State>();
  state->file = path;
  const auto open = [&state, &path]() -> Result<void> {
    sqlite3* raw = nullptr;
    const int opened =
        sqlite3_open_v2(path.c_str(), &raw,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    state->db.reset(raw);
    if (opened != SQLITE_OK) return SqliteError(raw, path, "cannot open");
    sqlite3* db = raw;
    tables_sqlite::Harden(db);
    BOOST_OUTCOME_TRY(DatabaseMarks marks, ReadMarks(db, path));
    if (marks.objects == 0 && marks.application_id == 0) {
      BOOST_OUTCOME_TRY(CreateSchemaIfEmpty(db, path));
      BOOST_OUTCOME_TRY(marks, ReadMarks(db, path));
    }
    BOOST_OUTCOME_TRY(CheckMarks(marks, path));
    // A larger page cache than the default 2 MiB keeps the indexes' pages while a run is
    // written.
    return Execute(db, path, "PRAGMA cache_size = -32768");
  };
  if (const Result<void> opened = open(); !opened) {
    state.reset();  // closed before its file may go
    if (creates) RemoveIfEmpty(path);
    return opened.error();
  }
  const std::size_t tables = TableDefinitions().size();
  state->inserts.one.resize(tables);
  state->inserts.many.resize(tables);
  state->deletes.resize(tables);
  return TablesDatabase(std::move(state));
}

Result<void> TablesDatabase::AddRun(const TraceDocument& document, const RunSource& source) {
  sqlite3* db = state_->db.get();
  const std::string& file = state_->file;
  BOOST_OUTCOME_TRY(WriteTransaction transaction, WriteTransaction::Begin(db, file));
  bool indexes_ensured = state_->indexes_ensured;
  const auto write = [&]() -> Result<void> {
    const std::string_view run_id = document.run().run_id;
    BOOST_OUTCOME_TRY(const bool present, RunPresent(db, file, state_->find_run, run_id));
    // Without its run_id index a delete scans the whole table, once per replaced run: a
    // database whose indexes were never built (a call that stopped early) gets them first.
    if (present && !indexes_ensured) {
      BOOST_OUTCOME_TRY(Execute(db, file, tables_sqlite::CreateIndexesSql()));
      indexes_ensured = true;
    }
    const auto tables = TableDefinitions();
    // A new run has no rows to delete: skipping the deletes keeps a load into a database without
    // its indexes yet (they are built after the rows) from scanning every table per run.
    for (std::size_t t = 0; present && t < tables.size(); ++t) {
      Statement& remove = state_->deletes[t];
      if (!remove) {
        Result<Statement> prepared = Prepare(db, file, tables_sqlite::DeleteRunSql(tables[t]));
        if (!prepared) return prepared.error();
        remove = std::move(prepared).value();
      }
      BindText(remove.get(), 1, run_id);
      const int stepped = sqlite3_step(remove.get());
      sqlite3_reset(remove.get());
      if (stepped != SQLITE_DONE) return SqliteError(db, file, "cannot delete the run's rows");
    }
    {
      // SQLite is called by one thread at a time: the inserter's thread from its first full
      // batch until Finish, this one before and after.
      tables_sqlite::InsertThread inserter(
          [db, file, &inserts = state_->inserts](const tables_sqlite::RowBatch& batch) {
            return InsertBatch(db, file, inserts, batch);
          });
      BatchSink sink(inserter, state_->batch);
      const Result<void> emitted = EmitTableRows(document, source, sink);
      const Result<void> inserted = inserter.Finish();
      if (!emitted) return emitted.error();
      if (!inserted) return inserted.error();
    }
    return transaction.Commit();
  };
  BOOST_OUTCOME_TRY(write());  // on an error, `transaction` rolls the run back
  state_->indexes_ensured = indexes_ensured;
  return boost::outcome_v2::success();
}

Result<void> TablesDatabase::BuildIndexes() {
  sqlite3* db = state_->db.get();
  BOOST_OUTCOME_TRY(WriteTransaction transaction, WriteTransaction::Begin(db, state_->file));
  BOOST_OUTCOME_TRY(Execute(db, state_->file, tables_sqlite::CreateIndexesSql()));
  BOOST_OUTCOME_TRY(transaction.Commit());
  state_->indexes_ensured = true;
  return boost::outcome_v2::success();
}

Result<void> TablesDatabase::Begin() {
  if (state_->outer) return QueryError("a transaction is open already", ErrorCode::kIoError);
  BOOST_OUTCOME_TRY(WriteTransaction transaction,
                    WriteTransaction::Begin(state_->db.get(), state_->file));
  state_->outer.emplace(std::move(transaction));
  return boost::outcome_v2::success();
}

Result<void> TablesDatabase::Commit() {
  if (!state_->outer) return QueryError("no transaction is open", ErrorCode::kIoError);
  const Result<void> committed = state_->outer->Commit();
  state_->outer.reset();
  if (!committed) state_->indexes_ensured = false;
  return committed;
}

void TablesDatabase::Rollback() noexcept {
  state_->outer.reset();
  state_->indexes_ensured = false;  // indexes built inside it are gone with it
}

Result<void> TablesDatabase::CheckQuery(std::string_view sql) {
  const tables_sqlite::QueryGuard guard(state_->db.get(), QueryLimits{});
  const Result<Statement> prepared = PrepareQuery(state_->db.get(), sql, guard);
  if (!prepared) return prepared.error();
  return boost::outcome_v2::success();
}

Result<void> TablesDatabase::RunQuery(std::string_view sql, QueryFormat format, std::ostream& out,
                                      const QueryLimits& limits) {
  sqlite3* db = state_->db.get();
  const tables_sqlite::QueryGuard guard(db, limits);
  BOOST_OUTCOME_TRY(const Statement statement, PrepareQuery(db, sql, guard));
  sqlite3_stmt* const raw = statement.get();
  const int columns = sqlite3_column_count(raw);
  std::vector<std::string> names;
  for (int c = 0; c < columns; ++c) {
    const char* name = sqlite3_column_name(raw, c);
    names.emplace_back(name == nullptr ? "" : name);
  }
  const std::unique_ptr<tables_sqlite::QueryOutput> output =
      tables_sqlite::MakeQueryOutput(format, out);
  output->Begin(std::move(names));
  std::vector<TableValue> row(static_cast<std::size_t>(columns));
  int stepped = SQLITE_ROW;
  while ((stepped = sqlite3_step(raw)) == SQLITE_ROW) {
    for (int c = 0; c < columns; ++c) row[static_cast<std::size_t>(c)] = CellOf(raw, c);
    output->Row(row);
    if (!out) break;
  }
  if (stepped != SQLITE_ROW && stepped != SQLITE_DONE) return QueryFailed(guard, stepped);
  output->End();
  out.flush();
  if (!out) {
    return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {}, "cannot write the rows"};
  }
  return boost::outcome_v2::success();
}

}  // namespace tracedoc
