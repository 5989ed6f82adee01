// docs/tables.md, written from the table definitions so the page cannot drift from what the
// writers create (tests/tables/tables_doc_test.cpp compares the committed page with this text).
#include <ostream>
#include <string_view>

#include "tracedoc/tables.hpp"

namespace tracedoc {
namespace {

constexpr std::string_view kPreamble = R"(# Traces as tables

<!-- Generated from src/tables/table_schema.cpp by WriteTablesMarkdown (tracedoc/tables.hpp).
     Do not edit: run `TRACEDOC_UPDATE_GOLDEN=1 ctest -R TablesDoc` to rewrite this page. -->

tracedoc can write a trace as tables, so that a fleet of runs can be asked in SQL. Every writer
reads the same rows (`EmitTableRows`, `tracedoc/tables.hpp`), streamed from the document's
records. Any input tracedoc reads can be a run: a trace (trace/10, /9 or /6), a Cirron spool or a
TraceML export, each converted as it is read.

## 1. Version and keys

These are the tables of version )";

constexpr std::string_view kRules = R"(. A change of any table or column raises the
version; a database written by another version is refused, never mixed.

Every row carries `run_id`, the run's `run_id` from its meta: a run is its run_id. Every table
but `runs` and `spans` has `seq`, the row's 0-based position among the run's rows of that table
(for a record, its position among the records of its kind in input order), so `(run_id, seq)` is
a row's key; a span's key is `(run_id, span_id)` (the fold refuses duplicate span ids).

## 2. Values

- **u64** columns hold the format's unsigned 64-bit integers exactly, 0 to 2^64 − 1. SQLite's
  integers are signed 64-bit: a value up to 2^63 − 1 is stored as an INTEGER, a larger one as
  TEXT holding its exact decimal digits (`CAST(x AS TEXT)` reads both the same way; compare
  such columns as numbers only where values stay below 2^63). NDJSON writes every value as an
  exact JSON integer.
- **integer** columns are signed 64-bit integers.
- **real** columns are finite doubles; a non-finite value (NaN, ±infinity) is null, since
  neither JSON nor every SQL engine keeps it (a mark keeps its written text in `text`).
- **boolean** columns are SQLite integers 0 and 1, JSON `true` and `false`.
- **json** columns are compact JSON text (an object or an array); SQLite's `json_extract` and
  DuckDB's JSON functions read them.
- **text** columns are the document's strings, as read (UTF-8).
- A column marked nullable may be null (SQL NULL, JSON `null`); no other column is.

## 3. Span paths

`spans.path` names a span by its place in the tree, as `tracedoc diff` aligns runs
(docs/diff.md §3): the segments from its top span (a root, or a span whose parent_id names no
span) joined by `/`, each the span's name with `\`, `/` and `[` escaped by `\`, followed by
`[k]` for the k-th (0-based, k ≥ 1) earlier sibling of the same name in start order, e.g.
`train/step[3]/forward`. The path is bounded so that a deep chain costs linear output: a span
deeper than 12 segments keeps its first 4 and last 8 with `/…/` between, and a name longer than
256 bytes is cut there (at a character boundary) and ends in `…`. A span on or below a parent
cycle has no path (null).

## 4. The tables
)";

void WriteTable(std::ostream& out, const TableDefinition& table, std::size_t number) {
  out << "\n### 4." << number << " `" << table.name << "`\n\n" << table.doc << " Key: ";
  for (std::size_t i = 0; i < table.key.size(); ++i) {
    out << (i == 0 ? "" : ", ") << '`' << table.key[i] << '`';
  }
  out << '.';
  if (!table.time_columns.empty()) {
    out << " Time columns:";
    for (const std::string_view column : table.time_columns) out << " `" << column << '`';
    out << '.';
  }
  out << "\n\n| column | type | nullable | meaning |\n| --- | --- | --- | --- |\n";
  for (const ColumnDefinition& column : table.columns) {
    out << "| `" << column.name << "` | " << ColumnTypeName(column.type) << " | "
        << (column.nullable ? "yes" : "no") << " | " << column.doc << " |\n";
  }
}

}  // namespace

void WriteTablesMarkdown(std::ostream& out) {
  out << kPreamble << kTablesSchemaVersion << kRules;
  std::size_t number = 1;
  for (const TableDefinition& table : TableDefinitions()) WriteTable(out, table, number++);
}

}  // namespace tracedoc
