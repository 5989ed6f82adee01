// Input cut into blocks of whole lines, the unit of the read pipeline: each block can be split
// into lines and decoded on its own, and the blocks in order are exactly the input. The only
// place that reads a stream.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "read/byte_source.hpp"
#include "util/record_buffer.hpp"

namespace tracedoc::read {

struct LineBlock {
  /// The bytes, when the source does not outlive the read (a stream); empty for a buffer.
  /// Grown by realloc: a block holding one long line costs that line, not a power of two.
  util::RecordBuffer<char> owned;
  /// Whole lines, each ending in `\n`, except the input's last line, or a line the source
  /// stopped at because it is longer than the line bound (the decoder reports it).
  std::string_view bytes;
  /// Reading on after `bytes` failed, so: its error at the next line.
  std::optional<SourceFailure> read_failure;
};

/// Blocks of about `block_bytes` over a buffer the caller owns (views, no copy).
class BufferBlocks {
 public:
  BufferBlocks(std::string_view text, std::size_t block_bytes)
      : rest_(text), block_bytes_(block_bytes) {}

  /// The next block; false at the end.
  bool Next(LineBlock& block);

 private:
  std::string_view rest_;
  std::size_t block_bytes_;
};

/// Blocks of a byte source (a file, standard input, decompressed bytes), read `block_bytes` at a time: a block ends at the last `\n` read,
/// so only the current line is ever read in full. A line without `\n` longer than
/// `max_line_bytes` ends the input (its block holds it, so the line split fails on it).
class StreamBlocks {
 public:
  StreamBlocks(ByteSource& source, std::size_t block_bytes, std::size_t max_line_bytes)
      : source_(source), block_bytes_(block_bytes), max_line_bytes_(max_line_bytes) {}

  bool Next(LineBlock& block);

 private:
  ByteSource& source_;
  std::size_t block_bytes_;
  std::size_t max_line_bytes_;
  util::RecordBuffer<char> carry_;  // the start of a line whose `\n` has not been read yet
  bool done_ = false;
};

}  // namespace tracedoc::read
