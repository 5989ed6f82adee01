// Traces as tables (docs/tables.md): one versioned schema of tables (runs, spans, ops, ... and the
// converted facts) and the one row source every table writer reads, streamed from a document's
// records. Every table writer is a TableRowSink of it.
#ifndef TRACEDOC_TABLES_HPP_
#define TRACEDOC_TABLES_HPP_

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/input_format.hpp"

namespace tracedoc {

/// The version of the table definitions below: any change of a table or a column raises it. A
/// database written by another version is refused rather than mixed (docs/tables.md §1).
inline constexpr std::uint32_t kTablesSchemaVersion = 1;

/// What a column holds. kUnsigned is an integer in [0, 2^64 − 1]: every writer keeps it exactly
/// (docs/tables.md §2: SQLite stores one above 2^63 − 1 as the text of its decimal digits).
enum class ColumnType : std::uint8_t { kInteger, kUnsigned, kReal, kText, kBoolean, kJson };

/// The type's spelling in docs/tables.md: "integer", "u64", "real", "text", "boolean", "json".
std::string_view ColumnTypeName(ColumnType type) noexcept;

struct ColumnDefinition {
  std::string_view name;
  ColumnType type = ColumnType::kText;
  bool nullable = false;
  /// One sentence.
  std::string_view doc;
};

struct TableDefinition {
  std::string_view name;
  /// One sentence: what one row is.
  std::string_view doc;
  std::span<const ColumnDefinition> columns;
  /// The columns that make a row unique within the database (run_id first).
  std::span<const std::string_view> key;
  /// The time columns a writer indexes (with run_id).
  std::span<const std::string_view> time_columns;
};

/// Every table, in the order EmitTableRows emits them: runs, spans, ops, tensors, tensor_stats,
/// memory, device_memory, device_intervals, gradients, edges, health_issues, ranks, steps, marks.
std::span<const TableDefinition> TableDefinitions() noexcept;

/// The table named `name`, if any.
const TableDefinition* FindTable(std::string_view name) noexcept;

/// docs/tables.md, generated from the definitions (`TRACEDOC_UPDATE_GOLDEN=1 ctest -R TablesDoc`
/// rewrites the committed page; the test fails when it differs).
void WriteTablesMarkdown(std::ostream& out);

/// A value of a JSON column: compact JSON text (an object or an array).
struct JsonText {
  std::string_view json;
  friend bool operator==(const JsonText&, const JsonText&) = default;
};

/// One cell. Null is std::monostate. A kUnsigned column holds std::uint64_t, kInteger
/// std::int64_t, kReal a finite double (a non-finite value is null: docs/tables.md §2), kText
/// std::string_view, kJson JsonText. Views are valid until the sink's Row returns.
using TableValue =
    std::variant<std::monostate, std::int64_t, std::uint64_t, double, bool, std::string_view,
                 JsonText>;

/// Where the rows go. EmitTableRows calls, for each table of TableDefinitions() in order,
/// BeginTable, then Row once per row (values in the table's column order, exactly
/// table.columns.size() of them), then EndTable, also for a table without rows. The first error
/// a call returns stops the emission and is EmitTableRows's result.
class TableRowSink {
 public:
  virtual ~TableRowSink() = default;
  virtual Result<void> BeginTable(const TableDefinition& table) = 0;
  virtual Result<void> Row(std::span<const TableValue> values) = 0;
  virtual Result<void> EndTable(const TableDefinition& table) = 0;
};

/// Where a document came from: the `runs` row's source columns.
struct RunSource {
  /// As given on the command line (or any name the caller chooses).
  std::string_view file_name;
  /// The lowercase hex SHA-256 of the file's bytes; none for a directory or a stream.
  std::optional<std::string_view> file_sha256;
  InputFormat format = InputFormat::kTrace;
};

/// Emits the rows of every table for `document`, each row straight from the document's records
/// (no copy of the document is made; the only tables built first are the spans' paths, O(spans),
/// and the health report's issues). Every row's run_id is document.run().run_id. O(records +
/// their arrays and unknown members): each span's path is bounded (docs/tables.md §3). Errors:
/// the sink's.
Result<void> EmitTableRows(const TraceDocument& document, const RunSource& source,
                           TableRowSink& sink);

/// The lowercase hex SHA-256 of the file at `path` (64 characters), read in blocks. Errors:
/// io_error when it cannot be opened or read.
Result<std::string> FileSha256(const std::string& path);

}  // namespace tracedoc

#endif  // TRACEDOC_TABLES_HPP_
