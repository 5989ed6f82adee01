// Where a read's bytes come from: a stdio stream, a caller's buffer, or a decompressor over one
// of them (read/decompression.hpp), each behind one small interface, so that the line blocks
// (read/line_blocks.hpp) and format detection see the same decoded bytes whatever the input.
#pragma once

#include <cstddef>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "tracedoc/error.hpp"

namespace tracedoc::read {

/// Why a source ended before its input did: io_error for a failed read or corrupt compressed
/// data, limit_exceeded for compressed data that asks for more memory than a read allows.
struct SourceFailure {
  ErrorCode code = ErrorCode::kIoError;
  std::string reason;
};

class ByteSource {
 public:
  ByteSource() = default;
  ByteSource(const ByteSource&) = delete;
  ByteSource& operator=(const ByteSource&) = delete;
  virtual ~ByteSource() = default;

  /// Up to `size` bytes into `out`. 0 only at the end of the input or when it failed; then
  /// failure() says which.
  virtual std::size_t Read(char* out, std::size_t size) = 0;
  const std::optional<SourceFailure>& failure() const { return failure_; }

 protected:
  std::optional<SourceFailure> failure_;
};

struct FileCloser {
  void operator()(std::FILE* file) const { std::fclose(file); }
};
using OwnedFile = std::unique_ptr<std::FILE, FileCloser>;

/// A stdio stream: a file it owns, or one it does not (standard input).
class StdioSource final : public ByteSource {
 public:
  explicit StdioSource(OwnedFile file) : owned_(std::move(file)), stream_(owned_.get()) {}
  explicit StdioSource(std::FILE* borrowed) : stream_(borrowed) {}
  std::size_t Read(char* out, std::size_t size) override;

 private:
  OwnedFile owned_;
  std::FILE* stream_;
};

/// A buffer the caller owns and keeps alive.
class BufferSource final : public ByteSource {
 public:
  explicit BufferSource(std::string_view bytes) : rest_(bytes) {}
  std::size_t Read(char* out, std::size_t size) override;

 private:
  std::string_view rest_;
};

/// Another source whose first bytes can be looked at before they are read: what a pipe, which
/// cannot be read twice, needs for its format and its compression to be recognized.
class PeekableSource final : public ByteSource {
 public:
  explicit PeekableSource(std::unique_ptr<ByteSource> inner) : inner_(std::move(inner)) {}

  /// The next `size` bytes (fewer at the end or on a failure), kept to be read again.
  std::string_view Peek(std::size_t size);
  std::size_t Read(char* out, std::size_t size) override;

 private:
  std::unique_ptr<ByteSource> inner_;
  std::string kept_;
  std::size_t kept_from_ = 0;  // kept_[kept_from_, size) is not read yet
};

}  // namespace tracedoc::read
