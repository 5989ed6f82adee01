// A batch of one table's rows with their text copied: a row's views die when the sink's Row
// returns, and the batch is inserted later, on the thread that inserts (insert_thread.hpp).
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "tracedoc/tables.hpp"

namespace tracedoc::tables_sqlite {

class RowBatch {
 public:
  /// A batch holds at most this many rows, and closes once its text passes kTextBytes: a few
  /// batches in flight cost a few MiB, whatever the run.
  static constexpr std::size_t kMaxRows = 1024;
  static constexpr std::size_t kTextBytes = 1 << 20;

  RowBatch();

  /// Empties the batch for the rows of TableDefinitions()[table].
  void Start(std::size_t table);

  /// Whether `row` can join: fewer than kMaxRows rows, and its text within kTextBytes with the
  /// text already copied (which therefore never moves). An empty batch takes any row, so a cell
  /// larger than kTextBytes gets a batch of its own.
  bool Fits(std::span<const TableValue> row) const noexcept;

  /// Copies `row` in when it Fits (its text cells then view the batch's own text); false, with
  /// nothing added, when it does not. One pass over the row's text for both.
  bool Add(std::span<const TableValue> row);

  std::size_t table() const noexcept { return table_; }
  std::size_t rows() const noexcept { return rows_; }
  /// Row `i`'s cells, valid until the next Start.
  std::span<const TableValue> Row(std::size_t i) const noexcept;

 private:
  bool FitsBytes(std::size_t text_bytes) const noexcept;

  std::size_t table_ = 0;
  std::size_t columns_ = 0;
  std::size_t rows_ = 0;
  std::vector<TableValue> cells_;
  // kTextBytes reserved up front and never grown while cells view it (Fits), so the views stay
  // valid.
  std::string text_;
};

}  // namespace tracedoc::tables_sqlite
