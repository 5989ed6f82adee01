#include "read/threaded_fold.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "read/line_blocks.hpp"
#include "read/line_reader.hpp"
#include "read/owned_event.hpp"
#include "read/read_errors.hpp"
#include "text/utf8.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::read {
namespace {

// Small enough that a few blocks per thread are in flight on a modest trace, large enough that
// the hand-over costs nothing next to decoding a block.
constexpr std::size_t kBlockBytes = std::size_t{256} << 10;

// What the blocks read ahead may hold, in bytes (issue 12, F5). A block is whole lines, so one
// long line makes one big block, and while in flight a block costs about three times its size
// (its bytes, its decoded strings, the decoder's tape): a count of blocks alone let four threads
// hold ten 100 MB lines at once. With ordinary lines the count below binds long before this;
// with lines of several MB the read keeps about one block in flight, as the one-thread read
// keeps one line.
constexpr std::size_t kInFlightBytes = std::size_t{16} << 20;

// Past this size a block holds long lines, and the folding thread decodes it itself. The budget
// leaves it about alone in flight, so a worker would gain nothing; and every worker that met such
// a line would keep memory of its size (its decoder's buffers, and the freed chunks of its own
// malloc arena), where the one-thread read keeps one such set.
constexpr std::size_t kDecodeHereAboveBytes = std::size_t{4} << 20;

// The memory a read block holds: its own copy (with the string's slack) or, over a caller's
// buffer, the bytes it will be decoded into.
std::size_t BlockCost(const LineBlock& block) {
  return std::max(block.owned.capacity(), block.bytes.size());
}

enum class Outcome : std::uint8_t { kEvent, kLineTooLong, kInvalidUtf8, kDecodeFailed };

// A non-blank line of a block (or the over-long line that ends it).
struct DecodedLine {
  std::uint64_t number;  // within the block, from 1
  Outcome outcome;
};

// One block and what a worker made of it. A failing line is the block's last entry: nothing
// after it can matter, since the fold stops there at the latest.
struct Job {
  LineBlock block;
  std::vector<DecodedLine> lines;
  std::vector<Event> events;  // one per kEvent line, copied into `pool`
  std::optional<Error> decode_error;
  std::uint64_t line_count = 0;  // physical lines, blank ones included
  // Copies only: the fold interns each string into the document, so hashing here too would
  // double the cost.
  util::StringPool pool{util::PoolMode::kCopy};
  bool done = false;  // guarded by DecodeWorkers::mutex_ (set by the worker, waited on by the fold)
};

// A generous guess at a block's records (lines are rarely shorter), so the lists grow once or not.
constexpr std::size_t kReserveLineBytes = 128;

void DecodeBlock(Job& job, RecordDecoder& decoder, std::size_t max_line_bytes) {
  const std::size_t expected = job.block.bytes.size() / kReserveLineBytes + 1;
  job.events.reserve(expected);
  job.lines.reserve(expected);
  BufferLineReader lines(job.block.bytes, max_line_bytes);
  Line line;
  for (;;) {
    Result<bool> more = lines.Next(line);
    if (!more) {
      job.lines.push_back({more.error().line, Outcome::kLineTooLong});
      return;
    }
    if (!more.value()) return;
    job.line_count = line.number;
    if (!text::IsValidUtf8(line.text)) {
      job.lines.push_back({line.number, Outcome::kInvalidUtf8});
      return;
    }
    if (text::IsBlank(line.text)) continue;
    Result<Event> event = decoder.DecodeValidUtf8(line.text);
    if (!event) {
      job.decode_error = std::move(event).error();
      job.lines.push_back({line.number, Outcome::kDecodeFailed});
      return;
    }
    job.events.push_back(OwnEvent(job.pool, event.value()));
    job.lines.push_back({line.number, Outcome::kEvent});
  }
}

// Worker threads taking jobs first come, first served.
class DecodeWorkers {
 public:
  DecodeWorkers(unsigned count, const ReadOptions& options) {
    threads_.reserve(count);
    for (unsigned i = 0; i < count; ++i) {
      threads_.emplace_back([this, &options] { Run(options); });
    }
  }
  DecodeWorkers(const DecodeWorkers&) = delete;
  DecodeWorkers& operator=(const DecodeWorkers&) = delete;

  // Lets the running jobs finish and drops the queued ones.
  ~DecodeWorkers() {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    work_ready_.notify_all();
    for (std::thread& thread : threads_) thread.join();
  }

  void Submit(Job& job) {
    {
      const std::lock_guard lock(mutex_);
      queue_.push_back(&job);
    }
    work_ready_.notify_one();
  }

  void WaitFor(const Job& job) {
    std::unique_lock lock(mutex_);
    job_done_.wait(lock, [&job] { return job.done; });
  }

 private:
  void Run(const ReadOptions& options) {
    RecordDecoder decoder(options.decode);
    for (;;) {
      Job* job = nullptr;
      {
        std::unique_lock lock(mutex_);
        work_ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (stopping_) return;
        job = queue_.front();
        queue_.pop_front();
      }
      DecodeBlock(*job, decoder, options.max_line_bytes);
      {
        const std::lock_guard lock(mutex_);
        job->done = true;
      }
      job_done_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable job_done_;
  std::deque<Job*> queue_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

// The fold's place in the stream, carried from block to block.
struct FoldCursor {
  std::uint64_t lines_before = 0;  // physical lines in the blocks already folded
  std::uint64_t index = 0;         // next record index
};

// Applies the one-thread read's checks, in its order, to a decoded block.
Result<void> FoldJob(Job& job, FoldCursor& cursor, const ReadOptions& options,
                     std::string_view display_name, DocumentBuilder& builder) {
  std::size_t next_event = 0;
  for (const DecodedLine& decoded : job.lines) {
    const std::uint64_t number = cursor.lines_before + decoded.number;
    if (decoded.outcome == Outcome::kLineTooLong) {
      return LineTooLong(number, options.max_line_bytes);
    }
    if (decoded.outcome == Outcome::kInvalidUtf8) return InvalidUtf8(number, cursor.index);
    if (options.max_records != 0 && cursor.index >= options.max_records) {
      return TooManyRecords(number, cursor.index, options.max_records);
    }
    if (decoded.outcome == Outcome::kDecodeFailed) {
      Error error = *job.decode_error;
      error.line = number;
      error.index = cursor.index;
      return error;
    }
    BOOST_OUTCOME_TRY(builder.Add(job.events[next_event++], RecordPosition{number, cursor.index}));
    ++cursor.index;
  }
  cursor.lines_before += job.line_count;
  if (job.block.read_failure) {
    return ReadFailed(cursor.lines_before + 1, display_name, *job.block.read_failure);
  }
  return boost::outcome_v2::success();
}

template <class Blocks>
Result<void> FoldBlocks(Blocks& blocks, std::string_view display_name, const ReadOptions& options,
                        DocumentBuilder& builder) {
  // Enough blocks in flight to keep every worker busy while the fold catches up, within
  // kInFlightBytes (always at least one block); declared before the workers, so they stop
  // before the jobs go.
  const std::size_t max_in_flight = 2 * std::size_t{options.threads} + 2;
  std::deque<std::unique_ptr<Job>> in_flight;
  std::size_t in_flight_bytes = 0;
  std::optional<RecordDecoder> own_decoder;  // for blocks of long lines
  DecodeWorkers workers(options.threads, options);
  FoldCursor cursor;
  bool more = true;
  for (;;) {
    while (more && in_flight.size() < max_in_flight &&
           (in_flight.empty() || in_flight_bytes < kInFlightBytes)) {
      auto job = std::make_unique<Job>();
      more = blocks.Next(job->block);
      if (!more) break;
      in_flight_bytes += BlockCost(job->block);
      if (BlockCost(job->block) > kDecodeHereAboveBytes) {
        if (!own_decoder) own_decoder.emplace(options.decode);
        DecodeBlock(*job, *own_decoder, options.max_line_bytes);
        job->done = true;  // never seen by a worker
      } else {
        workers.Submit(*job);
      }
      in_flight.push_back(std::move(job));
    }
    if (in_flight.empty()) return boost::outcome_v2::success();
    Job& front = *in_flight.front();
    workers.WaitFor(front);
    BOOST_OUTCOME_TRY(FoldJob(front, cursor, options, display_name, builder));
    in_flight_bytes -= BlockCost(front.block);
    in_flight.pop_front();
  }
}

}  // namespace

Result<void> ThreadedFoldBuffer(std::string_view text, const ReadOptions& options,
                                DocumentBuilder& builder) {
  BufferBlocks blocks(text, kBlockBytes);
  return FoldBlocks(blocks, "<string>", options, builder);
}

Result<void> ThreadedFoldStream(std::FILE* stream, std::string_view display_name,
                                const ReadOptions& options, DocumentBuilder& builder) {
  StreamBlocks blocks(stream, kBlockBytes, options.max_line_bytes);
  return FoldBlocks(blocks, display_name, options, builder);
}

}  // namespace tracedoc::read
