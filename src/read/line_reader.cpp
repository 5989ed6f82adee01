// Line splitting over a buffer.
#include "read/line_reader.hpp"

#include <cstring>

#include "read/read_errors.hpp"

namespace tracedoc::read {
namespace {

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

}  // namespace tracedoc::read
