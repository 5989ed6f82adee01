#include "read/byte_source.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace tracedoc::read {

std::size_t StdioSource::Read(char* out, std::size_t size) {
  const std::size_t got = std::fread(out, 1, size, stream_);
  if (got == 0 && std::ferror(stream_)) failure_ = SourceFailure{ErrorCode::kIoError, std::strerror(errno)};
  return got;
}

std::size_t BufferSource::Read(char* out, std::size_t size) {
  const std::size_t got = std::min(size, rest_.size());
  if (got != 0) std::memcpy(out, rest_.data(), got);
  rest_.remove_prefix(got);
  return got;
}

std::string_view PeekableSource::Peek(std::size_t size) {
  if (kept_from_ != 0) {
    kept_.erase(0, kept_from_);
    kept_from_ = 0;
  }
  while (kept_.size() < size) {
    const std::size_t had = kept_.size();
    kept_.resize(size);
    const std::size_t got = inner_->Read(kept_.data() + had, size - had);
    kept_.resize(had + got);
    if (got == 0) {
      failure_ = inner_->failure();
      break;
    }
  }
  return std::string_view(kept_).substr(0, size);
}

std::size_t PeekableSource::Read(char* out, std::size_t size) {
  if (kept_from_ < kept_.size()) {
    const std::size_t got = std::min(size, kept_.size() - kept_from_);
    std::memcpy(out, kept_.data() + kept_from_, got);
    kept_from_ += got;
    if (kept_from_ == kept_.size()) {
      // The peeked bytes are read: give their memory back (a format probe keeps 1 MiB).
      std::string().swap(kept_);
      kept_from_ = 0;
    }
    return got;
  }
  const std::size_t got = inner_->Read(out, size);
  if (got == 0) failure_ = inner_->failure();
  return got;
}

}  // namespace tracedoc::read
