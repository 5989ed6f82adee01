// The rows of a query printed as NDJSON, CSV or an aligned table (tracedoc/sqlite_tables.hpp,
// QueryFormat). A writer gets the column names once, then one row at a time; only the table
// holds rows, at most kQueryTableAlignRows of them, to align its columns.
#pragma once

#include <iosfwd>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "tracedoc/sqlite_tables.hpp"
#include "tracedoc/tables.hpp"

namespace tracedoc::tables_sqlite {

class QueryOutput {
 public:
  virtual ~QueryOutput() = default;
  /// Before any row: the query's column names.
  virtual void Begin(std::vector<std::string> names) = 0;
  /// One row: null, std::int64_t, double or std::string_view values, one per column.
  virtual void Row(std::span<const TableValue> values) = 0;
  /// After the last row.
  virtual void End() = 0;
};

std::unique_ptr<QueryOutput> MakeQueryOutput(QueryFormat format, std::ostream& out);

}  // namespace tracedoc::tables_sqlite
