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

tracedoc writes traces as tables, so that a fleet of runs can be asked in SQL:
`tracedoc export --format sqlite FILE… -o OUT.db` into a SQLite database and
`tracedoc query FILE… "SQL"` over one (§5). Every writer reads the same rows (`EmitTableRows`,
`tracedoc/tables.hpp`), streamed from the document's records. Any input tracedoc reads can be a
run: a trace (trace/10, /9 or /6), a Cirron spool or a TraceML export, each converted as it is
read.

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

constexpr std::string_view kSqlite = R"(
## 5. The SQLite database

`tracedoc export --format sqlite FILE… -o OUT.db` writes the tables into a SQLite database
(Debian's libsqlite3); `tracedoc query FILE… "SQL"` loads them into a temporary one (or into
`--db OUT.db`, kept) and runs one SQL statement over them. Both read each FILE through the one
way in, any format, one document at a time.

- **Marks.** `PRAGMA application_id` is 1416774755 (0x54724463, "TrDc"), `PRAGMA user_version` is
  the tables' version, and the table `tracedoc_schema` holds the row
  `('tables_version', '<version>')`.
- **Opening.** A new or empty file gets the tables, in pages of 64 KiB. An existing file is
  written to only when its application_id is tracedoc's and its user_version is this version;
  any other file (not SQLite at all, another program's database, tables of another version) is
  refused, exit 2 with a message naming it, and left as it was.
- **Types.** The tables are STRICT. A u64 column is declared `ANY`, which stores a value as it is
  bound: an INTEGER up to 2^63 − 1, else the TEXT of its digits (a column of INTEGER affinity
  would turn that text into a REAL and lose digits). integer and boolean columns are `INTEGER`,
  real `REAL`, text and json `TEXT`. SQLite orders every INTEGER before every TEXT, so `max()`
  and comparisons are exact only among values below 2^63; `CAST(x AS TEXT)` gives every value's
  digits.
- **Runs.** Each input is one transaction: when its run_id has a `runs` row, the run's rows are
  deleted from every table first, so exporting a run again replaces it (the run's key is
  `runs.run_id`); then its rows are inserted through prepared statements. Two inputs of one
  call with the same run_id are refused (exit 2, naming both files), since the second would
  silently replace the first. An input that cannot be read (exit 2) or is rejected (exit 1)
  stops the call there; the runs written before it stay.
- **Indexes.** A new database has one index, the unique `runs.run_id`, which says whether a run
  is there to replace. Once every input is written, the others are built, in one transaction,
  if they are not there yet: `(run_id, t)` for each time column `t` (§4), the key of `spans`
  (`(run_id, span_id)`, unique), and the key of each table without a time column (§1,
  unique). A `(run_id, seq)` key is unique by construction, and any index that starts with
  `run_id` finds a run's rows to replace, so the others are not built. A record's `span_id` is
  not indexed: a join from the records to `spans` goes through the spans' key, and text
  comparisons made those indexes a third of the index time; a database that asks for a span's
  records often can add one (`CREATE INDEX ops_span ON ops (run_id, span_id)`). Built after the
  rows, an index is one sort; kept while the rows arrive, every row inserts into it at a random
  place. A database that has them keeps them up to date as more runs are added (a run replaced
  in one whose indexes were never built, after a call that stopped early, is found by a scan).
- **Writing.** A run's rows are inserted 64 to a statement. Once a run has filled its first
  batch (1,024 rows or 1 MiB of text, copied), the rows are built on the calling thread while
  a second thread inserts the batches before them, at most two waiting: a run of a few rows
  never starts a thread. A database the call creates is written with `PRAGMA synchronous =
  OFF` (an operating-system crash can leave it to be written again, and it holds nothing
  older); one that existed keeps SQLite's full syncs, so a crash never costs the runs it held.
- **Queries.** `tracedoc query` runs exactly one statement, and only a read-only one
  (`sqlite3_stmt_readonly`): a second statement or one that would change the database is refused
  like a statement that does not compile, exit 2 with SQLite's message. `--format ndjson` (the
  default) prints one JSON object per row, keyed by SQLite's column names (name computed columns
  with `AS`), integers and reals as JSON numbers, text as strings; `csv` a header line, then one
  line per row, a field quoted (its quotes doubled) when it holds a comma, a quote, CR or LF
  (RFC 4180), null as an empty field; `table` columns aligned over the first 1000 rows, later
  rows printed with the same widths, null as `NULL`, a line break in a cell as a space. No format
  holds more than 1000 rows. Without `--db` the database is SQLite's private temporary one: its
  pages stay in memory up to the 32 MiB page cache and go beyond it to a file SQLite deletes
  when the command ends (in `SQLITE_TMPDIR` or `TMPDIR`, else `/var/tmp`, `/usr/tmp` or
  `/tmp`), so a query over the 10^6-event trace peaks at what its export does, not at the
  document plus a database as large as the input.
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
  out << kSqlite;
}

}  // namespace tracedoc
