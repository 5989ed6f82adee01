#include "read/line_blocks.hpp"

#include <cstring>
#include <string_view>
#include <utility>

namespace tracedoc::read {
namespace {

// The position after the last `\n` of bytes[from, size), or 0 when there is none.
std::size_t EndOfLastLine(const util::RecordBuffer<char>& bytes, std::size_t from) {
  const std::size_t last = std::string_view(bytes.data() + from, bytes.size() - from).rfind('\n');
  return last == std::string_view::npos ? 0 : from + last + 1;
}

}  // namespace

bool BufferBlocks::Next(LineBlock& block) {
  if (rest_.empty()) return false;
  std::size_t end = rest_.size();
  if (rest_.size() > block_bytes_) {
    const std::size_t newline = rest_.find('\n', block_bytes_ - 1);
    if (newline != std::string_view::npos) end = newline + 1;
  }
  block.owned.clear();
  block.bytes = rest_.substr(0, end);
  block.read_failure.reset();
  rest_.remove_prefix(end);
  return true;
}

bool StreamBlocks::Next(LineBlock& block) {
  if (done_) return false;
  util::RecordBuffer<char>& bytes = block.owned;
  std::swap(bytes, carry_);  // the carried line start holds no `\n`
  carry_.clear();
  block.read_failure.reset();
  for (;;) {
    const std::size_t scanned = bytes.size();
    bytes.ResizeForOverwrite(scanned + block_bytes_);
    const std::size_t got = source_.Read(bytes.data() + scanned, block_bytes_);
    bytes.ResizeForOverwrite(scanned + got);
    if (got == 0) {
      done_ = true;
      if (source_.failure()) {
        // The complete lines are still folded, then the read fails at the next line.
        block.read_failure = source_.failure();
        bytes.ResizeForOverwrite(EndOfLastLine(bytes, 0));
      }
      block.bytes = std::string_view(bytes.data(), bytes.size());
      return !bytes.empty() || block.read_failure.has_value();
    }
    // Only the new bytes can hold a `\n`: what came before was searched already.
    const std::size_t end = EndOfLastLine(bytes, scanned);
    if (end != 0) {
      carry_.ResizeForOverwrite(bytes.size() - end);
      if (!carry_.empty()) std::memcpy(carry_.data(), bytes.data() + end, carry_.size());
      bytes.ResizeForOverwrite(end);
      block.bytes = std::string_view(bytes.data(), bytes.size());
      return true;
    }
    if (bytes.size() > max_line_bytes_) {
      done_ = true;
      block.bytes = std::string_view(bytes.data(), bytes.size());
      return true;
    }
  }
}

}  // namespace tracedoc::read
