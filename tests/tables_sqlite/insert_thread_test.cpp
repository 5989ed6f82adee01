// InsertThread: batches that close at the end of their table are inserted on the calling thread
// until the first full batch starts the thread; every batch is inserted once and in order; an
// insert's error stops the inserts and reaches the caller with its code.
#include "tables_sqlite/insert_thread.hpp"

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace tracedoc::tables_sqlite {
namespace {

constexpr std::size_t kRanks = 11;  // TableDefinitions()' index of ranks

struct Inserted {
  std::mutex mutex;
  std::vector<std::uint64_t> seqs;
  std::vector<std::thread::id> threads;
};

InsertThread::Insert Recording(Inserted& inserted) {
  return [&inserted](const RowBatch& batch) -> Result<void> {
    const std::lock_guard lock(inserted.mutex);
    for (std::size_t r = 0; r < batch.rows(); ++r) {
      inserted.seqs.push_back(std::get<std::uint64_t>(batch.Row(r)[1]));
    }
    inserted.threads.push_back(std::this_thread::get_id());
    return boost::outcome_v2::success();
  };
}

// Fills `batch` with seqs [from, from + rows).
void Fill(RowBatch& batch, std::uint64_t from, std::size_t rows) {
  for (std::size_t i = 0; i < rows; ++i) {
    const std::vector<TableValue> row{std::string_view("r"), from + i, std::int64_t{0},
                                      std::string_view("s")};
    batch.Add(row);
  }
}

TEST(InsertThread, SmallBatchesStayOnTheCallingThreadAndLargeOnesMoveInOrder) {
  ASSERT_EQ(TableDefinitions()[kRanks].name, "ranks");
  Inserted inserted;
  InsertThread inserter(Recording(inserted));
  auto batch = std::make_unique<RowBatch>();
  batch->Start(kRanks);
  Fill(*batch, 0, 3);
  ASSERT_TRUE(inserter.Take(batch, false));
  ASSERT_EQ(batch->rows(), 0u);  // handed back empty
  std::uint64_t next = 3;
  for (int i = 0; i < 50; ++i) {
    Fill(*batch, next, RowBatch::kMaxRows);
    next += RowBatch::kMaxRows;
    ASSERT_TRUE(inserter.Take(batch, true));
    EXPECT_EQ(batch->rows(), 0u);
    EXPECT_EQ(batch->table(), kRanks);
  }
  Fill(*batch, next, 5);
  next += 5;
  ASSERT_TRUE(inserter.Take(batch, false));
  ASSERT_TRUE(inserter.Finish());
  ASSERT_EQ(inserted.seqs.size(), next);
  for (std::uint64_t i = 0; i < next; ++i) ASSERT_EQ(inserted.seqs[i], i);
  ASSERT_EQ(inserted.threads.size(), 52u);
  EXPECT_EQ(inserted.threads.front(), std::this_thread::get_id());
  EXPECT_NE(inserted.threads[1], std::this_thread::get_id());
  EXPECT_EQ(inserted.threads.back(), inserted.threads[1]);
}

TEST(InsertThread, AnErrorOnTheThreadStopsTheInsertsAndReachesTheCaller) {
  std::atomic<int> calls = 0;
  InsertThread inserter([&calls](const RowBatch&) -> Result<void> {
    if (++calls == 3) {
      return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {}, "disk full"};
    }
    return boost::outcome_v2::success();
  });
  auto batch = std::make_unique<RowBatch>();
  batch->Start(kRanks);
  Result<void> taken = boost::outcome_v2::success();
  int handed = 0;
  while (taken && handed < 1000) {
    Fill(*batch, 0, RowBatch::kMaxRows);
    taken = inserter.Take(batch, true);
    ++handed;
  }
  ASSERT_FALSE(taken);  // the caller learns of it while it still hands batches over
  EXPECT_EQ(taken.error().code, ErrorCode::kIoError);
  EXPECT_EQ(taken.error().message, "disk full");
  const Result<void> finished = inserter.Finish();
  ASSERT_FALSE(finished);
  EXPECT_EQ(finished.error().message, "disk full");
  EXPECT_EQ(calls.load(), 3);  // nothing inserted after the error
  EXPECT_LE(handed, 3 + static_cast<int>(InsertThread::kWaitingBatches) + 1);
}

TEST(InsertThread, AnErrorBeforeTheThreadStartsIsReturnedAtOnce) {
  int calls = 0;
  InsertThread inserter([&calls](const RowBatch&) -> Result<void> {
    ++calls;
    return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {}, "locked"};
  });
  auto batch = std::make_unique<RowBatch>();
  batch->Start(kRanks);
  Fill(*batch, 0, 2);
  const Result<void> taken = inserter.Take(batch, false);
  ASSERT_FALSE(taken);
  EXPECT_EQ(taken.error().message, "locked");
  Fill(*batch, 0, RowBatch::kMaxRows);
  EXPECT_FALSE(inserter.Take(batch, true));  // no thread starts after an error
  EXPECT_FALSE(inserter.Finish());
  EXPECT_EQ(calls, 1);
}

}  // namespace
}  // namespace tracedoc::tables_sqlite
