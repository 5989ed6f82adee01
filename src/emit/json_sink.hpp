// Where an emitter's compact JSON text goes: a caller's std::string, std::ostream or chunk writer
// (say a file's fwrite), either as it is or re-indented on the way (PrettyJsonWriter). Streams and
// chunk writers get the text in chunks as it grows.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "emit/pretty_json.hpp"

namespace tracedoc::emit {

/// Takes compact JSON text appended to text() and hands it on. Compact text for a string is
/// appended to that string directly; in every other case text() is a chunk that MaybeFlush()
/// passes on once it holds kChunkBytes, so a stream never waits for the whole text and pretty
/// output never needs the compact text whole. Call Finish() once, after the last byte (a sink
/// for a compact string may instead be destroyed: the string then holds the whole text).
///
/// The emitter's short pieces (a key, a number, a member) go through Reserve and Commit into a
/// small staging buffer, written with plain stores where appending each to a std::string would
/// cost a call; the staged bytes move to text() in one append whenever text() is asked for,
/// the buffer is full, or the text is handed on, so the order of everything written holds.
class JsonSink {
 public:
  /// About this much compact text is held before it is handed on (more only while one value,
  /// say a record with a huge string, is larger): small beside any bound on memory, large
  /// enough that a stream gets few writes.
  static constexpr std::size_t kChunkBytes = std::size_t{64} << 10;

  /// Appends the output to `out`. `chunk_bytes` (tests cut the text finer) applies to pretty
  /// output only: compact text goes straight into `out`.
  JsonSink(std::string& out, bool pretty, std::size_t chunk_bytes = kChunkBytes);
  /// Writes the output to `out`. Once `out` has failed nothing more is written to it; its state
  /// says so (no exception is thrown unless `out` asks for one).
  JsonSink(std::ostream& out, bool pretty, std::size_t chunk_bytes = kChunkBytes);
  /// Hands the output to `write_chunk` piece by piece, in order; it keeps or reports its own
  /// failures.
  JsonSink(std::function<void(std::string_view)> write_chunk, bool pretty,
           std::size_t chunk_bytes = kChunkBytes);
  JsonSink(const JsonSink&) = delete;
  JsonSink& operator=(const JsonSink&) = delete;
  ~JsonSink() { Unstage(); }

  /// The most one Reserve may ask for.
  static constexpr std::size_t kMaxReserveBytes = 256;

  /// Room for `bytes` (at most kMaxReserveBytes) of compact text at the returned pointer; what
  /// is written there counts once Commit is given its end. Anything written between that end
  /// and the `bytes` reserved (a wide copy's spill) is dropped.
  char* Reserve(std::size_t bytes) {
    if (static_cast<std::size_t>(staging_.data() + staging_.size() - staged_end_) < bytes) {
      Unstage();
    }
    return staged_end_;
  }
  /// Keeps the bytes written from Reserve's pointer up to `end`.
  void Commit(char* end) { staged_end_ = end; }

  /// Where the next compact text goes: append to it, never erase from it.
  std::string& text() {
    Unstage();
    return *text_;
  }
  /// Hands the text on when enough has accumulated: call it wherever the text may be cut.
  void MaybeFlush() {
    if (text_->size() + StagedBytes() >= flush_at_) {
      Unstage();
      Flush();
    }
  }
  /// Hands on what is left and ends the pretty text.
  void Finish();

 private:
  // Small enough to stay in L1 beside the records being read, large enough that moving it to
  // text_ is one bulk copy per twenty-odd JSONL lines.
  static constexpr std::size_t kStagingBytes = 4096;

  std::size_t StagedBytes() const {
    return static_cast<std::size_t>(staged_end_ - staging_.data());
  }
  // Appends the staged bytes to text_.
  void Unstage() {
    if (staged_end_ == staging_.data()) return;
    text_->append(staging_.data(), StagedBytes());
    staged_end_ = staging_.data();
  }
  void Flush();

  std::array<char, kStagingBytes> staging_;
  char* staged_end_ = staging_.data();

  std::string chunk_;
  std::string* text_;           // the destination string (compact) or chunk_
  std::size_t flush_at_;        // never reached when text_ is the destination
  std::function<void(std::string_view)> write_chunk_;  // empty for a string
  std::string pretty_chunk_;    // the re-indented text waiting for write_chunk_
  std::optional<PrettyJsonWriter> pretty_;
};

}  // namespace tracedoc::emit
