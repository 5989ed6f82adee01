// Inserting a run's rows is half of a SQLite export's time and building them the other half: once
// a run proves large (its first full batch), the batches are inserted on a second thread while
// the calling thread builds the next ones. Small runs stay on the calling thread, where starting
// a thread would cost more than it saves (docs/tables.md §5).
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "tables_sqlite/row_batch.hpp"
#include "tracedoc/error.hpp"

namespace tracedoc::tables_sqlite {

class InsertThread {
 public:
  /// What inserts one batch. Called by one thread at a time: the caller's before the thread
  /// starts, the thread's after, until Finish returns.
  using Insert = std::function<Result<void>(const RowBatch&)>;

  /// At most this many filled batches wait for the thread; the caller waits beyond it.
  static constexpr std::size_t kWaitingBatches = 2;

  explicit InsertThread(Insert insert);
  InsertThread(const InsertThread&) = delete;
  InsertThread& operator=(const InsertThread&) = delete;
  /// Waits for the thread, as Finish does.
  ~InsertThread();

  /// Hands over `batch` (filled; `full` when it closed for lack of room rather than at the end
  /// of its table) and leaves an empty batch in its place. The first full batch starts the
  /// thread; before it, batches are inserted here. Errors: the first insert's error, here or on
  /// the thread (nothing is inserted after it).
  Result<void> Take(std::unique_ptr<RowBatch>& batch, bool full);

  /// Waits until every batch handed over is inserted and the thread has ended. Errors: the first
  /// insert's error. The insert is never called after it returns.
  Result<void> Finish();

 private:
  void Work();
  std::unique_ptr<RowBatch> SpareBatch();

  Insert insert_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::unique_ptr<RowBatch>> waiting_;
  std::vector<std::unique_ptr<RowBatch>> spare_;
  std::optional<Error> error_;
  bool finishing_ = false;
};

}  // namespace tracedoc::tables_sqlite
