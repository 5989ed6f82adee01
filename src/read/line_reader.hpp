// Splits input bytes into physical lines: on `\n`, one trailing `\r` dropped, numbered from 1.
// Knows no JSON and no blank-line rule; the reader applies those.
#ifndef TRACEDOC_READ_LINE_READER_HPP_
#define TRACEDOC_READ_LINE_READER_HPP_

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "tracedoc/error.hpp"
#include "util/record_buffer.hpp"

namespace tracedoc::read {

struct Line {
  std::string_view text;
  /// 1-based physical line number.
  std::uint64_t number = 0;
};

/// Lines of a buffer the caller owns.
class BufferLineReader {
 public:
  BufferLineReader(std::string_view buffer, std::size_t max_line_bytes)
      : rest_(buffer), max_line_bytes_(max_line_bytes) {}

  /// The next line; false at the end. A line over the bound fails with limit_exceeded.
  Result<bool> Next(Line& line);

 private:
  std::string_view rest_;
  std::size_t max_line_bytes_;
  std::uint64_t number_ = 0;
  bool done_ = false;
};

/// Lines of a stdio stream, read in chunks: only the current line is buffered in full.
class StreamLineReader {
 public:
  StreamLineReader(std::FILE* stream, std::string display_name, std::size_t max_line_bytes);

  /// The next line (valid until the next call); false at the end. Errors: limit_exceeded for
  /// a line over the bound, io_error when the stream fails.
  Result<bool> Next(Line& line);

 private:
  bool Fill();

  std::FILE* stream_;
  std::string display_name_;
  std::size_t max_line_bytes_;
  util::RecordBuffer<char> buffer_;  // [0, capacity) holds bytes read; only [begin_, end_) matter
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  std::size_t scanned_ = 0;  // bytes after begin_ already searched for `\n`
  std::uint64_t number_ = 0;
  bool eof_ = false;
  bool done_ = false;
};

}  // namespace tracedoc::read

#endif  // TRACEDOC_READ_LINE_READER_HPP_
