// RowBatch: a row's text is copied (the builder's views die when Row returns), a batch closes at
// kMaxRows rows or when its text would move, and an outsized cell gets a batch of its own.
#include "tables_sqlite/row_batch.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace tracedoc::tables_sqlite {
namespace {

std::size_t TableIndex(std::string_view name) {
  return static_cast<std::size_t>(FindTable(name) - TableDefinitions().data());
}

// A ranks row: run_id, seq, rank, span_id (docs/tables.md), with a null for the span.
std::vector<TableValue> RanksRow(std::string_view run_id, std::uint64_t seq) {
  return {std::string_view(run_id), seq, std::int64_t{7}, std::monostate{}};
}

TEST(RowBatch, CopiesTheTextOfEachRow) {
  RowBatch batch;
  batch.Start(TableIndex("ranks"));
  std::string run_id = "run-a";
  batch.Add(RanksRow(run_id, 1));
  run_id = "XXXXX";  // the builder reuses its buffer
  batch.Add(RanksRow(run_id, 2));
  ASSERT_EQ(batch.rows(), 2u);
  EXPECT_EQ(std::get<std::string_view>(batch.Row(0)[0]), "run-a");
  EXPECT_EQ(std::get<std::string_view>(batch.Row(1)[0]), "XXXXX");
  EXPECT_EQ(std::get<std::uint64_t>(batch.Row(1)[1]), 2u);
  EXPECT_EQ(std::get<std::int64_t>(batch.Row(1)[2]), 7);
  EXPECT_TRUE(std::holds_alternative<std::monostate>(batch.Row(0)[3]));
  EXPECT_EQ(batch.table(), TableIndex("ranks"));
}

TEST(RowBatch, ClosesAtItsRowLimit) {
  RowBatch batch;
  batch.Start(TableIndex("ranks"));
  const std::vector<TableValue> row = RanksRow("r", 1);
  for (std::size_t i = 0; i < RowBatch::kMaxRows; ++i) {
    ASSERT_TRUE(batch.Fits(row));
    batch.Add(row);
  }
  EXPECT_FALSE(batch.Fits(row));
  EXPECT_FALSE(batch.Add(row));  // refused, nothing added
  EXPECT_EQ(batch.rows(), RowBatch::kMaxRows);
  batch.Start(TableIndex("ranks"));
  EXPECT_EQ(batch.rows(), 0u);
  EXPECT_TRUE(batch.Fits(row));
}

TEST(RowBatch, ClosesBeforeItsTextWouldMoveAndTakesAnOutsizedCellAlone) {
  RowBatch batch;
  batch.Start(TableIndex("ranks"));
  const std::string half(RowBatch::kTextBytes / 2, 'h');
  batch.Add(RanksRow(half, 1));
  EXPECT_TRUE(batch.Fits(RanksRow(std::string(RowBatch::kTextBytes / 4, 'q'), 2)));
  EXPECT_FALSE(batch.Fits(RanksRow(half + "more", 2)));

  const std::string huge(3 * RowBatch::kTextBytes, 'x');
  EXPECT_FALSE(batch.Fits(RanksRow(huge, 2)));
  batch.Start(TableIndex("ranks"));
  ASSERT_TRUE(batch.Fits(RanksRow(huge, 2)));  // an empty batch takes any row
  batch.Add(RanksRow(huge, 2));
  EXPECT_EQ(std::get<std::string_view>(batch.Row(0)[0]).size(), huge.size());
  EXPECT_FALSE(batch.Fits(RanksRow("r", 3)));  // and then closes
}

}  // namespace
}  // namespace tracedoc::tables_sqlite
