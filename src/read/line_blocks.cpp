#include "read/line_blocks.hpp"

#include <cerrno>
#include <cstring>
#include <string_view>

namespace tracedoc::read {

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
  std::string& bytes = block.owned;
  bytes.swap(carry_);  // the carried line start holds no `\n`
  carry_.clear();
  block.read_failure.reset();
  for (;;) {
    const std::size_t scanned = bytes.size();
    bytes.resize(scanned + block_bytes_);
    const std::size_t got = std::fread(bytes.data() + scanned, 1, block_bytes_, stream_);
    bytes.resize(scanned + got);
    if (got == 0) {
      done_ = true;
      if (std::ferror(stream_)) {
        // The complete lines are still folded, then the read fails at the next line.
        block.read_failure = std::strerror(errno);
        const std::size_t last = bytes.rfind('\n');
        bytes.resize(last == std::string::npos ? 0 : last + 1);
      }
      block.bytes = bytes;
      return !bytes.empty() || block.read_failure.has_value();
    }
    // Only the new bytes can hold a `\n`: what came before was searched already.
    const std::size_t last = std::string_view(bytes.data() + scanned, got).rfind('\n');
    if (last != std::string_view::npos) {
      const std::size_t end = scanned + last + 1;
      carry_.assign(bytes, end);
      bytes.resize(end);
      block.bytes = bytes;
      return true;
    }
    if (bytes.size() > max_line_bytes_) {
      done_ = true;
      block.bytes = bytes;
      return true;
    }
  }
}

}  // namespace tracedoc::read
