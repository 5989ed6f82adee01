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
  refused, exit 2 with a message naming it, and left as it was. A file the call created and
  could not give the tables (a journal link planted beside it, a full disk) is removed again
  while it is still empty. Every connection runs in SQLite's defensive mode, with an untrusted
  schema, no extension loading and no ATTACH.
- **Sharing a file.** Calls may write one database at once, as SQLite allows: each run is one
  `BEGIN IMMEDIATE` transaction, and a call that finds the file locked by another's waits for
  it, up to 60 seconds at each step (`sqlite3_busy_timeout`), so two exports of different runs
  into one file both succeed, their runs interleaved. A new file's tables are created under the
  same lock: the second call finds the first's. Two calls writing the same run_id at once both
  succeed, and the run is the last one's.
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
  place. A database that has them keeps them up to date as more runs are added. A run replaced
  in a database whose indexes were never built (a call that stopped early) builds them first,
  in the run's transaction: a delete without a `run_id` index scans each table, once per run,
  which made replacing 1,600 runs take 28.9 s of CPU where 400 took 3.6 s.
- **Writing.** A run's rows are inserted 64 to a statement. Once a run has filled its first
  batch (1,024 rows or 1 MiB of text, copied), the rows are built on the calling thread while
  a second thread inserts the batches before them, at most two waiting: a run of a few rows
  never starts a thread. A database the call creates is written with `PRAGMA synchronous =
  OFF` (an operating-system crash can leave it to be written again, and it holds nothing
  older); one that existed keeps SQLite's full syncs, so a crash never costs the runs it held.
- **Queries.** `tracedoc query` runs exactly one statement, and only one that reads the tables
  (§5.1): a second statement, or one that would change anything, is refused like a statement
  that does not compile, exit 2 with SQLite's message. The statement is compiled against the
  database's tables before any FILE is read, so a typo costs nothing and changes nothing. With
  `--db`, loading the FILEs, building the indexes and the query are one transaction, committed
  only when the query succeeds: a query that fails, reaches a limit or is interrupted leaves the
  database byte for byte as it was (a `--db` that did not exist is created with the tables
  first, and stays, without runs). `--format ndjson` (the default) prints one JSON object per
  row, keyed by SQLite's column names (name computed columns with `AS`), integers and reals as
  JSON numbers (a REAL that is not finite as `null`, which JSON has no other way to spell), text
  and blobs as strings, each byte that starts no valid UTF-8 sequence written as U+FFFD, so every
  line is JSON. `csv` prints a header line, then one line per row: text escaped for a terminal
  (every C0 control, DEL and C1 control written `\t`, `\n`, `\r` or `\u00hh`, an invalid byte
  `\xhh`; a backslash as it is, so the escaping is for reading, not reversible), a field
  quoted (its quotes doubled) when it holds a comma or a quote (RFC 4180), SQL NULL as an empty
  field, empty text as `""`, a REAL that is not finite as `NaN`, `Infinity` or `-Infinity`.
  `table` aligns the columns over the first 1000 rows (or fewer, once their cells hold 16 MiB),
  later rows printed with the same widths, text escaped as in `csv` (a line break in a cell is
  `\n`), null as `NULL`, non-finite reals as in `csv`. No format holds more than 1000 rows.
  Without `--db` the database is SQLite's private temporary one: its
  pages stay in memory up to the 32 MiB page cache and go beyond it to a file SQLite deletes
  when the command ends (in `SQLITE_TMPDIR` or `TMPDIR`, else `/var/tmp`, `/usr/tmp` or
  `/tmp`), so a query over the 10^6-event trace peaks at what its export does, not at the
  document plus a database as large as the input.

### 5.1 What a query may do

The SQL of `tracedoc query` is anyone's: it may read the loaded tables and nothing else, and
its cost is bounded whatever it says. While the statement is compiled and run:

- **An authorizer** (`sqlite3_set_authorizer`) allows `SELECT`, reads of the database's own
  tables (not the `temp` schema), recursive common table expressions, every function but
  `fts3_tokenizer` (it returns, and given two arguments installs, a pointer of the process),
  `load_extension` and `fts5`, and the pragmas that only describe the schema (`table_info`,
  `table_xinfo`, `index_list`, `index_info`, `index_xinfo`, `table_list`, `foreign_key_list`)
  or read a mark without setting it (`application_id`, `user_version`, `page_size`,
  `page_count`, `freelist_count`, `encoding`). Everything else is refused: `ATTACH` and
  `DETACH` (`ATTACH 'x.db'` and `ATTACH 'file:x.db?mode=rwc'` would create files, and attaching
  another program's database with a hot journal would roll that journal back into it), every
  write, `CREATE`, `DROP`, `ALTER`, `ANALYZE`, `REINDEX`, any other pragma, and `BEGIN`,
  `COMMIT`, `ROLLBACK`, `SAVEPOINT` and `RELEASE` (read-only to SQLite, but they would end the
  transaction `--db` loads in). A table-valued function (`json_each`, `pragma_table_info`) is
  allowed: SQLite asks to declare it as an update of `sqlite_schema`, which a statement that
  really updates it cannot use, since it is not read-only and defensive mode forbids it. A
  refused statement is exit 2, SQLite's "not authorized" message and what a query may do.
- **A value's length**: no text or blob longer than 16 MiB (`SQLITE_LIMIT_LENGTH`;
  `--max-value-mib N`, up to SQLite's own limit of 10^9 bytes). `SELECT
  length(zeroblob(900000000) || '')` peaked at 1.7 GB and `SELECT randomblob(300000000)` printed
  444 MB before; both now stop at once, exit 2, "string or blob too big" and the limit's name.
- **Memory**: SQLite may hold at most 256 MiB, its page caches included
  (`sqlite3_hard_heap_limit64`; `--max-memory-mib N`, at least 16). Past it the statement fails,
  exit 2, naming the limit. Sorts and temporary tables larger than the page cache go to
  temporary files, so the limit is met by queries over any amount of data.
- **Time**: `--timeout SECONDS` stops the statement after that long (checked every 1,000 steps of
  SQLite's virtual machine), exit 2 naming it; without it there is no limit. Ctrl-C stops the
  statement the same way (its handler only sets a flag the check reads), exit 2 "the query was
  interrupted"; a second Ctrl-C ends the process as usual.

Messages that quote SQLite, a file name or the SQL are escaped for the terminal, as `csv` is.
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
