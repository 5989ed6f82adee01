// Line splitting over a buffer and over a chunked stream.
#include "read/line_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "read/read_errors.hpp"

namespace tracedoc::read {
namespace {

constexpr std::size_t kChunkBytes = std::size_t{1} << 20;

std::string_view DropCarriageReturn(std::string_view text) {
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  return text;
}

}  // namespace

Result<bool> BufferLineReader::Next(Line& line) {
  if (done_) return false;
  const void* newline = std::memchr(rest_.data(), '\n', rest_.size());
  std::string_view text;
  if (newline == nullptr) {
    // The last line has no `\n`; an empty remainder after a final `\n` is no line.
    done_ = true;
    if (rest_.empty()) return false;
    text = rest_;
    rest_ = {};
  } else {
    const auto length = static_cast<std::size_t>(static_cast<const char*>(newline) - rest_.data());
    text = rest_.substr(0, length);
    rest_.remove_prefix(length + 1);
  }
  ++number_;
  if (text.size() > max_line_bytes_) return LineTooLong(number_, max_line_bytes_);
  line = Line{DropCarriageReturn(text), number_};
  return true;
}

StreamLineReader::StreamLineReader(std::FILE* stream, std::string display_name,
                                   std::size_t max_line_bytes)
    : stream_(stream),
      display_name_(std::move(display_name)),
      max_line_bytes_(max_line_bytes) {
  buffer_.reserve(std::min(kChunkBytes, max_line_bytes + 1) + 1);
}

// Moves the unread bytes to the front, grows the buffer when a line fills it, and reads more.
// Returns false when the stream failed.
bool StreamLineReader::Fill() {
  if (begin_ != 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (end_ == buffer_.capacity()) {
    // Grown by realloc, unfilled: a long line costs its own length, not the next power of two
    // (and the old and new buffer are never both in memory).
    buffer_.reserve(std::min(buffer_.capacity() * 2, max_line_bytes_ + 2));
  }
  // At most a chunk at a time, so that what is read ahead of the line stays small.
  const std::size_t room = std::min(buffer_.capacity() - end_, kChunkBytes);
  const std::size_t got = std::fread(buffer_.data() + end_, 1, room, stream_);
  end_ += got;
  if (got == 0) {
    if (std::ferror(stream_)) return false;
    eof_ = true;
  }
  return true;
}

Result<bool> StreamLineReader::Next(Line& line) {
  if (done_) return false;
  for (;;) {
    const char* start = buffer_.data() + begin_;
    const std::size_t available = end_ - begin_;
    const void* newline = std::memchr(start + scanned_, '\n', available - scanned_);
    if (newline != nullptr) {
      const auto length = static_cast<std::size_t>(static_cast<const char*>(newline) - start);
      ++number_;
      if (length > max_line_bytes_) return LineTooLong(number_, max_line_bytes_);
      line = Line{DropCarriageReturn(std::string_view(start, length)), number_};
      begin_ += length + 1;
      scanned_ = 0;
      return true;
    }
    scanned_ = available;
    if (available > max_line_bytes_) return LineTooLong(number_ + 1, max_line_bytes_);
    if (eof_) {
      done_ = true;
      if (available == 0) return false;
      ++number_;
      line = Line{DropCarriageReturn(std::string_view(start, available)), number_};
      begin_ = end_;
      return true;
    }
    if (!Fill()) {
      return ReadFailed(number_ + 1, display_name_, std::strerror(errno));
    }
  }
}

}  // namespace tracedoc::read
