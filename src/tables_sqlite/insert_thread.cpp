#include "tables_sqlite/insert_thread.hpp"

#include <system_error>
#include <utility>

namespace tracedoc::tables_sqlite {

InsertThread::InsertThread(Insert insert) : insert_(std::move(insert)) {}

InsertThread::~InsertThread() { static_cast<void>(Finish()); }

std::unique_ptr<RowBatch> InsertThread::SpareBatch() {
  if (spare_.empty()) return std::make_unique<RowBatch>();
  std::unique_ptr<RowBatch> batch = std::move(spare_.back());
  spare_.pop_back();
  return batch;
}

Result<void> InsertThread::Take(std::unique_ptr<RowBatch>& batch, bool full) {
  if (!thread_.joinable() && !error_ && full) {
    try {
      thread_ = std::thread([this] { Work(); });
    } catch (const std::system_error&) {
      // No thread to be had: the rows are inserted here, as a small run's are.
    }
  }
  if (!thread_.joinable()) {
    if (error_) return *error_;
    Result<void> inserted = insert_(*batch);
    batch->Start(batch->table());
    if (!inserted) error_ = inserted.error();
    return inserted;
  }
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return waiting_.size() < kWaitingBatches || error_; });
  if (error_) return *error_;
  const std::size_t table = batch->table();
  waiting_.push_back(std::move(batch));
  batch = SpareBatch();
  batch->Start(table);
  changed_.notify_all();
  return boost::outcome_v2::success();
}

void InsertThread::Work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return !waiting_.empty() || finishing_; });
    if (waiting_.empty()) return;
    std::unique_ptr<RowBatch> batch = std::move(waiting_.front());
    waiting_.pop_front();
    const bool failed = error_.has_value();
    lock.unlock();
    // After an error the remaining batches are dropped, not inserted.
    Result<void> inserted = failed ? boost::outcome_v2::success() : insert_(*batch);
    lock.lock();
    if (!inserted && !error_) error_ = inserted.error();
    spare_.push_back(std::move(batch));
    changed_.notify_all();
  }
}

Result<void> InsertThread::Finish() {
  if (thread_.joinable()) {
    {
      const std::lock_guard lock(mutex_);
      finishing_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }
  if (error_) return *error_;
  return boost::outcome_v2::success();
}

}  // namespace tracedoc::tables_sqlite
