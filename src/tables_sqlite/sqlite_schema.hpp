// The SQL of the tables of kTablesSchemaVersion (docs/tables.md §5): STRICT tables whose u64
// columns are ANY (an INTEGER up to 2^63 − 1, else the TEXT of the decimal digits, kept exactly:
// a column of INTEGER affinity would turn such text into a lossy REAL), their indexes, and the
// statements that insert and delete a run's rows.
#pragma once

#include <string>

#include "tracedoc/tables.hpp"

namespace tracedoc::tables_sqlite {

/// The column's declared type in a STRICT table: INTEGER, ANY, REAL or TEXT.
std::string_view SqlType(ColumnType type) noexcept;

/// The page size of a new database: run on an empty file before the transaction that creates
/// the tables (a write transaction fixes the size when it starts).
std::string PageSizeSql();

/// CREATE TABLE statements of every table, the unique index of runs' key, the tracedoc_schema
/// table and its rows, and the application_id and user_version pragmas: what a new database
/// holds.
std::string CreateSchemaSql();

/// CREATE INDEX IF NOT EXISTS statements of every other index (the caller's transaction holds
/// them together): (run_id, span_id) of every table with a span_id, (run_id, t) of each time column t, and the key
/// (unique) of spans and of each table that has neither. Built after a load, since building an
/// index over rows sorts them once, where keeping it while rows arrive in another order inserts
/// at random places in it.
std::string CreateIndexesSql();

/// `INSERT INTO "table" VALUES (?1, ..., ?N)`, or with `rows` rows, `VALUES (?1, ..., ?N),
/// (?N+1, ..., ?2N), ...`: one step of it inserts them all.
std::string InsertSql(const TableDefinition& table, std::size_t rows = 1);

/// `DELETE FROM "table" WHERE run_id = ?1`.
std::string DeleteRunSql(const TableDefinition& table);

}  // namespace tracedoc::tables_sqlite
