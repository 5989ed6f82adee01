#include "read/read_pipeline.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <thread>
#include <vector>

#include "fold/block_records.hpp"
#include "fold/builder_access.hpp"
#include "format/revision_rules.hpp"
#include "read/error_log.hpp"
#include "read/large_value_handover.hpp"
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

// Past this size a block holds long lines, and the folding thread decodes it itself, as it
// folds it. The budget leaves it about alone in flight, so a worker would gain nothing; and every
// worker that met such a line would keep memory of its size (its decoder's buffers, and the
// freed chunks of its own malloc arena), where the folding thread keeps one such set and hands
// large values to the document instead of copying them.
constexpr std::size_t kDecodeHereAboveBytes = std::size_t{4} << 20;

// The memory a read block holds: its own copy or, over a caller's buffer, the bytes it will be
// decoded into.
std::size_t BlockCost(const LineBlock& block) {
  return std::max(block.owned.capacity(), block.bytes.size());
}

// What became of one non-blank line of a block (or of the over-long line that ends it).
enum class LineOutcome : std::uint8_t {
  kRecord,
  kLineTooLong,
  kInvalidUtf8,
  kDecodeFailed,
  kGathered,  // decoded into the job's BlockRecords (Job::gathered)
};

// Calls visit(number within the block, outcome, text) for each non-blank line of `block`, and
// for the line that ends it early (too long, not UTF-8), until visit returns false. Returns the
// block's physical line count, blank lines included.
// With `past_invalid_utf8`, a line that is not UTF-8 is visited and the block goes on (a read
// collecting errors skips the line).
template <class Visit>
std::uint64_t ForEachLine(const LineBlock& block, std::size_t max_line_bytes,
                          bool past_invalid_utf8, Visit&& visit) {
  BufferLineReader lines(block.bytes, max_line_bytes);
  std::uint64_t count = 0;
  Line line;
  for (;;) {
    Result<bool> more = lines.Next(line);
    if (!more) {
      visit(more.error().line, LineOutcome::kLineTooLong, std::string_view());
      return count;
    }
    if (!more.value()) return count;
    count = line.number;
    if (!text::IsValidUtf8(line.text)) {
      if (!visit(line.number, LineOutcome::kInvalidUtf8, std::string_view()) ||
          !past_invalid_utf8) {
        return count;
      }
      continue;
    }
    if (text::IsBlank(line.text)) continue;
    if (!visit(line.number, LineOutcome::kRecord, line.text)) return count;
  }
}

// The fold's side of the pipeline: its place in the input, the checks each line passes in the
// order the format fixes, and the builder and sink each record goes to.
class Fold {
 public:
  Fold(const ReadOptions& options, std::string_view display_name, DocumentBuilder& builder,
       EventTap& tap)
      : options_(options), display_name_(display_name), builder_(builder), tap_(tap) {}

  /// The position of the line `number` (within the current block) if it may be decoded as the
  /// next record: not over-long, UTF-8, and within the record limit. Otherwise nullopt when
  /// the line is skipped (a log took its error), or the error.
  Result<std::optional<RecordPosition>> Admit(std::uint64_t number, LineOutcome outcome) {
    const std::uint64_t line = lines_before_ + number;
    // An over-long line and the record limit end the read however it goes; the caller logs them.
    if (outcome == LineOutcome::kLineTooLong) return LineTooLong(line, options_.max_line_bytes);
    if (outcome == LineOutcome::kInvalidUtf8) {
      BOOST_OUTCOME_TRY(Skip(InvalidUtf8(line, index_)));
      return std::optional<RecordPosition>();
    }
    if (options_.max_records != 0 && index_ >= options_.max_records) {
      return TooManyRecords(line, index_, options_.max_records);
    }
    return std::optional(RecordPosition{line, index_});
  }

  /// Folds the decoded record at `position`; false when the sink asks to stop. A record the
  /// fold rejects is an error for Skip.
  /// With `owned`, the event's storage is a shard the builder adopts after the block.
  /// `span_row`: a span_start's row, encoded by its decoding thread (owned only).
  Result<bool> Accept(const Event& event, const RecordPosition& position, bool owned = false,
                      const detail::SpanRow* span_row = nullptr) {
    Result<void> added =
        owned ? detail::BuilderAccess::AddOwned(builder_, event, position, nullptr, span_row)
              : builder_.Add(event, position);
    if (!added) {
      BOOST_OUTCOME_TRY(Skip(std::move(added).error()));
      return true;
    }
    // The first record folded is the meta, and its schema says how the rest decode.
    if (index_ == 0) {
      const format::RevisionRules* rules =
          format::RulesOfSchema(std::get<MetaRecord>(event).schema);
      decode_.trace6 = rules != nullptr && rules->legacy_fields;
    }
    ++index_;
    if (tap_.sink != nullptr && (*tap_.sink)(event, position) == EventControl::kStop) {
      tap_.stopped = true;
      return false;
    }
    return true;
  }

  /// A record the decoding thread gathered (LineOutcome::kGathered): its place in the stream is
  /// checked now, and it is kept when its block ends.
  Result<void> AcceptGathered(std::size_t kind, detail::GatherVerdict verdict,
                              const RecordPosition& position) {
    BOOST_OUTCOME_TRY(detail::BuilderAccess::AddGathered(builder_, kind, verdict, position));
    ++index_;
    return boost::outcome_v2::success();
  }

  /// Moves past a block of `line_count` physical lines; a read that failed after it fails at
  /// the next line.
  Result<void> EndBlock(std::uint64_t line_count, const LineBlock& block) {
    lines_before_ += line_count;
    if (block.read_failure) {
      return ReadFailed(lines_before_ + 1, display_name_, block.read_failure->reason,
                        block.read_failure->code);
    }
    return boost::outcome_v2::success();
  }

  /// A line that cannot be folded: without a log, the error ends the read; with one, it is
  /// logged and the read goes on past the line (its record index goes to the next record).
  Result<void> Skip(Error error) {
    if (options_.collect_errors == nullptr) return error;
    AddToLog(*options_.collect_errors, std::move(error));
    return boost::outcome_v2::success();
  }
  const ReadOptions& options() const { return options_; }
  bool collecting() const { return options_.collect_errors != nullptr; }
  /// Whether the document keeps the records, and so the decoding threads' shards.
  bool keeps_shards() const { return keeps_shards_; }
  /// Whether records that need none of the stream's state may be gathered by kind as they are
  /// decoded (BlockRecords): when they are kept, no sink sees them one by one, and the first
  /// error ends the read (a log would need each rejected record left out).
  bool gathers() const { return keeps_shards_ && tap_.sink == nullptr && !collecting(); }
  /// Whether the meta has been folded, and how the records after it decode.
  bool has_meta() const { return index_ > 0; }
  const DecodeOptions& decode_options() const { return decode_; }
  DocumentBuilder& builder() { return builder_; }

 private:
  const ReadOptions& options_;
  std::string_view display_name_;
  DocumentBuilder& builder_;
  EventTap& tap_;
  std::uint64_t lines_before_ = 0;  // physical lines in the blocks already folded
  std::uint64_t index_ = 0;         // next record index
  DecodeOptions decode_ = options_.decode;
  bool keeps_shards_ = detail::BuilderAccess::RetainsRecords(builder_);
};

// Decodes and folds a block line by line, on the folding thread: the records are views into the
// block, and their large values go to the document without a copy. False when the sink stopped.
Result<bool> DecodeAndFold(const LineBlock& block, RecordDecoder& decoder, Fold& fold) {
  Result<bool> status = true;
  const std::uint64_t line_count = ForEachLine(
      block, fold.options().max_line_bytes, fold.collecting(),
      [&](std::uint64_t number, LineOutcome outcome, std::string_view text) {
        Result<std::optional<RecordPosition>> position = fold.Admit(number, outcome);
        if (!position) {
          status = std::move(position).error();
          return false;
        }
        if (!position.value()) return true;  // skipped
        Result<Event> event = decoder.DecodeValidUtf8(text, *position.value());
        if (!event) {
          Result<void> skipped = fold.Skip(std::move(event).error());
          if (!skipped) status = std::move(skipped).error();
          return skipped.has_value();
        }
        detail::HandOverLargeValues(decoder, fold.builder(), event.value());
        const bool had_meta = fold.has_meta();
        status = fold.Accept(event.value(), *position.value());
        // The lines after the meta decode as its schema says (the event is folded: the
        // decoder's buffers it referred to are no longer needed).
        if (!had_meta && fold.has_meta()) decoder = RecordDecoder(fold.decode_options());
        return status.has_value() && status.value();
      });
  if (!status || !status.value()) return status;
  BOOST_OUTCOME_TRY(fold.EndBlock(line_count, block));
  return true;
}

// One block and what a worker made of it. Without an error log, a failing line is the block's
// last entry: nothing after it can matter, since the fold stops there at the latest; with one,
// the worker goes on, and each line that did not decode has its error in `decode_errors`.
struct Job {
  struct DecodedLine {
    std::uint64_t number;  // within the block, from 1
    LineOutcome outcome;
    std::uint8_t kind = 0;  // kGathered: the record's variant index
    detail::GatherVerdict verdict = detail::GatherVerdict::kKept;  // kGathered: Add's answer
  };

  LineBlock block;
  bool decode_here = false;  // folded by DecodeAndFold, never seen by a worker
  std::vector<DecodedLine> lines;
  std::vector<Event> events;  // one per kRecord line, owned by a shard or by `copies`
  // The rows of its span_starts, in order, when it was decoded into a shard (none when the
  // directory was full: the fold then reports it).
  std::vector<std::optional<detail::SpanRow>> span_rows;
  // When the fold only appends them (Fold::gathers): the kinds BlockRecords holds, by kind.
  std::unique_ptr<detail::BlockRecords> gathered;
  std::vector<Error> decode_errors;  // one per kDecodeFailed line, in order
  std::uint64_t line_count = 0;  // physical lines, blank ones included
  // The records' storage when the document keeps only the spans (a validation): copies, gone
  // with the job, since the fold interns the few strings it keeps.
  std::unique_ptr<util::StringPool> copies;
  bool done = false;  // guarded by DecodeWorkers::mutex_ (set by the worker, waited on by the fold)
};

// Where a decoding thread puts its blocks' strings when the document keeps the records: interned
// into the thread's own pool, which the document adopts as a shard at the end. The fold then
// neither hashes nor copies them again. The index is cleared, between blocks, once it holds
// kShardIndexedStrings (about three blocks' worth): small enough to stay in the cache (a global
// index of 770,000 strings at 10^6 events missed it on every id), large enough that a string
// nearby blocks share is stored once per few blocks. Measured at 10^6 events: clearing at every
// block cost `tracedoc memory` 1.22x the input, 2^15 strings 1.14x but a slower read, 2^13 1.17x.
using Shard = std::unique_ptr<util::StringPool>;
constexpr std::size_t kShardIndexedStrings = std::size_t{1} << 13;

// A generous guess at a block's records (lines are rarely shorter), so the lists grow once or not.
constexpr std::size_t kReserveLineBytes = 128;

// A worker's part: decodes a block's records into copies the job owns.
// How a thread decodes its blocks.
struct BlockDecoding {
  util::StringPool* shard = nullptr;  // the thread's shard; null when records are not kept
  bool gather = false;                // Fold::gathers
  const format::RevisionRules* rules = &format::kTrace10Rules;  // for the kept records
};

void DecodeBlock(Job& job, RecordDecoder& decoder, const ReadOptions& options,
                 const BlockDecoding& how) {
  if (how.shard != nullptr) {
    if (how.shard->indexed_count() > kShardIndexedStrings) how.shard->ForgetIndex();
  } else {
    job.copies = std::make_unique<util::StringPool>(util::PoolMode::kCopy);
  }
  util::StringPool& storage = how.shard != nullptr ? *how.shard : *job.copies;
  if (how.gather) job.gathered = std::make_unique<detail::BlockRecords>();
  const bool go_on = options.collect_errors != nullptr;
  const std::size_t expected = job.block.bytes.size() / kReserveLineBytes + 1;
  job.events.reserve(expected);
  job.lines.reserve(expected);
  job.line_count = ForEachLine(
      job.block, options.max_line_bytes, go_on,
      [&](std::uint64_t number, LineOutcome outcome, std::string_view text) {
        if (outcome != LineOutcome::kRecord) {
          job.lines.push_back({number, outcome});
          return go_on && outcome == LineOutcome::kInvalidUtf8;
        }
        Result<Event> event = decoder.DecodeValidUtf8(text);
        if (!event) {
          job.decode_errors.push_back(std::move(event).error());
          job.lines.push_back({number, LineOutcome::kDecodeFailed});
          return go_on;
        }
        if (how.gather && detail::BlockRecords::Gathers(event.value())) {
          const detail::GatherVerdict verdict =
              job.gathered->Add(event.value(), *how.rules, storage);
          job.lines.push_back({number, LineOutcome::kGathered,
                               static_cast<std::uint8_t>(event.value().index()), verdict});
          return true;
        }
        job.events.push_back(OwnEvent(storage, event.value()));
        const auto* start = std::get_if<SpanStartRecord>(&job.events.back());
        if (start != nullptr && how.shard != nullptr) {
          // Its strings are in the shard's index now: the row finds them there.
          job.span_rows.push_back(
              detail::RowCodec<SpanRecord>::Encode(detail::KeptSpan(*start, true), storage));
        }
        job.lines.push_back({number, LineOutcome::kRecord});
        return true;
      });
}

// The fold's part of a job a worker decoded: the same checks, in the same order, as
// DecodeAndFold. False when the sink stopped.
Result<bool> FoldDecoded(Job& job, Fold& fold) {
  std::size_t next_event = 0;
  std::size_t next_span_row = 0;
  std::size_t next_error = 0;
  for (const Job::DecodedLine& decoded : job.lines) {
    BOOST_OUTCOME_TRY(const std::optional<RecordPosition> position,
                      fold.Admit(decoded.number, decoded.outcome));
    if (!position) continue;  // skipped
    if (decoded.outcome == LineOutcome::kDecodeFailed) {
      Error error = job.decode_errors[next_error++];
      error.line = position->line;
      error.index = position->index;
      BOOST_OUTCOME_TRY(fold.Skip(std::move(error)));
      continue;
    }
    if (decoded.outcome == LineOutcome::kGathered) {
      BOOST_OUTCOME_TRY(fold.AcceptGathered(decoded.kind, decoded.verdict, *position));
      continue;
    }
    const Event& event = job.events[next_event++];
    const detail::SpanRow* span_row = nullptr;
    if (std::holds_alternative<SpanStartRecord>(event) && next_span_row < job.span_rows.size()) {
      const std::optional<detail::SpanRow>& row = job.span_rows[next_span_row++];
      if (row) span_row = &*row;
    }
    BOOST_OUTCOME_TRY(const bool more,
                      fold.Accept(event, *position, fold.keeps_shards(), span_row));
    if (!more) return false;
  }
  if (job.gathered) detail::BuilderAccess::AppendGathered(fold.builder(), *job.gathered);
  BOOST_OUTCOME_TRY(fold.EndBlock(job.line_count, job.block));
  return true;
}

// Worker threads taking jobs first come, first served.
class DecodeWorkers {
 public:
  /// `shards` has one per worker, or is empty when the document does not keep the records.
  DecodeWorkers(unsigned count, const ReadOptions& options, const DecodeOptions& decode,
                std::span<const Shard> shards, bool gather)
      : decode_(decode) {
    threads_.reserve(count);
    for (unsigned i = 0; i < count; ++i) {
      const BlockDecoding how{shards.empty() ? nullptr : shards[i].get(), gather,
                              &format::DecodingRules(decode.trace6)};
      threads_.emplace_back([this, &options, how] { Run(options, how); });
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
  void Run(const ReadOptions& options, const BlockDecoding& how) {
    RecordDecoder decoder(decode_);
    for (;;) {
      Job* job = nullptr;
      {
        std::unique_lock lock(mutex_);
        work_ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (stopping_) return;
        job = queue_.front();
        queue_.pop_front();
      }
      DecodeBlock(*job, decoder, options, how);
      {
        const std::lock_guard lock(mutex_);
        job->done = true;
      }
      job_done_.notify_all();
    }
  }

  const DecodeOptions decode_;
  std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable job_done_;
  std::deque<Job*> queue_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

// How many decoding threads a read starts besides the folding thread: none for one thread.
unsigned WorkerCount(const ReadOptions& options) { return options.threads > 1 ? options.threads : 0; }

// `shards`: the folding thread's, then one per worker, when the document keeps the records.
template <class Blocks>
Result<void> FoldBlocksWith(Blocks& blocks, Fold& fold, std::span<const Shard> shards) {
  const ReadOptions& options = fold.options();
  const unsigned worker_count = WorkerCount(options);
  // Enough blocks in flight to keep every worker busy while the fold catches up, within
  // kInFlightBytes (always at least one block); declared before the workers, so they stop
  // before the jobs go. Without workers, one block at a time.
  const std::size_t max_in_flight = worker_count == 0 ? 1 : 2 * std::size_t{worker_count} + 2;
  std::deque<std::unique_ptr<Job>> in_flight;
  std::size_t in_flight_bytes = 0;
  RecordDecoder here(options.decode);
  // Decodes the blocks after the meta into its shard when there are no workers.
  std::optional<RecordDecoder> decoder_after_meta;
  util::StringPool* own_shard = shards.empty() ? nullptr : shards.front().get();
  // Workers start once the meta is folded: its schema says how they decode. Until then the
  // folding thread decodes every block itself (the meta is nearly always on the first line).
  std::optional<DecodeWorkers> workers;
  bool more = true;
  for (;;) {
    if (!workers && worker_count != 0 && fold.has_meta()) {
      workers.emplace(worker_count, options, fold.decode_options(),
                      shards.empty() ? shards : shards.subspan(1), fold.gathers());
    }
    while (more && in_flight.size() < max_in_flight &&
           (in_flight.empty() || in_flight_bytes < kInFlightBytes)) {
      auto job = std::make_unique<Job>();
      more = blocks.Next(job->block);
      if (!more) break;
      in_flight_bytes += BlockCost(job->block);
      // Without workers, a block after the meta of a document that keeps its records is
      // decoded into its shard and folded from there, as a worker's would be.
      job->decode_here = (!workers && !(fold.has_meta() && fold.keeps_shards())) ||
                         BlockCost(job->block) > kDecodeHereAboveBytes;
      if (!job->decode_here && workers) workers->Submit(*job);
      in_flight.push_back(std::move(job));
    }
    if (in_flight.empty()) return boost::outcome_v2::success();
    Job& front = *in_flight.front();
    Result<bool> folded = false;
    if (front.decode_here) {
      folded = DecodeAndFold(front.block, here, fold);
    } else {
      if (workers) {
        workers->WaitFor(front);
      } else {
        if (!decoder_after_meta) decoder_after_meta.emplace(fold.decode_options());
        DecodeBlock(front, *decoder_after_meta, options,
                    BlockDecoding{own_shard, fold.gathers(),
                                 &format::DecodingRules(fold.decode_options().trace6)});
      }
      folded = FoldDecoded(front, fold);
    }
    if (!folded) return std::move(folded).error();
    if (!folded.value()) return boost::outcome_v2::success();  // the sink stopped the read
    in_flight_bytes -= BlockCost(front.block);
    in_flight.pop_front();
  }
}

// Folds every block, then gives the document the shards its records refer to (after the workers
// stopped, whichever way the read ended).
template <class Blocks>
Result<void> FoldBlocks(Blocks& blocks, Fold& fold) {
  std::vector<Shard> shards;
  if (fold.keeps_shards()) {
    shards.resize(1 + WorkerCount(fold.options()));
    // The shards number their chunks in the document's directory, so the rows decoded into
    // them keep their refs when the document adopts them.
    for (Shard& shard : shards) {
      shard = std::make_unique<util::StringPool>(
          util::PoolMode::kIntern, detail::BuilderAccess::Directory(fold.builder()));
    }
  }
  Result<void> folded = FoldBlocksWith(blocks, fold, shards);
  for (Shard& shard : shards) detail::BuilderAccess::AdoptShard(fold.builder(), std::move(shard));
  return folded;
}

}  // namespace

Result<void> FoldBuffer(std::string_view text, const ReadOptions& options,
                        DocumentBuilder& builder, EventTap& tap) {
  BufferBlocks blocks(text, kBlockBytes);
  Fold fold(options, "<string>", builder, tap);
  return FoldBlocks(blocks, fold);
}

Result<void> FoldStream(ByteSource& source, std::string_view display_name,
                        const ReadOptions& options, DocumentBuilder& builder, EventTap& tap) {
  StreamBlocks blocks(source, kBlockBytes, options.max_line_bytes);
  Fold fold(options, display_name, builder, tap);
  return FoldBlocks(blocks, fold);
}

}  // namespace tracedoc::read
